import { ffmpegBin } from '../server/config-media.ts'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { codeBits, decodeFrame, FPS, FramePainter, HEIGHT, WIDTH } from './frame-clock.ts'
import { CAMERA_INPUT, OBS_AAC, OBS_X264 } from './glass-to-glass.ts'

/**
 * `node --import tsx bench/frame-clock-check.ts`: whether the glass-to-glass bench's time code
 * survives the trip. Five seconds of the camera's frames (times 1 s apart and a few awkward ones)
 * are encoded with OBS's x264 settings, then, as the media host's ladder would, scaled to 360p and
 * 160p and encoded again at those rungs' bitrates; every frame of each is decoded back to RGBA,
 * as a canvas gives it, and read. Each must give its own time, none a wrong one. A still of each
 * goes to the temporary directory, to look at.
 */
const FFMPEG = ffmpegBin()
const FRAMES = 5 * FPS

function run(args: string[], input?: (stdin: NodeJS.WritableStream) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
      stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    })
    const out: Buffer[] = []
    let err = ''
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.on('exit', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`ffmpeg ${code}: ${err}`)),
    )
    if (input && child.stdin) input(child.stdin)
  })
}

/** A time for frame n: now-ish, with frames that set many high and many low bits. */
function timeOf(n: number): number {
  const base = Date.now()
  if (n % 10 === 3) return 2 ** 40 * 1650 + (2 ** 40 - 1 - n) // all ones but a few low bits
  if (n % 10 === 7) return 2 ** 40 * 1651 + n // all zeros but a few low bits
  return base + n * 1000
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-frame-clock-'))
const source = path.join(dir, 'obs.flv')
const times: number[] = []
await run([...CAMERA_INPUT, '-t', '5', ...OBS_X264, ...OBS_AAC, '-f', 'flv', source], (stdin) => {
  const painter = new FramePainter()
  for (let n = 0; n < FRAMES; n++) {
    painter.scene(n)
    const ms = timeOf(n)
    painter.stamp(ms)
    times.push(ms % 2 ** 40)
    stdin.write(Buffer.from(painter.frame))
  }
  stdin.end()
})

const rungs = [
  { name: 'source 720p (OBS, 2500 kbps)', height: HEIGHT, kbps: 0 },
  { name: '360p at 800 kbps', height: 360, kbps: 800 },
  { name: '160p at 250 kbps', height: 160, kbps: 250 },
]
let failed = false
for (const rung of rungs) {
  const width = Math.round((WIDTH * rung.height) / HEIGHT / 2) * 2
  let input = source
  if (rung.kbps > 0) {
    input = path.join(dir, `${rung.height}.mp4`)
    await run([
      ...['-i', source, '-fps_mode', 'passthrough', '-vf', `scale=${width}:${rung.height}`],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-profile:v', 'main'],
      ...['-b:v', `${rung.kbps}k`, '-maxrate', `${rung.kbps}k`, '-bufsize', `${rung.kbps}k`],
      ...['-pix_fmt', 'yuv420p', '-an', input],
    ])
  }
  const rgba = await run([
    ...['-i', input, '-fps_mode', 'passthrough'],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1'],
  ])
  await run([
    '-i',
    input,
    '-vf',
    'select=eq(n\\,45)',
    '-frames:v',
    '1',
    path.join(dir, `${rung.height}.png`),
  ])
  const size = width * rung.height * 4
  const frames = rgba.length / size
  let read = 0
  let wrong = 0
  for (let n = 0; n < frames; n++) {
    const ms40 = decodeFrame(rgba.subarray(n * size, (n + 1) * size), width, rung.height, 4)
    if (ms40 < 0) continue
    if (ms40 === times[n]) read++
    else wrong++
  }
  console.log(`${rung.name}: ${read}/${frames} frames read their own time, ${wrong} a wrong one`)
  if (frames !== FRAMES || read < frames * 0.98 || wrong > 0) failed = true
}
// The code itself: 48 bits, the last 8 a CRC of the first 40.
if (codeBits(0).length !== 48) failed = true
console.log(`stills: ${dir}/{720,360,160}.png`)
process.exitCode = failed ? 1 : 0
