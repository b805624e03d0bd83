import { Link } from '@tanstack/react-router'
import { useT } from '../app-context.tsx'
import './footer.css'

export function Footer() {
  const { t } = useT()
  return (
    <footer className="site-footer">
      <nav aria-label="footer">
        <Link to="/terms">{t('nav.terms')}</Link>
        <Link to="/privacypolicy">{t('nav.privacypolicy')}</Link>
        <Link to="/tokusho">{t('nav.tokusho')}</Link>
        <Link to="/licence">{t('nav.licence')}</Link>
        <Link to="/logo_guideline">{t('nav.logo_guideline')}</Link>
        <Link to="/inquiry">{t('nav.inquiry')}</Link>
        <Link to="/opinion/new">{t('nav.opinion')}</Link>
      </nav>
      <p>{t('footer.copyright')}</p>
    </footer>
  )
}
