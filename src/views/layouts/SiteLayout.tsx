import type { ReactNode } from 'react'
import { useT } from '../app-context.tsx'
import { ErrorBanner } from '../components/ErrorBanner.tsx'
import { Footer } from '../components/Footer.tsx'
import { Header } from '../components/Header.tsx'
import './layouts.css'

/** A route's layout (its `staticData.layout`, src/router-context.ts). */
export type LayoutKind = 'default' | 'room' | 'lite'

const MAIN_CLASS: Record<LayoutKind, string> = {
  default: 'page',
  room: 'room-page',
  lite: 'room-page room-page--lite',
}

/**
 * The page around every route:
 * - `default`: header, error banner, page, footer — every page that is not a room;
 * - `room`: a compact header and the full width for the player and comments;
 * - `lite` (SPEC §1 'lite-room'): no site header or footer, the room fills the window.
 */
export function SiteLayout({ kind, children }: { kind: LayoutKind; children: ReactNode }) {
  const { t } = useT()
  return (
    <div className={`layout layout--${kind}`}>
      <a className="skip-link" href="#main">
        {t('site.skipToContent')}
      </a>
      {kind !== 'lite' && <Header compact={kind === 'room'} />}
      <ErrorBanner />
      <main id="main" className={MAIN_CLASS[kind]}>
        {children}
      </main>
      {kind === 'default' && <Footer />}
    </div>
  )
}
