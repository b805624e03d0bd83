/**
 * MPEG-TS timestamp shifting, so a looping clip can be served as one continuous live stream:
 * every PES PTS/DTS and every PCR moves by the same offset (90 kHz units, modulo 2^33).
 */

const PACKET = 188
const SYNC = 0x47
/** 2^33: PTS, DTS and the PCR base are 33-bit counters. */
export const TIMESTAMP_WRAP = 2 ** 33
/** PES stream ids that carry no optional header (ISO/IEC 13818-1, 2.4.3.7). */
const NO_PES_HEADER = new Set([0xbc, 0xbe, 0xbf, 0xf0, 0xf1, 0xf2, 0xf8, 0xff])

function readTimestamp(b: Uint8Array, at: number): number {
  const high = ((b[at] ?? 0) >> 1) & 0x07
  const low =
    ((b[at + 1] ?? 0) << 22) |
    (((b[at + 2] ?? 0) >> 1) << 15) |
    ((b[at + 3] ?? 0) << 7) |
    ((b[at + 4] ?? 0) >> 1)
  return high * 2 ** 30 + low
}

function writeTimestamp(b: Uint8Array, at: number, value: number): void {
  const high = Math.floor(value / 2 ** 30) & 0x07
  const low = value % 2 ** 30
  b[at] = ((b[at] ?? 0) & 0xf0) | (high << 1) | 1
  b[at + 1] = (low >> 22) & 0xff
  b[at + 2] = (((low >> 15) & 0x7f) << 1) | 1
  b[at + 3] = (low >> 7) & 0xff
  b[at + 4] = ((low & 0x7f) << 1) | 1
}

function readPcrBase(b: Uint8Array, at: number): number {
  return (
    (b[at] ?? 0) * 2 ** 25 +
    (b[at + 1] ?? 0) * 2 ** 17 +
    (b[at + 2] ?? 0) * 2 ** 9 +
    (b[at + 3] ?? 0) * 2 +
    ((b[at + 4] ?? 0) >> 7)
  )
}

function writePcrBase(b: Uint8Array, at: number, base: number): void {
  b[at] = Math.floor(base / 2 ** 25) & 0xff
  b[at + 1] = Math.floor(base / 2 ** 17) & 0xff
  b[at + 2] = Math.floor(base / 2 ** 9) & 0xff
  b[at + 3] = Math.floor(base / 2) & 0xff
  b[at + 4] = ((base % 2) << 7) | ((b[at + 4] ?? 0) & 0x7f)
}

const shift = (value: number, offset: number) =>
  (((value + offset) % TIMESTAMP_WRAP) + TIMESTAMP_WRAP) % TIMESTAMP_WRAP

export interface Timestamps {
  pts: number[]
  dts: number[]
  pcr: number[]
}

/** Walks the packets of a segment, calling `visit` with each timestamp field found. */
function eachTimestamp(b: Uint8Array, visit: (kind: keyof Timestamps, at: number) => void): void {
  for (let p = 0; p + PACKET <= b.length; p += PACKET) {
    if (b[p] !== SYNC) throw new Error(`MPEG-TS: lost sync at byte ${p}`)
    const unitStart = ((b[p + 1] ?? 0) & 0x40) !== 0
    const pid = (((b[p + 1] ?? 0) & 0x1f) << 8) | (b[p + 2] ?? 0)
    const control = ((b[p + 3] ?? 0) >> 4) & 0x03
    let payload = p + 4
    if (control & 0x02) {
      const length = b[p + 4] ?? 0
      if (length > 0 && ((b[p + 5] ?? 0) & 0x10) !== 0) visit('pcr', p + 6)
      payload = p + 5 + length
    }
    if (!(control & 0x01) || !unitStart || pid === 0 || payload + 14 > p + PACKET) continue
    if (b[payload] !== 0 || b[payload + 1] !== 0 || b[payload + 2] !== 1) continue
    if (NO_PES_HEADER.has(b[payload + 3] ?? 0)) continue
    const flags = ((b[payload + 7] ?? 0) >> 6) & 0x03
    if (flags & 0x02) visit('pts', payload + 9)
    if (flags === 0x03) visit('dts', payload + 14)
  }
}

/** The timestamps in a segment (for tests and checks). */
export function readTimestamps(segment: Uint8Array): Timestamps {
  const found: Timestamps = { pts: [], dts: [], pcr: [] }
  eachTimestamp(segment, (kind, at) =>
    found[kind].push(kind === 'pcr' ? readPcrBase(segment, at) : readTimestamp(segment, at)),
  )
  return found
}

/** A copy of the segment with every timestamp moved by `offset` (90 kHz units). */
export function shiftTimestamps(segment: Uint8Array, offset: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(segment)
  if (offset % TIMESTAMP_WRAP === 0) return out
  eachTimestamp(out, (kind, at) => {
    if (kind === 'pcr') writePcrBase(out, at, shift(readPcrBase(out, at), offset))
    else writeTimestamp(out, at, shift(readTimestamp(out, at), offset))
  })
  return out
}
