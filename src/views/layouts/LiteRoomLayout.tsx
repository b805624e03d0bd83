import type { ReactNode } from 'react'
import { useT } from '../app-context.tsx'
import { ErrorBanner } from '../components/ErrorBanner.tsx'

/** SPEC §1 'lite-room' layout: no site header or footer, the room fills the window. */
export function LiteRoomLayout({ children }: { children: ReactNode }) {
  const { t } = useT()
  return (
    <div className="layout layout--lite">
      <a className="skip-link" href="#main">
        {t('site.skipToContent')}
      </a>
      <ErrorBanner />
      <main id="main" className="room-page room-page--lite">
        {children}
      </main>
    </div>
  )
}
