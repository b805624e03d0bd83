import fs from 'node:fs'
import { WALKS_DIR } from './graph-walk.ts'

/** Each test run records its graph walks afresh (test/graph-coverage.ts reads them). */
export default function setup() {
  fs.rmSync(WALKS_DIR, { recursive: true, force: true })
}
