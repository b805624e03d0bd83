import type { RoomMemoryAnswer } from '../../contract/memory.ts'
import { useT } from '../app-context.tsx'

const WIDTH = 360
const HEIGHT = 200
const BASE = 170
const TOP = 20
const SLOT = WIDTH / 12

/** Each month's score as a bar (plain SVG), tallest month to the top; each bar titled. */
export function MonthChart({
  months,
  titleId,
}: {
  months: RoomMemoryAnswer['months']
  titleId: string
}) {
  const { t, locale } = useT()
  const scores = Array.from(
    { length: 12 },
    (_, i) => months.find((m) => m.month === i + 1)?.score ?? 0,
  )
  const max = Math.max(1, ...scores)
  const number = (n: number) => new Intl.NumberFormat(locale).format(n)
  return (
    <>
      <svg
        className="month-chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        data-testid="memory-chart"
      >
        <line className="month-chart__axis" x1={0} y1={BASE} x2={WIDTH} y2={BASE} />
        {scores.map((score, i) => {
          const height = ((BASE - TOP) * score) / max
          return (
            <g key={i}>
              <rect
                className="month-chart__bar"
                x={i * SLOT + 5}
                y={BASE - height}
                width={SLOT - 10}
                height={height}
                data-month={i + 1}
                data-score={score}
              >
                <title>{t('memory.monthScore', { month: i + 1, score: number(score) })}</title>
              </rect>
              <text className="month-chart__label" x={i * SLOT + SLOT / 2} y={HEIGHT - 8}>
                {i + 1}
              </text>
            </g>
          )
        })}
      </svg>
      <ul className="visually-hidden">
        {scores.map((score, i) => (
          <li key={i}>{t('memory.monthScore', { month: i + 1, score: number(score) })}</li>
        ))}
      </ul>
    </>
  )
}
