import fs from 'node:fs'
import zlib from 'node:zlib'
import type { Plugin } from 'vite'

/**
 * The installable app's icons (issue #41), drawn at build time from the same mark as
 * public/favicon.svg — the four-pointed star on the accent colour — at the sizes browsers ask
 * for: 192 and 512 (Android, desktop), 512 maskable (Android's shaped icons: the mark inside the
 * safe circle, the colour to the edges) and 180 (iOS's home screen). No image tool is needed:
 * a small rasteriser with 4×4 samples a pixel, and Node's zlib for the PNG.
 */

/** The star of favicon.svg, in its 32-unit box. */
const STAR: ReadonlyArray<readonly [number, number]> = [
  [16, 5],
  [19, 13],
  [27, 16],
  [19, 19],
  [16, 27],
  [13, 19],
  [5, 16],
  [13, 13],
]

function insidePolygon(x: number, y: number, points: typeof STAR): boolean {
  let inside = false
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i] ?? [0, 0]
    const [xj, yj] = points[j] ?? [0, 0]
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

/** Inside a square of side `size` with corners rounded by `radius`. */
function insideRounded(x: number, y: number, size: number, radius: number): boolean {
  const cx = Math.min(Math.max(x, radius), size - radius)
  const cy = Math.min(Math.max(y, radius), size - radius)
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2
}

const hex = (colour: string): [number, number, number] => {
  const n = Number.parseInt(colour.replace('#', ''), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

/** RGBA pixels of the icon at `size`; `maskable`: square to the edges, the star at 60 %. */
export function drawIcon(size: number, accent: string, maskable: boolean): Buffer {
  const [r, g, b] = hex(accent)
  const pixels = Buffer.alloc(size * size * 4)
  const samples = 4
  // The star's 32-unit box on the icon: the whole icon, or its middle 60 % (maskable).
  const starScale = maskable ? (size * 0.6) / 32 : size / 32
  const starOffset = maskable ? size * 0.2 : 0
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let ground = 0
      let star = 0
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = px + (sx + 0.5) / samples
          const y = py + (sy + 0.5) / samples
          const inGround = maskable || insideRounded(x, y, size, (size * 8) / 32)
          if (!inGround) continue
          ground++
          const ux = (x - starOffset) / starScale
          const uy = (y - starOffset) / starScale
          if (insidePolygon(ux, uy, STAR)) star++
        }
      }
      const all = samples * samples
      const white = star / Math.max(ground, 1)
      const at = (py * size + px) * 4
      pixels[at] = Math.round(r + (255 - r) * white)
      pixels[at + 1] = Math.round(g + (255 - g) * white)
      pixels[at + 2] = Math.round(b + (255 - b) * white)
      pixels[at + 3] = Math.round((255 * ground) / all)
    }
  }
  return pixels
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/** A PNG (RGBA, 8 bits a channel) of `size`×`size` pixels. */
export function encodePng(pixels: Buffer, size: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bits per channel
  header[9] = 6 // RGBA
  // Each row starts with filter 0 (none).
  const rows = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) {
    pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** The design tokens' colours (src/views/tokens.css), so the app's colours have one home. */
export function tokenColours(tokensCss: string): { accent: string; background: string } {
  const read = (name: string) => {
    const match = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})`).exec(tokensCss)
    if (!match?.[1]) throw new Error(`src/views/tokens.css has no --${name} colour`)
    return match[1]
  }
  return { accent: read('accent'), background: read('bg') }
}

export const ICONS = [
  { file: 'icons/icon-192.png', size: 192, maskable: false },
  { file: 'icons/icon-512.png', size: 512, maskable: false },
  { file: 'icons/maskable-512.png', size: 512, maskable: true },
  { file: 'icons/apple-touch-icon.png', size: 180, maskable: true },
] as const

/**
 * Emits the icons into the build, and puts in the page's head what phones read besides the
 * manifest: the toolbar's colour and iOS's home-screen icon.
 */
export function pwaIcons(tokensPath: string): Plugin {
  return {
    name: 'kirari-pwa-icons',
    apply: 'build',
    transformIndexHtml() {
      const { accent } = tokenColours(fs.readFileSync(tokensPath, 'utf8'))
      return [
        { tag: 'meta', attrs: { name: 'theme-color', content: accent }, injectTo: 'head' },
        {
          tag: 'link',
          attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
          injectTo: 'head',
        },
      ]
    },
    generateBundle() {
      const { accent } = tokenColours(fs.readFileSync(tokensPath, 'utf8'))
      for (const icon of ICONS) {
        this.emitFile({
          type: 'asset',
          fileName: icon.file,
          source: encodePng(drawIcon(icon.size, accent, icon.maskable), icon.size),
        })
      }
    },
  }
}
