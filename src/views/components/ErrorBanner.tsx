import { useApp, useAppActor, useT } from '../app-context.tsx'
import './error-banner.css'

/** SPEC.md §4 error state: the flag and its message, until the user dismisses it. */
export function ErrorBanner() {
  const app = useAppActor()
  const { t } = useT()
  const key = useApp((s) => s.context.error?.key ?? null)
  if (!key) return null
  return (
    <div className="error-banner" role="alert">
      <span>{t(key)}</span>
      <button
        type="button"
        className="button button--ghost"
        onClick={() => app.send({ type: 'error.dismiss' })}
      >
        {t('common.dismiss')}
      </button>
    </div>
  )
}
