import { Link } from '@tanstack/react-router'
import { useT } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import './pages.css'

/** SPEC.md §8: 'Page Not Found' and the path that was asked for. */
export function NotFoundPage({ path }: { path: string }) {
  const { t } = useT()
  useDocumentTitle(`${t('notFound.title')} ${path}`)
  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <p className="status-page__code">404</p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p className="status-page__path">
        <code>{path}</code>
      </p>
      <p>{t('notFound.message')}</p>
      <Link to="/" className="button button--primary">
        {t('common.backHome')}
      </Link>
    </section>
  )
}
