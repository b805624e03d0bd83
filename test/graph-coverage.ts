/**
 * `npm test` prints, per machine of src/machines, the states and transitions the model-based
 * tests reached (all their walks together), and fails when a machine is below 100% unless a
 * written reason sits beside it: src/machines/<dir>/COVERAGE.md.
 */
import fs from 'node:fs'
import path from 'node:path'
import { MACHINES } from '../src/machines/registry.ts'
import { WALKS_DIR, mergeWalks, type WalkResult } from './model/graph-walk.ts'

const root = path.resolve(import.meta.dirname, '..')
const files = fs.existsSync(WALKS_DIR) ? fs.readdirSync(WALKS_DIR) : []
const walks = files.map(
  (f) => JSON.parse(fs.readFileSync(path.join(WALKS_DIR, f), 'utf8')) as WalkResult,
)
if (walks.length === 0) {
  console.error('graph coverage: no walks recorded; run the model tests first (npm run test:unit)')
  process.exit(1)
}

const pct = (a: number, b: number) => (b === 0 ? 100 : (100 * a) / b)
const rows: string[] = []
const failures: string[] = []
for (const { dir, machine } of MACHINES) {
  const mine = walks.filter((w) => w.machine === machine.id)
  const reasonFile = path.join(root, 'src/machines', dir, 'COVERAGE.md')
  const reason = fs.existsSync(reasonFile)
    ? fs.readFileSync(reasonFile, 'utf8').trim().split('\n')[0]
    : null
  if (mine.length === 0) {
    rows.push(`| ${machine.id} | — | — | 0 | ${reason ?? '**not walked**'} |`)
    if (!reason) failures.push(`${machine.id}: no model-based test walks it`)
    continue
  }
  const merged = mergeWalks(mine)
  const s = pct(merged.states.reached, merged.states.total)
  const t = pct(merged.transitions.reached, merged.transitions.total)
  const full = merged.states.missing.length === 0 && merged.transitions.missing.length === 0
  rows.push(
    `| ${machine.id} | ${merged.states.reached}/${merged.states.total} (${s.toFixed(1)}%) | ${merged.transitions.reached}/${merged.transitions.total} (${t.toFixed(1)}%) | ${mine.length} | ${full ? '' : (reason ?? '**below 100%**')} |`,
  )
  if (!full && !reason) {
    failures.push(
      `${machine.id}: not reached:\n${[...merged.states.missing, ...merged.transitions.missing].map((m) => `    ${m}`).join('\n')}`,
    )
  }
}

console.log('\nGraph coverage of the model-based tests\n')
console.log('| machine | states | transitions | walks | note |')
console.log('| --- | --- | --- | --- | --- |')
for (const row of rows) console.log(row)
if (failures.length > 0) {
  console.error(
    `\n${failures.length} machine(s) below 100% without a reason in src/machines/<dir>/COVERAGE.md:\n${failures.join('\n')}`,
  )
  process.exit(1)
}
console.log(`\nEvery machine at 100% or with its reason written beside it (${walks.length} walks).`)
