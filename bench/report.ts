import fs from 'node:fs'
import path from 'node:path'

/** One measured figure, its target and whether it was met. */
export interface Measure {
  name: string
  value: number
  unit: string
  /** What the figure must stay at or under ('max') or reach ('min'); none: reported only. */
  target?: { kind: 'max' | 'min'; value: number }
}

export interface BenchResult {
  name: string
  description: string
  quick: boolean
  at: string
  measures: Measure[]
}

export const met = (m: Measure) =>
  !m.target || (m.target.kind === 'max' ? m.value <= m.target.value : m.value >= m.target.value)

const round = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(n < 10 ? 2 : 1))

/** The results as a markdown table: bench, measure, value, target, met. */
export function markdownTable(results: readonly BenchResult[]): string {
  const lines = ['| bench | measure | value | target | |', '|---|---|---:|---|---|']
  for (const r of results) {
    for (const m of r.measures) {
      const target = m.target
        ? `${m.target.kind === 'max' ? '≤' : '≥'} ${round(m.target.value)}`
        : ''
      lines.push(
        `| ${r.name} | ${m.name} | ${round(m.value)} ${m.unit} | ${target} | ${m.target ? (met(m) ? '✓' : '✗') : ''} |`,
      )
    }
  }
  return lines.join('\n')
}

/** Writes bench/results/<name>.json for each result and bench/results/latest.md for the table. */
export function writeResults(results: readonly BenchResult[]): string {
  const dir = path.resolve(import.meta.dirname, 'results')
  fs.mkdirSync(dir, { recursive: true })
  for (const r of results) {
    fs.writeFileSync(path.join(dir, `${r.name}.json`), JSON.stringify(r, null, 2) + '\n')
  }
  const table = markdownTable(results)
  fs.writeFileSync(path.join(dir, 'latest.md'), table + '\n')
  return table
}
