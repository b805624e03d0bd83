import type { Logger } from './env.ts'

/** One JSON line per event on stdout/stderr: easy to read and to ship to a log store. */
export function consoleLogger(name = 'kirari'): Logger {
  const line = (level: string, message: string, fields?: Record<string, unknown>) =>
    JSON.stringify({ time: new Date().toISOString(), level, name, message, ...fields })
  return {
    info: (message, fields) => console.log(line('info', message, fields)),
    error: (message, fields) => console.error(line('error', message, fields)),
  }
}

export const silentLogger: Logger = { info() {}, error() {} }
