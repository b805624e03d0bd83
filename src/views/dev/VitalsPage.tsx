import type { CSSProperties } from 'react'
import type { VitalSummary } from '../../contract/vitals.ts'
import { VITAL_METRICS, type VitalMetric } from '../../domain/vitals.ts'
import { languageTag } from '../../domain/locale.ts'
import { useT } from '../app-context.tsx'
import { formatTokyo } from '../tokyo-time.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import {
  VITAL_THRESHOLDS,
  VITAL_UNIT,
  barPercent,
  formatVitalNumber,
  rateVital,
  vitalScale,
} from './vitals-scale.ts'
import './dev-pages.css'

/** /dev/vitals: the app's vitals over the last hour, p50/p75/p95 per route (development only). */
export function VitalsPage({
  since,
  vitals,
  onRefresh,
}: {
  since: number
  vitals: VitalSummary[]
  onRefresh: () => void
}) {
  const { t, locale } = useT()
  useDocumentTitle(t('devVitals.title'))
  const metrics = VITAL_METRICS.filter((m) => vitals.some((v) => v.metric === m))
  return (
    <section className="dev-page" aria-labelledby="dev-vitals-title">
      <h1 id="dev-vitals-title">{t('devVitals.title')}</h1>
      <p>{t('devVitals.help', { time: formatTokyo(since, locale) })}</p>
      <button type="button" className="button button--ghost" onClick={onRefresh}>
        {t('common.retry')}
      </button>
      {metrics.length === 0 ? (
        <p className="dev-page__empty">{t('devVitals.empty')}</p>
      ) : (
        metrics.map((metric) => (
          <MetricSection
            key={metric}
            metric={metric}
            rows={vitals.filter((v) => v.metric === metric)}
          />
        ))
      )}
    </section>
  )
}

const PERCENTILES = ['p50', 'p75', 'p95'] as const

function MetricSection({ metric, rows }: { metric: VitalMetric; rows: VitalSummary[] }) {
  const { t, locale } = useT()
  const tag = languageTag(locale)
  const unit = VITAL_UNIT[metric]
  const limits = VITAL_THRESHOLDS[metric]
  const scale = vitalScale(metric, rows)
  const headingId = `dev-vitals-${metric}`
  const show = (value: number) => {
    const number = formatVitalNumber(metric, value, tag)
    return unit === 'ms' ? t('devVitals.ms', { value: number }) : number
  }
  const marker = limits
    ? ({ '--vital-good': `${barPercent(limits.good, scale)}%` } as CSSProperties)
    : undefined
  return (
    <section className="dev-vitals" aria-labelledby={headingId} data-testid={`vitals-${metric}`}>
      <h2 id={headingId} className="dev-vitals__title">
        {metric} <span className="dev-vitals__name">{t(`devVitals.metric.${metric}`)}</span>
      </h2>
      <p className="dev-vitals__meta">
        {t(`devVitals.unit.${unit}`)}
        {limits &&
          ` · ${t('devVitals.thresholds', { good: show(limits.good), poor: show(limits.poor) })}`}
      </p>
      <table className="dev-vitals__table" aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col" className="dev-vitals__route-col">
              {t('devVitals.route')}
            </th>
            <th scope="col">{t('devVitals.percentiles')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.route} data-testid="vital-row">
              <th scope="row" className="dev-vitals__route">
                <code>{row.route}</code>
                <span className="dev-vitals__count">
                  {t('devVitals.samples', { count: row.count })}
                </span>
              </th>
              <td>
                <ul className="vital-bars">
                  {PERCENTILES.map((p) => {
                    const rating = rateVital(metric, row[p])
                    return (
                      <li
                        key={p}
                        className={`vital-bar${rating ? ` vital-bar--${rating}` : ''}`}
                        data-testid={`vital-${p}`}
                      >
                        <span className="vital-bar__label">{p}</span>
                        <span className="vital-bar__value">
                          {show(row[p])}
                          {rating && (
                            <span className="vital-bar__rating">
                              {' · '}
                              {t(`devVitals.rating.${rating}`)}
                            </span>
                          )}
                        </span>
                        <span
                          className={`vital-bar__track${marker ? ' vital-bar__track--marked' : ''}`}
                          style={marker}
                          aria-hidden="true"
                        >
                          <span
                            className="vital-bar__fill"
                            style={{ width: `${barPercent(row[p], scale)}%` }}
                          />
                        </span>
                      </li>
                    )
                  })}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
