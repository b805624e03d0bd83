import type { ReactNode } from 'react'
import { useT } from '../app-context.tsx'
import { ErrorBanner } from '../components/ErrorBanner.tsx'
import { Header } from '../components/Header.tsx'

/** The live room: a compact header and the full width for the player and comments. */
export function RoomLayout({ children }: { children: ReactNode }) {
  const { t } = useT()
  return (
    <div className="layout layout--room">
      <a className="skip-link" href="#main">
        {t('site.skipToContent')}
      </a>
      <Header compact />
      <ErrorBanner />
      <main id="main" className="room-page">
        {children}
      </main>
    </div>
  )
}
