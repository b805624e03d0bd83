import type { ReactNode } from 'react'
import { useT } from '../app-context.tsx'
import { ErrorBanner } from '../components/ErrorBanner.tsx'
import { Footer } from '../components/Footer.tsx'
import { Header } from '../components/Header.tsx'

/** Header, error banner, page, footer: every page that is not a room. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const { t } = useT()
  return (
    <div className="layout layout--default">
      <a className="skip-link" href="#main">
        {t('site.skipToContent')}
      </a>
      <Header />
      <ErrorBanner />
      <main id="main" className="page">
        {children}
      </main>
      <Footer />
    </div>
  )
}
