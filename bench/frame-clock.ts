import vm from 'node:vm'

/**
 * A video frame that carries the wall-clock time of its capture in its pixels, for the
 * glass-to-glass bench (bench/glass-to-glass.ts): a band at the top of a 1280×720 8-bit gray frame
 * holds 48 black or white cells of 64×64 (3 rows of 16, on the 16-pixel macroblock grid), the
 * time's low 40 bits (ms, most significant first) then a CRC-8 of those 5 bytes. Below the band,
 * a panning texture and a bouncing square keep x264 working as on a real scene.
 */
export const WIDTH = 1280
export const HEIGHT = 720
export const FPS = 30

/** The code's geometry on the 1280×720 frame; a smaller rendition scales it. */
const CODE = { x0: 128, y0: 32, cell: 64, cols: 16, rows: 3 } as const
/** The top rows that hold the code (a mid-gray quiet zone around the cells). */
export const BAND_ROWS = 256
const BITS = CODE.cols * CODE.rows
const WHITE = 255
const BLACK = 0
const QUIET = 128

const TWO_40 = 2 ** 40

/** CRC-8 (polynomial 0x07) of `bytes`. */
function crc8(bytes: readonly number[]): number {
  let crc = 0
  for (const byte of bytes) {
    crc ^= byte
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff
  }
  return crc
}

/** The 48 bits painted for `ms`: its low 40 bits, then their CRC-8, most significant first. */
export function codeBits(ms: number): number[] {
  const low = ms % TWO_40
  const bytes = [4, 3, 2, 1, 0].map((i) => Math.floor(low / 2 ** (8 * i)) % 256)
  return [...bytes, crc8(bytes)].flatMap((byte) =>
    [7, 6, 5, 4, 3, 2, 1, 0].map((bit) => (byte >> bit) & 1),
  )
}

/**
 * The moving part of the scene, 2 frames wide so that a frame is a window into it: smooth bands
 * and blobs with a little grain, as a camera gives.
 */
function makeTexture(): Uint8Array {
  const width = WIDTH * 2
  const rows = HEIGHT - BAND_ROWS
  const texture = new Uint8Array(width * rows)
  let seed = 12345
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      // Periodic over the texture's width (2 × 1280), so the pan wraps without a seam.
      const a = (2 * Math.PI * x) / width
      const value =
        120 +
        45 * Math.sin(a * 6 + y / 41) +
        30 * Math.sin(a * 23 - y / 17) * Math.cos(y / 29) +
        15 * Math.sin(a * 71 + y / 5) +
        ((seed >> 16) % 13) -
        6
      texture[y * width + x] = Math.max(0, Math.min(255, Math.round(value)))
    }
  }
  return texture
}

/** Paints frames: the scene for frame `n`, then the code of the time given. */
export class FramePainter {
  private readonly texture = makeTexture()
  readonly frame = Buffer.alloc(WIDTH * HEIGHT)

  constructor() {
    this.frame.fill(QUIET, 0, WIDTH * BAND_ROWS)
  }

  /** Frame `n` of the scene (the code band is left as it is). */
  scene(n: number): void {
    const rows = HEIGHT - BAND_ROWS
    const pan = (n * 6) % WIDTH
    const tw = WIDTH * 2
    for (let y = 0; y < rows; y++) {
      const from = y * tw + pan
      this.frame.set(this.texture.subarray(from, from + WIDTH), (BAND_ROWS + y) * WIDTH)
    }
    // A bright square bouncing across the scene.
    const size = 160
    const period = 2 * (WIDTH - size)
    const bx = Math.abs(((n * 14) % period) - (WIDTH - size))
    const by = BAND_ROWS + Math.round((rows - size) * (0.5 + 0.5 * Math.sin(n / 23)))
    for (let y = by; y < by + size; y++) this.frame.fill(230, y * WIDTH + bx, y * WIDTH + bx + size)
  }

  /** Writes the code of `ms` into the band. */
  stamp(ms: number): void {
    const bits = codeBits(ms)
    for (let i = 0; i < BITS; i++) {
      const x = CODE.x0 + (i % CODE.cols) * CODE.cell
      const y = CODE.y0 + Math.floor(i / CODE.cols) * CODE.cell
      const value = bits[i] ? WHITE : BLACK
      for (let row = y; row < y + CODE.cell; row++) {
        this.frame.fill(value, row * WIDTH + x, row * WIDTH + x + CODE.cell)
      }
    }
  }
}

/**
 * The decoder, as JavaScript source so that the page (from a canvas) and Node (from ffmpeg's
 * output) run the very same code: `(data, width, height, channels) => ms40 | -1`. `data` holds
 * at least the top `ceil(height × 256 / 720)` rows of a `width`×`height` frame, `channels` bytes
 * a pixel (4 for a canvas's RGBA, 1 for gray); the code is scaled to the frame's size. Each cell's
 * inner half is averaged; a cell neither clearly dark (< 96) nor clearly light (> 160), or a
 * wrong CRC-8, gives -1. Otherwise the time's low 40 bits (ms).
 */
export const DECODER_SOURCE = `(data, width, height, channels) => {
  const sx = width / ${WIDTH}
  const sy = height / ${HEIGHT}
  const bytes = [0, 0, 0, 0, 0, 0]
  for (let i = 0; i < ${BITS}; i++) {
    const cx = ${CODE.x0} + (i % ${CODE.cols}) * ${CODE.cell}
    const cy = ${CODE.y0} + Math.floor(i / ${CODE.cols}) * ${CODE.cell}
    const left = Math.round((cx + ${CODE.cell / 4}) * sx)
    const right = Math.max(left + 1, Math.round((cx + ${(3 * CODE.cell) / 4}) * sx))
    const top = Math.round((cy + ${CODE.cell / 4}) * sy)
    const bottom = Math.max(top + 1, Math.round((cy + ${(3 * CODE.cell) / 4}) * sy))
    let sum = 0
    let count = 0
    for (let y = top; y < bottom; y++) {
      for (let x = left; x < right; x++) {
        const p = (y * width + x) * channels
        sum += channels >= 3 ? (data[p] + data[p + 1] + data[p + 2]) / 3 : data[p]
        count++
      }
    }
    const mean = sum / count
    if (mean > 96 && mean < 160) return -1
    if (mean >= 160) bytes[i >> 3] |= 1 << (7 - (i & 7))
  }
  let crc = 0
  for (let b = 0; b < 5; b++) {
    crc ^= bytes[b]
    for (let k = 0; k < 8; k++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff
  }
  if (crc !== bytes[5]) return -1
  let ms = 0
  for (let b = 0; b < 5; b++) ms = ms * 256 + bytes[b]
  return ms
}`

/** The decoder in Node (bench/frame-clock-check.ts). */
export const decodeFrame = vm.runInNewContext(DECODER_SOURCE) as (
  data: Uint8Array,
  width: number,
  height: number,
  channels: number,
) => number

/** How long ago (ms) a frame stamped with the low 40 bits `ms40` was captured, seen at `nowMs`. */
export function ageOf(ms40: number, nowMs: number): number {
  return ((((nowMs % TWO_40) - ms40) % TWO_40) + TWO_40) % TWO_40
}

/**
 * The painter, as JavaScript source for a page: `(context2d, ms) => void` writes the code of `ms`
 * into a 1280×720 canvas exactly as FramePainter.stamp writes it into a frame (the same cells,
 * the same bits and CRC-8), so DECODER_SOURCE reads either.
 */
export const PAINTER_SOURCE = `(ctx, ms) => {
  const TWO_40 = ${TWO_40}
  const low = ms % TWO_40
  const bytes = [4, 3, 2, 1, 0].map((i) => Math.floor(low / 2 ** (8 * i)) % 256)
  let crc = 0
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff
  }
  bytes.push(crc)
  for (let i = 0; i < ${BITS}; i++) {
    const bit = (bytes[i >> 3] >> (7 - (i & 7))) & 1
    ctx.fillStyle = bit ? 'rgb(${WHITE},${WHITE},${WHITE})' : 'rgb(${BLACK},${BLACK},${BLACK})'
    ctx.fillRect(
      ${CODE.x0} + (i % ${CODE.cols}) * ${CODE.cell},
      ${CODE.y0} + Math.floor(i / ${CODE.cols}) * ${CODE.cell},
      ${CODE.cell},
      ${CODE.cell},
    )
  }
}`
