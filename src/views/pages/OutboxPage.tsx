import { useT } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import './pages.css'

export interface OutboxMessage {
  id: number
  channel: 'sms' | 'mail'
  recipient: string
  subject: string
  body: string
  created_at: number
}

/** /dev/outbox: what the local SMS and mail provider "sent" (development and demo only). */
export function OutboxPage({
  messages,
  onRefresh,
}: {
  messages: OutboxMessage[]
  onRefresh: () => void
}) {
  const { t } = useT()
  useDocumentTitle(t('outbox.title'))
  return (
    <section className="outbox" aria-labelledby="outbox-title">
      <h1 id="outbox-title">{t('outbox.title')}</h1>
      <p>{t('outbox.help')}</p>
      <button type="button" className="button button--ghost" onClick={onRefresh}>
        {t('common.retry')}
      </button>
      {messages.length === 0 ? (
        <p>{t('outbox.empty')}</p>
      ) : (
        <ul className="outbox__list">
          {messages.map((m) => (
            <li key={m.id} className="outbox__item" data-testid="outbox-message">
              <p className="outbox__meta">
                <strong>{m.channel.toUpperCase()}</strong> → {m.recipient} ·{' '}
                {new Date(m.created_at * 1000).toLocaleString()}
              </p>
              {m.subject && <p className="outbox__subject">{m.subject}</p>}
              <pre className="outbox__body">{m.body}</pre>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
