import type { ReactNode } from 'react'
import { useT } from '../app-context.tsx'

/** A page whose data could not be loaded: what failed, and a button to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useT()
  return (
    <section className="shop">
      <p role="alert">{message}</p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </section>
  )
}

/** A status page inside the layout (404, 403): the code, what it means here, and a way on. */
export function StatusPage({
  code,
  title,
  children,
}: {
  code: number
  title: string
  children?: ReactNode
}) {
  return (
    <section className="status-page">
      <p className="status-page__code">{code}</p>
      <h1>{title}</h1>
      {children}
    </section>
  )
}
