import type { ReactNode } from 'react'
import { useT } from '../app-context.tsx'
import { ErrorBanner } from '../components/ErrorBanner.tsx'
import { Footer } from '../components/Footer.tsx'
import { Header } from '../components/Header.tsx'
import './layouts.css'

/** A route's layout (its `staticData.layout`, src/router-context.ts). */
export type LayoutKind = 'default' | 'room' | 'lite' | 'lp' | 'virtual' | 'hc'

const MAIN_CLASS: Record<LayoutKind, string> = {
  default: 'page',
  room: 'room-page',
  lite: 'room-page room-page--lite',
  lp: 'lp-page',
  virtual: 'page virtual-page',
  hc: 'room-page room-page--hc',
}

/**
 * The page around every route:
 * - `default`: header, error banner, page, footer — every page that is not a room;
 * - `room`: a compact header and the full width for the player and comments;
 * - `lite` (SPEC §1 'lite-room'): no site header or footer, the room fills the window;
 * - `lp`: campaign pages (issue #22): header and footer around the full width, where the
 *   campaign draws its own layout (`lp`, `oshihajime`, `povo`, …: src/views/campaign);
 * - `virtual`: the virtual livers' corner, the default frame in its own colours;
 * - `hc` (/r/hc): no site header or footer, one room after another across the window.
 */
export function SiteLayout({ kind, children }: { kind: LayoutKind; children: ReactNode }) {
  const { t } = useT()
  return (
    <div className={`layout layout--${kind}`}>
      <a className="skip-link" href="#main">
        {t('site.skipToContent')}
      </a>
      {kind !== 'lite' && kind !== 'hc' && <Header compact={kind === 'room'} />}
      <ErrorBanner />
      <main id="main" className={MAIN_CLASS[kind]}>
        {children}
      </main>
      {(kind === 'default' || kind === 'lp' || kind === 'virtual') && <Footer />}
    </div>
  )
}
