import { createHash } from 'node:crypto'

// The Sentry envelope (https://develop.sentry.dev/sdk/envelopes/) as the browser SDK sends it:
// a JSON header line, then items, each a JSON header line and a payload — `length` bytes when the
// header says so, else up to the next newline. Only `event` items are kept.

/** An event as stored: the fields the collector reads, checked; nothing else is kept. */
export interface ErrorEvent {
  event_id?: string
  timestamp?: number | string
  platform?: string
  level: string
  message?: string
  exception?: { values: ExceptionValue[] }
  environment?: string
  release?: string
  tags?: Record<string, string>
  request?: { url?: string }
  user?: { id?: string }
}

export interface ExceptionValue {
  type?: string
  value?: string
  stacktrace?: { frames: Frame[] }
}

export interface Frame {
  filename?: string
  function?: string
  lineno?: number
  colno?: number
  in_app?: boolean
}

export interface Envelope {
  header: Record<string, unknown>
  events: ErrorEvent[]
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The envelope in `body`, or null when it is not one (a 400). */
export function parseEnvelope(body: Uint8Array): Envelope | null {
  const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  let at = 0
  const line = () => {
    if (at >= buffer.length) return undefined
    let end = buffer.indexOf(0x0a, at)
    if (end < 0) end = buffer.length
    const text = buffer.toString('utf8', at, end)
    at = end + 1
    return text
  }
  const header = parseJson(line() ?? '')
  if (!isObject(header)) return null
  const events: ErrorEvent[] = []
  for (let itemLine = line(); itemLine !== undefined; itemLine = line()) {
    if (itemLine.trim() === '') continue
    const item = parseJson(itemLine)
    if (!isObject(item) || typeof item.type !== 'string') return null
    let payload: string | undefined
    if (typeof item.length === 'number' && Number.isInteger(item.length) && item.length >= 0) {
      if (at + item.length > buffer.length) return null
      payload = buffer.toString('utf8', at, at + item.length)
      at += item.length
      if (buffer[at] === 0x0a) at++
    } else {
      payload = line() ?? ''
    }
    // Sessions, client reports, attachments, transactions: accepted and not kept.
    if (item.type !== 'event') continue
    const event = readEvent(parseJson(payload))
    if (!event) return null
    events.push(event)
  }
  return { header, events }
}

const text = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' ? value.slice(0, max) : undefined
const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined

function readFrame(raw: unknown): Frame {
  const r = isObject(raw) ? raw : {}
  const frame: Frame = {}
  const filename = text(r.filename ?? r.abs_path, 500)
  const fn = text(r.function, 200)
  const lineno = finite(r.lineno)
  const colno = finite(r.colno)
  if (filename !== undefined) frame.filename = filename
  if (fn !== undefined) frame.function = fn
  if (lineno !== undefined) frame.lineno = lineno
  if (colno !== undefined) frame.colno = colno
  if (typeof r.in_app === 'boolean') frame.in_app = r.in_app
  return frame
}

function readException(raw: unknown): ExceptionValue {
  const r = isObject(raw) ? raw : {}
  const value: ExceptionValue = {}
  const type = text(r.type, 200)
  const message = text(r.value, 2000)
  if (type !== undefined) value.type = type
  if (message !== undefined) value.value = message
  const frames = isObject(r.stacktrace) ? r.stacktrace.frames : undefined
  // The innermost frames are last; a runaway recursion keeps its newest 50.
  if (Array.isArray(frames)) value.stacktrace = { frames: frames.slice(-50).map(readFrame) }
  return value
}

/**
 * The fields of an event the collector keeps (no IP address, cookies, headers or breadcrumbs:
 * nothing personal beyond the user id the app chose to send), or undefined when it is not one.
 */
export function readEvent(raw: unknown): ErrorEvent | undefined {
  if (!isObject(raw)) return undefined
  const event: ErrorEvent = { level: text(raw.level, 20) ?? 'error' }
  const id = text(raw.event_id, 64)
  if (id !== undefined) event.event_id = id
  const timestamp = finite(raw.timestamp) ?? text(raw.timestamp, 40)
  if (timestamp !== undefined) event.timestamp = timestamp
  const platform = text(raw.platform, 40)
  if (platform !== undefined) event.platform = platform
  const message = isObject(raw.message)
    ? text(raw.message.formatted ?? raw.message.message, 2000)
    : text(raw.message, 2000)
  if (message !== undefined) event.message = message
  const values = isObject(raw.exception) ? raw.exception.values : undefined
  if (Array.isArray(values)) event.exception = { values: values.slice(-5).map(readException) }
  const environment = text(raw.environment, 64)
  if (environment !== undefined) event.environment = environment
  const release = text(raw.release, 200)
  if (release !== undefined) event.release = release
  if (isObject(raw.tags)) {
    const tags = Object.entries(raw.tags)
      .filter((e): e is [string, string] => typeof e[1] === 'string')
      .slice(0, 20)
      .map(([k, v]) => [k.slice(0, 64), v.slice(0, 200)])
    event.tags = Object.fromEntries(tags) as Record<string, string>
  }
  const url = isObject(raw.request) ? text(raw.request.url, 500) : undefined
  // The address without its query: a query may carry a token or a search.
  if (url !== undefined) event.request = { url: url.split(/[?#]/)[0] ?? '' }
  const user = isObject(raw.user) ? raw.user.id : undefined
  if (typeof user === 'string' || typeof user === 'number') event.user = { id: String(user) }
  return event
}

/** Ids, numbers, hashes and quoted text vary between like errors: out of the grouping. */
export function normalise(message: string): string {
  return message
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/\b[0-9a-f]{12,}\b/gi, '<hex>')
    .replace(/(["'`])(?:(?!\1).){0,200}\1/g, '<str>')
    .replace(/\d+(\.\d+)?/g, '<n>')
    .trim()
    .slice(0, 500)
}

/** A frame's file without its query and build hash (`app-3f9a1c.js` → `app.js`). */
const fileOf = (frame: Frame) =>
  (frame.filename ?? '')
    .replace(/^[a-z]+:\/\/[^/]+/i, '')
    .split(/[?#]/)[0]
    ?.replace(/-[\w]{6,}(\.[a-z]+)$/i, '$1') ?? ''

/** The innermost application frames (in_app, or all when none says). */
function topFrames(value: ExceptionValue | undefined, count: number): Frame[] {
  const frames = value?.stacktrace?.frames ?? []
  const inApp = frames.filter((f) => f.in_app !== false)
  return (inApp.length > 0 ? inApp : frames).slice(-count).reverse()
}

/** The group an event belongs to, its title and where it happened. */
export function groupOf(event: ErrorEvent): {
  fingerprint: string
  title: string
  culprit: string
} {
  const main = event.exception?.values.at(-1)
  const frames = topFrames(main, 3)
  const key = main
    ? [
        main.type ?? 'Error',
        normalise(main.value ?? ''),
        ...frames.map((f) => `${fileOf(f)}:${f.function ?? '?'}`),
      ]
    : ['message', normalise(event.message ?? '')]
  const fingerprint = createHash('sha256').update(key.join('\n')).digest('hex')
  const title = main
    ? `${main.type ?? 'Error'}: ${main.value ?? ''}`.slice(0, 300)
    : (event.message ?? '(no message)').slice(0, 300)
  const top = frames[0]
  const culprit = top
    ? `${top.function ?? '?'} (${fileOf(top)})`
    : (event.request?.url ?? '').slice(0, 300)
  return { fingerprint, title, culprit }
}
