import { useT } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'

export const INQUIRY_PATH = '/inquiry'

/** SPEC.md §2 error screen: the status, a word for error, what to do, a way home. */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useT()
  useDocumentTitle(`${status} ${t('errorPage.word')}`)
  return (
    <section className="status-page" aria-labelledby="error-title">
      <p className="status-page__code">{status}</p>
      <h1 id="error-title">{t('errorPage.word')}</h1>
      {status === 404 ? (
        <p>{t('errorPage.notFound')}</p>
      ) : status === 403 ? (
        <p>{t('errorPage.forbidden')}</p>
      ) : (
        <p>
          {t('errorPage.other')} <a href={INQUIRY_PATH}>{t('errorPage.inquiry')}</a>
        </p>
      )}
      {/* A plain link: after an error the router may be in a bad state, so reload from '/'. */}
      <a href="/" className="button button--primary">
        {t('common.backHome')}
      </a>
    </section>
  )
}
