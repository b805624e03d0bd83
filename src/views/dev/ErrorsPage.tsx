import type { ErrorGroupEntry } from '../../contract/dev.ts'
import { useT } from '../app-context.tsx'
import { formatTokyo } from '../tokyo-time.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import { sampleExceptions } from './sample-frames.ts'
import './dev-pages.css'

/** /dev/errors: the error groups the collector stored (development and demo only). */
export function ErrorsPage({
  groups,
  onRefresh,
}: {
  groups: ErrorGroupEntry[]
  onRefresh: () => void
}) {
  const { t } = useT()
  useDocumentTitle(t('devErrors.title'))
  return (
    <section className="dev-page" aria-labelledby="dev-errors-title">
      <h1 id="dev-errors-title">{t('devErrors.title')}</h1>
      <p>{t('devErrors.help')}</p>
      <button type="button" className="button button--ghost" onClick={onRefresh}>
        {t('common.retry')}
      </button>
      {groups.length === 0 ? (
        <p className="dev-page__empty">{t('devErrors.empty')}</p>
      ) : (
        <ul className="dev-errors">
          {groups.map((g) => (
            <ErrorGroupItem key={g.id} group={g} />
          ))}
        </ul>
      )}
    </section>
  )
}

function ErrorGroupItem({ group: g }: { group: ErrorGroupEntry }) {
  const { t, locale } = useT()
  const titleId = `dev-error-${g.id}`
  const exceptions = sampleExceptions(g.sample)
  const frameCount = exceptions.reduce((n, e) => n + e.frames.length, 0)
  const serious = g.level === 'error' || g.level === 'fatal'
  return (
    <li className="dev-error" data-testid="error-group">
      <p className="dev-error__badges">
        <span className={`dev-badge dev-badge--${g.source}`}>
          {t(`devErrors.source.${g.source}`)}
        </span>
        {g.level && (
          <span className={`dev-badge ${serious ? 'dev-badge--serious' : 'dev-badge--level'}`}>
            {g.level}
          </span>
        )}
        <span className="dev-error__count">{t('devErrors.count', { count: g.count })}</span>
      </p>
      <h2 id={titleId} className="dev-error__title">
        {g.title}
      </h2>
      {g.culprit && <p className="dev-error__culprit">{g.culprit}</p>}
      <dl className="dev-error__facts">
        <div>
          <dt>{t('devErrors.firstSeen')}</dt>
          <dd>{formatTokyo(g.first_seen, locale)}</dd>
        </div>
        <div>
          <dt>{t('devErrors.lastSeen')}</dt>
          <dd>{formatTokyo(g.last_seen, locale)}</dd>
        </div>
        <div>
          <dt>{t('devErrors.environment')}</dt>
          <dd>{g.environment || '—'}</dd>
        </div>
        <div>
          <dt>{t('devErrors.release')}</dt>
          <dd>{g.release || '—'}</dd>
        </div>
      </dl>
      <details className="dev-error__sample">
        <summary>{t('devErrors.frames', { count: frameCount })}</summary>
        {exceptions.length === 0 ? (
          <p>{t('devErrors.noFrames')}</p>
        ) : (
          exceptions.map((e, i) => (
            <div key={i} className="dev-error__exception">
              <p className="dev-error__exception-title">
                {e.type && <strong>{e.type}</strong>}
                {e.type && e.value && ': '}
                {e.value}
              </p>
              {e.frames.length === 0 ? (
                <p>{t('devErrors.noFrames')}</p>
              ) : (
                <ol className="dev-error__frames">
                  {e.frames.map((f, j) => (
                    <li
                      key={j}
                      className={f.inApp ? 'dev-frame' : 'dev-frame dev-frame--library'}
                      data-testid="error-frame"
                    >
                      <code className="dev-frame__fn">{f.fn}</code>{' '}
                      <code className="dev-frame__at">{f.location}</code>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          ))
        )}
      </details>
    </li>
  )
}
