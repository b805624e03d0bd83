import { randomInt } from 'node:crypto'
import svgCaptcha from 'svg-captcha'

/** The parts of opentype.js (svg-captcha's font loader) this module uses. */
interface PathCommand {
  type: 'M' | 'L' | 'Q' | 'C' | 'Z'
  x: number
  y: number
  x1: number
  y1: number
  x2: number
  y2: number
}
interface Font {
  unitsPerEm: number
  charToGlyph(ch: string): {
    advanceWidth?: number
    getPath(x: number, y: number, size: number): { commands: PathCommand[] }
  }
}

// svg-captcha loads its bundled outline font (opentype.js) when imported; its typings leave it out.
const font = (svgCaptcha.options as unknown as { font: Font }).font

type Point = [number, number]

const WIDTH = 180
const HEIGHT = 56
const FONT_SIZE = 46

/** A uniform random number in [min, max). */
const uniform = (min: number, max: number) => min + (randomInt(1_000_000) / 1_000_000) * (max - min)

const bezier = (t: number, points: readonly number[]) => {
  // de Casteljau on one coordinate.
  let row = [...points]
  while (row.length > 1) row = row.slice(1).map((p, i) => (row[i] ?? 0) * (1 - t) + p * t)
  return row[0] ?? 0
}

/**
 * A glyph's outline as polygons: every line and curve is cut into a random number of straight
 * pieces at random places. svg-captcha draws the font's own commands, and a glyph's sequence of
 * commands (how many curves, in what order) is the same in every picture, so a script could read
 * the letters from it; cut anew each time, the outline has no such fingerprint.
 */
function contours(commands: readonly PathCommand[]): Point[][] {
  const out: Point[][] = []
  let current: Point[] = []
  let at: Point = [0, 0]
  const pieces = (from: number, to: number, point: (t: number) => Point) => {
    const n = randomInt(from, to + 1)
    const cuts = Array.from({ length: n - 1 }, () => uniform(0.05, 0.95)).sort((a, b) => a - b)
    for (const t of [...cuts, 1]) current.push(point(t))
  }
  for (const c of commands) {
    if (c.type === 'M') {
      if (current.length > 2) out.push(current)
      current = [[c.x, c.y]]
    } else if (c.type === 'L') {
      const [x0, y0] = at
      pieces(1, 3, (t) => [x0 + (c.x - x0) * t, y0 + (c.y - y0) * t])
    } else if (c.type === 'Q') {
      const [x0, y0] = at
      pieces(3, 7, (t) => [bezier(t, [x0, c.x1, c.x]), bezier(t, [y0, c.y1, c.y])])
    } else if (c.type === 'C') {
      const [x0, y0] = at
      pieces(4, 9, (t) => [bezier(t, [x0, c.x1, c.x2, c.x]), bezier(t, [y0, c.y1, c.y2, c.y])])
    }
    if (c.type !== 'Z') at = [c.x, c.y]
  }
  if (current.length > 2) out.push(current)
  return out
}

const rotate = ([x, y]: Point, [cx, cy]: Point, radians: number): Point => {
  const [s, c] = [Math.sin(radians), Math.cos(radians)]
  return [cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c]
}

/**
 * The captcha's picture: the word's letters as outlines of svg-captcha's font, each turned,
 * sized and placed a little differently, cut into random straight pieces, the whole warped by
 * two waves, with its contours shuffled into one path among noise curves. Nothing in the source
 * names a letter; reading it takes recognising the picture.
 */
export function captchaSvg(word: string): string {
  const spacing = (WIDTH - 20) / word.length
  const polygons: Point[][] = []
  word.split('').forEach((ch, i) => {
    const size = FONT_SIZE * uniform(0.9, 1.05)
    const glyph = font.charToGlyph(ch)
    const advance = ((glyph.advanceWidth ?? font.unitsPerEm / 2) * size) / font.unitsPerEm
    const center: Point = [10 + spacing * (i + 0.5) + uniform(-3, 3), HEIGHT / 2 + uniform(-4, 4)]
    const path = glyph.getPath(center[0] - advance / 2, center[1] + size * 0.3, size)
    const angle = (uniform(-16, 16) * Math.PI) / 180
    for (const polygon of contours(path.commands)) {
      polygons.push(polygon.map((p) => rotate(p, center, angle)))
    }
  })
  const [ax, ay] = [uniform(1, 2), uniform(1, 2)]
  const [fx, fy] = [uniform(0.03, 0.06), uniform(0.08, 0.14)]
  const [px, py] = [uniform(0, 6.28), uniform(0, 6.28)]
  const warp = ([x, y]: Point): Point => [
    x + ax * Math.sin(y * fy + px),
    y + ay * Math.sin(x * fx + py),
  ]
  // Shuffled, so no run of contours marks where one letter ends.
  for (let i = polygons.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[polygons[i], polygons[j]] = [polygons[j] ?? [], polygons[i] ?? []]
  }
  const d = polygons
    .map(
      (polygon) =>
        `M${polygon
          .map(warp)
          .map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`)
          .join('L')}Z`,
    )
    .join('')
  const noise = Array.from({ length: 3 }, () => {
    const y = () => uniform(4, HEIGHT - 4).toFixed(1)
    const color = `hsl(${randomInt(360)},45%,${randomInt(45, 70)}%)`
    return `<path d="M${uniform(0, 20).toFixed(1)} ${y()}C${uniform(40, 80).toFixed(1)} ${y()},${uniform(100, 140).toFixed(1)} ${y()},${uniform(160, WIDTH).toFixed(1)} ${y()}" stroke="${color}" stroke-width="1.2" fill="none"/>`
  })
  const ink = `hsl(${randomInt(230, 290)},40%,${randomInt(14, 22)}%)`
  const drawn = [`<path fill="${ink}" d="${d}"/>`, ...noise]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="#f4f1fa"/>${drawn.join('')}</svg>`
}
