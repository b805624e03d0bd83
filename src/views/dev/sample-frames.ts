// The exception frames of an error group's sample event, read defensively: the sample is the
// stored event as JSON (Sentry's shape, server/services/observability/envelope.ts), typed as
// `Record<string, unknown>`, so every field is checked before it is shown.

/** One stack frame as the page shows it. */
export interface SampleFrame {
  fn: string
  /** `filename:line:col`, as much of it as the frame has. */
  location: string
  /** false when the frame says it is library code. */
  inApp: boolean
}

/** One exception of the sample (a chained error has several), its innermost frame first. */
export interface SampleException {
  type: string
  value: string
  frames: SampleFrame[]
}

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x)

const text = (x: unknown): string => (typeof x === 'string' ? x : '')

const whole = (x: unknown): number | null =>
  typeof x === 'number' && Number.isFinite(x) ? Math.trunc(x) : null

function readFrame(raw: unknown): SampleFrame | null {
  if (!isRecord(raw)) return null
  const file = text(raw.filename) || text(raw.abs_path) || text(raw.module)
  const line = whole(raw.lineno)
  const col = whole(raw.colno)
  const location = [file || '?', line, line !== null ? col : null]
    .filter((part) => part !== null)
    .join(':')
  return { fn: text(raw.function) || '?', location, inApp: raw.in_app !== false }
}

function readException(raw: unknown): SampleException | null {
  if (!isRecord(raw)) return null
  const stack = isRecord(raw.stacktrace) ? raw.stacktrace.frames : undefined
  const frames = Array.isArray(stack)
    ? stack.map(readFrame).filter((f): f is SampleFrame => f !== null)
    : []
  // Sentry lists the innermost frame last; the page shows it first.
  return { type: text(raw.type), value: text(raw.value), frames: frames.reverse() }
}

/** The sample's exceptions, the main (last-thrown) one first; [] for an event without any. */
export function sampleExceptions(sample: Record<string, unknown>): SampleException[] {
  const values = isRecord(sample.exception) ? sample.exception.values : undefined
  if (!Array.isArray(values)) return []
  return values
    .map(readException)
    .filter((e): e is SampleException => e !== null)
    .reverse()
}
