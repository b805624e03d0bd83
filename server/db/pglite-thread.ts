import { Worker } from 'node:worker_threads'
import type { PGliteInterface } from '@electric-sql/pglite'

/** One statement's answer, as the pool hands it to Kysely. */
export interface SqlResult {
  rows: unknown[]
  affectedRows: number
}

/**
 * What the pool (pglite-pool.ts) needs of a PGlite: a statement with parameters, a script
 * (several statements, no parameters: migrations), and closing. `first` is a statement to run
 * just before (a transaction's `begin`), sent along rather than waited for on its own.
 */
export interface SqlRunner {
  query(sql: string, params: readonly unknown[], first?: string): Promise<SqlResult>
  exec(sql: string, first?: string): Promise<SqlResult>
  close(): Promise<void>
}

export type SqlRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; first?: string | undefined }
  | { id: number; op: 'exec'; sql: string; first?: string | undefined }
  | { id: number; op: 'close' }

/** A PostgreSQL error as it crosses the thread: the message and pg's fields. */
export interface SqlFailure {
  message: string
  code?: string
  detail?: string
  constraint?: string
  table?: string
  column?: string
  severity?: string
}

type Unnumbered = SqlRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never

export type SqlReply =
  { id: number; ok: true; result: SqlResult } | { id: number; ok: false; error: SqlFailure }

/** A PGlite in this thread (tests clone a migrated template this way). */
export function inThisThread(lite: PGliteInterface): SqlRunner {
  return {
    async query(sql, params, first) {
      if (first) await lite.exec(first)
      const result = await lite.query(sql, params as unknown[])
      return { rows: result.rows, affectedRows: result.affectedRows ?? result.rows.length }
    },
    async exec(sql, first) {
      if (first) await lite.exec(first)
      const last = (await lite.exec(sql)).at(-1)
      return { rows: last?.rows ?? [], affectedRows: last?.affectedRows ?? 0 }
    },
    close: () => lite.close(),
  }
}

/**
 * A PGlite in a worker thread of its own (pglite-worker.ts). PGlite computes every statement on
 * the thread that runs it: in the server's thread, a burst of gifts would hold back every request
 * queued behind its statements, though those requests need no database at all. Rows and
 * parameters cross by structured clone (dates, byte arrays and big integers intact); an error
 * comes back with its PostgreSQL code, so `23505` still reads as a unique violation.
 */
export function inWorkerThread(
  dataDir: string,
  onLost?: (error: Error) => void,
): SqlRunner & { thread: Worker } {
  // The worker is TypeScript too: it registers tsx, as the server is run, and then loads.
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'))
  const entry = JSON.stringify(new URL('./pglite-worker.ts', import.meta.url).href)
  const worker = new Worker(
    `import(${tsx}).then((tsx) => { tsx.register(); return import(${entry}) })`,
    { eval: true, workerData: { dataDir } },
  )
  const pending = new Map<number, { resolve(r: SqlResult): void; reject(e: Error): void }>()
  let next = 0
  let died: Error | null = null
  let closing = false
  const failAll = (error: Error) => {
    if (died) return
    died = error
    for (const call of pending.values()) call.reject(error)
    pending.clear()
    // A thread that stops unasked (a crash in PGlite, out of memory) is told once.
    if (!closing) onLost?.(error)
  }
  worker.on('message', (reply: SqlReply) => {
    const call = pending.get(reply.id)
    if (!call) return
    pending.delete(reply.id)
    if (reply.ok) call.resolve(reply.result)
    else call.reject(Object.assign(new Error(reply.error.message), reply.error))
  })
  worker.on('error', failAll)
  worker.on('exit', (code) => failAll(new Error(`the PGlite thread stopped (exit code ${code})`)))
  // The thread keeps the process alive until close(). Marking it idle between statements
  // (ref/unref per call) halved the gifts a second it could take.
  const call = (request: Unnumbered): Promise<SqlResult> => {
    if (died) return Promise.reject(died)
    const id = ++next
    return new Promise<SqlResult>((resolve, reject) => {
      pending.set(id, { resolve, reject })
      worker.postMessage({ ...request, id })
    })
  }
  return {
    query: (sql, params, first) => call({ op: 'query', sql, params: [...params], first }),
    exec: (sql, first) => call({ op: 'exec', sql, first }),
    async close() {
      if (died) return
      closing = true
      await call({ op: 'close' })
      await worker.terminate()
    },
    thread: worker,
  }
}
