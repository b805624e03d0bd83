import { useT } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'

export function MaintenancePage({
  titleKey = 'maintenance.title',
  headingKey = 'maintenance.heading',
  bodyKey = 'maintenance.body',
}: {
  titleKey?: string
  headingKey?: string
  bodyKey?: string
}) {
  const { t } = useT()
  useDocumentTitle(t(titleKey))
  return (
    <section className="status-page" aria-labelledby="maintenance-title">
      <p className="status-page__code" aria-hidden="true">
        🛠
      </p>
      <h1 id="maintenance-title">{t(headingKey)}</h1>
      <p>{t(bodyKey)}</p>
      <a href="/" className="button button--primary">
        {t('common.retry')}
      </a>
    </section>
  )
}
