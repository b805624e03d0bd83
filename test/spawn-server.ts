import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

export interface SpawnedServer {
  url: string
  child: ChildProcess
  dataDir: string
  /** SIGTERM, wait for the exit, remove the data directory. */
  stop(): Promise<void>
}

/**
 * Starts `server/main.ts` (what `npm start` runs after the build, the demo unless `env` says
 * KIRARI_DEMO=0) and waits for its URL.
 */
export function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-server-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, KIRARI_DEMO: '1', PORT: '0', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in 60 s:\n${log}`)),
      60_000,
    )
    const onData = (chunk: Buffer) => {
      log += chunk.toString()
      const url = /"message":"listening","url":"([^"]+)"/.exec(log)?.[1]
      if (url) {
        clearTimeout(timer)
        resolve({ url, child, dataDir, stop })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${log}`)))
  })
}
