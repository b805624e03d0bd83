import { ffmpegBin } from '../server/config-media.ts'
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { chromium, type Browser } from 'playwright-core'
import type { ObsKeyAnswer } from '../src/contract/obs.ts'
import type { RoomStatusAnswer } from '../src/contract/room.ts'
import { CHROMIUM, CHROMIUM_ARGS } from '../test/e2e/chromium.ts'
import { TestClient } from '../test/server/client.ts'
import { spawnServer, type SpawnedServer } from '../test/spawn-server.ts'
import { FPS, FramePainter, HEIGHT, WIDTH } from './frame-clock.ts'
import type { BenchResult, Measure } from './report.ts'
import { measureBrowserPath } from './g2g-browser.ts'
import { getJson, percentile, playable, stop, tail, until, watchRoom } from './g2g-page.ts'
import { freePort } from '../test/free-port.ts'

const root = path.resolve(import.meta.dirname, '..')
const FFMPEG = ffmpegBin()
/** The demo liver's room, which the bench takes off the demo channel and puts on the encoder. */
const ROOM = 'demo_liver_room'

/**
 * OBS's default x264 output (Settings → Output, simple or advanced with x264): CBR at 2500 kbps
 * (x264's ABR with VBV max = bitrate, a buffer of one second, NAL HRD CBR with filler, as
 * obs-x264 sets it), preset veryfast, no tune, profile high, 2 B-frames, a keyframe every 2 s;
 * AAC at 160 kbps, 48 kHz stereo.
 */
export const OBS_X264 = [
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high'],
  ...['-b:v', '2500k', '-maxrate', '2500k', '-bufsize', '2500k', '-nal-hrd', 'cbr'],
  ...['-x264-params', 'filler=1', '-g', String(2 * FPS), '-bf', '2', '-pix_fmt', 'yuv420p'],
] as const
export const OBS_AAC = ['-c:a', 'aac', '-b:a', '160k', '-ar', '48000', '-ac', '2'] as const

/** The camera's raw frames on stdin (8-bit gray, 1280×720, 30 fps) and a tone. */
export const CAMERA_INPUT = [
  ...['-f', 'rawvideo', '-pix_fmt', 'gray', '-s', `${WIDTH}x${HEIGHT}`, '-framerate', String(FPS)],
  ...['-i', 'pipe:0'],
  ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
  ...['-map', '0:v', '-map', '1:a'],
] as const

/** Whether nobody listens on `port` (nginx listens on every address). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, () => probe.close(() => resolve(true)))
  })
}

/** A free port in 19000–19899, where the test suite puts its RTMP ingest too. */
async function rtmpPort(): Promise<number> {
  for (let i = 0; i < 20; i++) {
    const port = 19000 + Math.floor(Math.random() * 900)
    if (await portIsFree(port)) return port
  }
  throw new Error('no free RTMP port in 19000–19899')
}

/** Resolves once something accepts TCP connections on `port`. */
async function listening(port: number, timeoutMs: number, why: () => string): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (ok) return
    if (Date.now() > until) throw new Error(`nothing listens on ${port}\n${why()}`)
    await sleep(100)
  }
}

/**
 * The OBS stand-in: paints frames at a real-time 30 fps (each due at start + n/30 s, so timer
 * jitter never accumulates), stamps each with Date.now() at the moment it is handed to ffmpeg,
 * and ffmpeg encodes them as OBS does and publishes FLV over RTMP. The same FLV also comes out on
 * ffmpeg's stdout (the tee muxer, one encode): when a frame's tag appears there, it has left the
 * encoder, which times the encoder's own share.
 */
class Camera {
  readonly child: ChildProcess
  readonly log: () => string
  /** Date.now() at which frame n was written. */
  private readonly stamps = new Float64Array(FPS * 600)
  /** [wall ms the frame's FLV tag left ffmpeg, frame number]. */
  readonly leftEncoder: Array<[number, number]> = []
  /** Date.now() of frames written more than a frame period after they were due. */
  readonly late: number[] = []
  private stopped = false
  private readonly flv = new FlvReader((pts, at) => {
    this.firstPts ??= pts
    const frame = Math.round(((pts - this.firstPts) * FPS) / 1000)
    this.leftEncoder.push([at, frame])
  })
  private firstPts: number | undefined

  constructor(rtmpTarget: string) {
    const flv = 'f=flv:flvflags=no_duration_filesize:flush_packets=1'
    this.child = spawn(
      FFMPEG,
      [
        ...['-hide_banner', '-loglevel', 'error'],
        ...CAMERA_INPUT,
        ...OBS_X264,
        ...OBS_AAC,
        // The tee muxer does not ask for global headers as FLV does: without them the AVC and
        // AAC sequence headers would be empty.
        ...['-flags', '+global_header'],
        ...['-f', 'tee', `[${flv}]${rtmpTarget}|[${flv}]pipe:1`],
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    )
    // stdout is the FLV.
    this.log = tail(this.child, 'ffmpeg (the encoder)', false)
    this.child.stdin?.on('error', () => {})
    this.child.stdout?.on('data', (chunk: Buffer) => this.flv.push(chunk, Date.now()))
    void this.run()
  }

  stampOf(frame: number): number | undefined {
    const ms = this.stamps[frame]
    return ms ? ms : undefined
  }

  private async run(): Promise<void> {
    const stdin = this.child.stdin
    if (!stdin) return
    const painter = new FramePainter()
    const period = 1000 / FPS
    const start = performance.now()
    for (let n = 0; !this.stopped && n < this.stamps.length; n++) {
      const due = start + n * period
      const wait = due - performance.now()
      if (wait > 0) await sleep(wait)
      painter.scene(n)
      if (stdin.destroyed) return
      const ms = Date.now()
      // Late: ffmpeg had not read the previous frame in time.
      if (performance.now() - due > period) this.late.push(ms)
      painter.stamp(ms)
      this.stamps[n] = ms
      // A copy: the stream holds the buffer until ffmpeg has read it.
      const drained = stdin.write(Buffer.from(painter.frame))
      if (!drained) {
        await new Promise<void>((resolve) => {
          const done = () => {
            stdin.off('drain', done)
            stdin.off('close', done)
            resolve()
          }
          stdin.on('drain', done)
          stdin.on('close', done)
        })
      }
    }
  }

  async close(): Promise<void> {
    this.stopped = true
    await stop(this.child, 'SIGKILL')
  }
}

/** Reads an FLV stream's tags as they arrive: each video frame's PTS (ms) and arrival time. */
class FlvReader {
  private buffer: Buffer = Buffer.alloc(0)
  private headerRead = false

  constructor(private readonly onVideoFrame: (ptsMs: number, atMs: number) => void) {}

  push(chunk: Buffer, atMs: number): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk
    if (!this.headerRead) {
      if (this.buffer.length < 13) return
      // 'FLV', version, flags, header size (9), then PreviousTagSize0.
      this.buffer = this.buffer.subarray(this.buffer.readUInt32BE(5) + 4)
      this.headerRead = true
    }
    for (;;) {
      if (this.buffer.length < 11) return
      const type = this.buffer.readUInt8(0)
      const size = this.buffer.readUIntBE(1, 3)
      if (this.buffer.length < 11 + size + 4) return
      const dts = this.buffer.readUIntBE(4, 3) + this.buffer.readUInt8(7) * 2 ** 24
      // A video tag of AVC NAL units (not the sequence header): PTS = DTS + composition time.
      if (type === 9 && size > 5 && this.buffer.readUInt8(12) === 1) {
        this.onVideoFrame(dts + this.buffer.readIntBE(13, 3), atMs)
      }
      this.buffer = this.buffer.subarray(11 + size + 4)
    }
  }
}

/**
 * Glass-to-glass latency of an OBS live (issue #38): a camera stand-in paints the wall-clock
 * time into each frame, ffmpeg encodes it with OBS's x264 settings and publishes over RTMP to the
 * media host (`npm run media`: nginx-rtmp and its packager), the site serves it, and a viewer's
 * Chromium plays the room page; for the frames it presents, the page reads the time back from the
 * <video> through a canvas. Age = when the frame was to be shown − when it was captured, on one
 * clock (one machine). Note the camera's x264 shares this machine's two cores with the packager
 * and the browser, which a real liver's computer would not.
 */
export async function benchGlassToGlass(options: { quick: boolean }): Promise<BenchResult> {
  const collectMs = options.quick ? 8_000 : 20_000
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-g2g-media-'))
  const [port, mediaPort] = [await rtmpPort(), await freePort()]
  const rtmpUrl = `rtmp://127.0.0.1:${port}/live`
  let site: SpawnedServer | undefined
  let media: ChildProcess | undefined
  let camera: Camera | undefined
  let browser: Browser | undefined
  let mediaLog = () => ''
  const logs = () =>
    [camera?.log() ?? '', mediaLog(), readTail(path.join(mediaDir, 'error.log'))].join('\n')
  try {
    site = await spawnServer({
      DATA_DIR: 'memory://',
      DEMO_BOTS_PER_MINUTE: '0',
      CAPTCHA_FIXED_WORD: 'kirari',
      RTMP_URL: rtmpUrl,
      MEDIA_DIR: mediaDir,
      MEDIA_PORT: String(mediaPort),
      MEDIA_ORIGIN: `http://127.0.0.1:${mediaPort}`,
    })
    const siteUrl = site.url
    // The media host as `npm run media` runs it, calling back to the site.
    media = spawn(process.execPath, ['--import', 'tsx', 'server/media-main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: new URL(siteUrl).port,
        // As the demo's: its publishers (the browser here) are on this machine's own addresses.
        KIRARI_DEMO: '1',
        MEDIA_PORT: String(mediaPort),
        RTMP_URL: rtmpUrl,
        MEDIA_DIR: mediaDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    mediaLog = tail(media, 'the media host')
    const browserStarted = chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
    })

    // The liver takes the room off the demo channel and reads the stream key, as in OBS's setup.
    const liver = new TestClient(siteUrl)
    const login = await liver.login('demo_liver', 'kirari-demo')
    if (login.status !== 200) throw new Error(`demo_liver login: ${login.status}`)
    const status = await getJson<RoomStatusAnswer>(liver, `/api/room/status?room_url_key=${ROOM}`)
    if (status.is_live) {
      const ended = await liver.postForm('/api/encoder/live_end', {
        live_id: String(status.live_id),
      })
      if (ended.status !== 200) throw new Error(`live_end: ${ended.status}`)
    }
    const key = await getJson<ObsKeyAnswer>(liver, `/api/obs/obs_key?room_id=${status.room_id}`)
    await listening(port, 15_000, logs)

    camera = new Camera(`${key.stream_url.replace(/\/$/, '')}/${key.obs_key}`)
    const publishing = camera
    publishing.child.once('exit', (code) => {
      if (!publishing.child.killed) console.error(`encoder exited (${code})\n${publishing.log()}`)
    })
    const viewer = new TestClient(siteUrl)
    await until(
      async () => {
        const room = await getJson<RoomStatusAnswer>(
          viewer,
          `/api/room/status?room_url_key=${ROOM}`,
        )
        return room.is_live && (await playable(viewer, room.room_id)) ? true : undefined
      },
      20_000,
      () => `the room did not go on air with a playable stream in 20 s\n${logs()}`,
    )

    browser = await browserStarted
    const watched = await watchRoom(browser, `${siteUrl}/r/${ROOM}`, collectMs, logs)
    const { ages, samples, from, to, height, lowLatency, hlsLatency } = watched
    const unreadShare = samples.length ? (samples.length - ages.length) / samples.length : 1
    const encoder = publishing.leftEncoder.flatMap(([at, frame]) => {
      const stamp = publishing.stampOf(frame)
      return stamp !== undefined && at >= from && at <= to ? [at - stamp] : []
    })
    const s = (ms: number) => Math.round(ms) / 1000

    console.log(
      `glass-to-glass: ${ages.length} readings over ${Math.round((to - from) / 1000)} s ` +
        `(${watched.heights > 1 ? 'mixed, most ' : ''}${height}p, ` +
        `${lowLatency ? 'low-latency' : 'plain'} playlist), median ${s(percentile(ages, 50))} s, ` +
        `p95 ${s(percentile(ages, 95))} s, min ${s(Math.min(...ages))} s, ` +
        `max ${s(Math.max(...ages))} s; encoder ${Math.round(percentile(encoder, 50))} ms; ` +
        `page opened → first code read ${s(watched.firstReadMs)} s`,
    )
    const measures: Measure[] = [
      {
        name: 'glass-to-glass median',
        value: s(percentile(ages, 50)),
        unit: 's',
        target: { kind: 'max', value: 2.0 },
      },
      {
        name: 'glass-to-glass p95',
        value: s(percentile(ages, 95)),
        unit: 's',
        target: { kind: 'max', value: 2.5 },
      },
      {
        name: 'readings (frames whose time was read)',
        value: ages.length,
        unit: '',
        target: { kind: 'min', value: options.quick ? 16 : 40 },
      },
      {
        name: 'frames whose code did not read',
        value: Math.round(unreadShare * 1000) / 10,
        unit: '%',
        target: { kind: 'max', value: 5 },
      },
      { name: 'glass-to-glass min', value: s(Math.min(...ages)), unit: 's' },
      { name: 'glass-to-glass max', value: s(Math.max(...ages)), unit: 's' },
      {
        name: 'encoder (OBS x264): frame → its FLV tag out, median',
        value: Math.round(percentile(encoder, 50)),
        unit: 'ms',
      },
      {
        name: 'camera frames written > 1 frame late, in the window',
        value: publishing.late.filter((ms) => ms >= from && ms <= to).length,
        unit: '',
      },
      { name: 'rendition played (most frames)', value: height, unit: 'p' },
      { name: 'low-latency playlist played', value: lowLatency ? 1 : 0, unit: '' },
      { name: 'page opened → first frame read', value: s(watched.firstReadMs), unit: 's' },
    ]
    if (hlsLatency.length > 0) {
      measures.push({
        name: "hls.js's own latency, median",
        value: Math.round(percentile(hlsLatency, 50) * 1000) / 1000,
        unit: 's',
      })
    }
    // The browser path on the same site and media host, in the same run (issue #51).
    await camera.close()
    measures.push(
      ...(await measureBrowserPath({
        browser,
        siteUrl,
        room: ROOM,
        roomId: status.room_id,
        liver,
        mediaPid: media.pid ?? 0,
        collectMs,
        quick: options.quick,
        logs,
      })),
    )
    return {
      name: 'glass-to-glass',
      description:
        'OBS live (x264 veryfast CBR 2500 kbps, 2 s keyframes, 720p30) → RTMP ingest → viewer <video>; and a browser live (canvas captureStream, WebRTC H.264 1280×720 → WHIP): age of the frames shown, read from their pixels',
      quick: options.quick,
      at: new Date().toISOString(),
      measures,
    }
  } finally {
    const steps: Array<() => Promise<unknown>> = [
      async () => browser?.close(),
      async () => camera?.close(),
      async () => (media ? stop(media) : undefined),
      // Had the media host to be killed, its nginx would outlive it: end it by its pid file.
      async () => stopOrphanNginx(path.join(mediaDir, 'nginx.pid')),
      async () => site?.stop(),
      () => Promise.resolve(fs.rmSync(mediaDir, { recursive: true, force: true })),
    ]
    for (const step of steps) await step().catch((error: unknown) => console.error(error))
  }
}

/** nginx still running after the media host (its pid file outlives a clean exit only). */
async function stopOrphanNginx(pidFile: string): Promise<void> {
  let pid: number
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').trim())
  } catch {
    return
  }
  if (!Number.isInteger(pid) || pid <= 1) return
  const alive = () => {
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }
  if (!alive()) return
  process.kill(pid, 'SIGQUIT')
  for (let i = 0; i < 30 && alive(); i++) await sleep(100)
  if (alive()) process.kill(pid, 'SIGKILL')
}

function readTail(file: string): string {
  try {
    return `${file}:\n${fs.readFileSync(file, 'utf8').slice(-2000)}`
  } catch {
    return ''
  }
}
