import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMediaHost, type RunningMediaHost } from '../../server/media/media-host.ts'
import { spawnServer, type SpawnedServer } from '../spawn-server.ts'
import { TestClient } from '../server/client.ts'
import { POSTGRES_URL } from '../server/harness.ts'
import { openBrowser, type Session } from './browser.ts'
import { freePort } from '../free-port.ts'

// The production shape in miniature: two web processes on PostgreSQL (NATS between them), the
// media host beside them calling back to process A, and a viewer on process B — the one that
// is not the media host's site — watching the OBS live in low-latency mode through it.

/** What the player may be behind the live edge, as hls.js reports it (issue #38: 2 s glass to glass). */
const LIVE_EDGE_TARGET_S = 2

const schema = `media_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`
const admin = new pg.Client({ connectionString: POSTGRES_URL })
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-media-cluster-'))
let a: SpawnedServer
let b: SpawnedServer
let media: RunningMediaHost
let encoder: ChildProcess | undefined
let viewer: Session | undefined
const rtmpPort = 19100 + Math.floor(Math.random() * 800)
const rtmpUrl = `rtmp://127.0.0.1:${rtmpPort}/live`

beforeAll(async () => {
  await admin.connect()
  await admin.query(`create schema "${schema}"`)
  const mediaPort = await freePort()
  const env = {
    DATABASE_URL: `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    SEED_DEMO: '1',
    BUS_URL: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
    CAPTCHA_FIXED_WORD: 'kirari',
    DEMO_BOTS_PER_MINUTE: '0',
    MEDIA_ORIGIN: `http://127.0.0.1:${mediaPort}`,
    RTMP_URL: rtmpUrl,
  }
  ;[a, b] = await Promise.all([spawnServer(env), spawnServer(env)])
  media = await startMediaHost({
    mediaDir,
    rtmpPort,
    httpPort: mediaPort,
    httpHost: '127.0.0.1',
    siteUrl: a.url,
    secret: undefined,
    log: () => {},
  })
}, 120_000)

afterAll(async () => {
  encoder?.kill('SIGKILL')
  await viewer?.close()
  await media.close()
  await Promise.allSettled([a.stop(), b.stop()])
  await admin.query(`drop schema "${schema}" cascade`)
  await admin.end()
  fs.rmSync(mediaDir, { recursive: true, force: true })
})

describe('an OBS live on a cluster: two web processes, PostgreSQL, the media host', () => {
  it('plays through the other web process in low-latency mode, within the target of the live edge', async () => {
    const liver = new TestClient(a.url)
    await liver.login('demo_liver', 'kirari-demo')
    const room = (await liver.json('/api/room/status?room_url_key=demo_liver_room')).body as {
      room_id: number
    }
    const { obs_key: key } = (await liver.json(`/api/obs/obs_key?room_id=${room.room_id}`))
      .body as { obs_key: string }
    const publish = () =>
      spawn(
        'ffmpeg',
        [
          ...['-hide_banner', '-loglevel', 'error', '-re'],
          ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30'],
          ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
          ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '60', '-bf', '2', '-b:v', '800k'],
          ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k'],
          ...['-f', 'flv', `${rtmpUrl}/${key}`],
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      )
    encoder = publish()

    // Process B answers with the live's real playlists: low-latency and plain for each rung.
    await expect
      .poll(
        async () => {
          const answer = await fetch(`${b.url}/api/live/streaming_url?room_id=${room.room_id}`)
          const list =
            ((await answer.json()) as { streaming_url_list?: Array<{ type: string; url: string }> })
              .streaming_url_list ?? []
          return list.map((s) => `${s.type} ${new URL(s.url).pathname}`)
        },
        { timeout: 20_000, interval: 500 },
      )
      .toEqual([
        'hls_all /hls/demo_liver_room/live/abr.m3u8',
        'lhls /hls/demo_liver_room/live/source/ll.m3u8',
        'hls /hls/demo_liver_room/live/source/index.m3u8',
        'lhls /hls/demo_liver_room/live/160p/ll.m3u8',
        'hls /hls/demo_liver_room/live/160p/index.m3u8',
      ])
    // A CDN may hold parts, never a playlist that is not a blocking answer.
    const playlist = await fetch(`${b.url}/hls/demo_liver_room/live/source/ll.m3u8`)
    expect(playlist.headers.get('cache-control')).toBe('no-cache')
    const part = /URI="(\d+\.\d+\.m4s)"/.exec(await playlist.text())?.[1]
    const partAnswer = await fetch(`${b.url}/hls/demo_liver_room/live/source/${part}`)
    expect(partAnswer.status).toBe(200)
    expect(partAnswer.headers.get('cache-control')).toContain('immutable')

    viewer = await openBrowser()
    const page = viewer.page
    await page.goto(`${b.url}/r/demo_liver_room`)
    const video = page.getByTestId('room-video')
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(1)
    // The boot script's player may show the first frames before the app takes it over and marks
    // the video with what hls.js plays.
    await expect
      .poll(() => video.getAttribute('data-low-latency'), { timeout: 15_000 })
      .toBe('true')
    // Let the player settle at its hold-back, then read hls.js's distance to the live edge.
    await page.waitForTimeout(4000)
    const readings: number[] = []
    for (let i = 0; i < 10; i++) {
      readings.push(Number(await video.getAttribute('data-latency')))
      await page.waitForTimeout(500)
    }
    // hls.js's own target (PART-HOLD-BACK, raised by a second for each stall it met).
    const target = await video.getAttribute('data-target-latency')
    for (const latency of readings) {
      expect(latency).toBeGreaterThan(0)
      expect(latency, `behind the live edge; hls.js aimed at ${target} s`).toBeLessThan(
        LIVE_EDGE_TARGET_S,
      )
    }

    // OBS loses its connection and comes back a few seconds later: the same page plays on.
    await page.evaluate(() => {
      ;(window as unknown as { sameDocument: boolean }).sameDocument = true
    })
    encoder.kill('SIGKILL')
    await page.waitForTimeout(3000)
    const frozenAt = await video.evaluate((v: HTMLVideoElement) => v.currentTime)
    encoder = publish()
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(frozenAt + 2)
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true)
    expect(await page.getByText('配信は終了しました。').count()).toBe(0)
  }, 150_000)

  it("records the live with yt-dlp's SHOWROOM extractor, the site's host name pointed at process B", async () => {
    // yt-dlp reaches www.showroom-live.com through process B as its HTTP proxy: an absolute-form
    // request, which the server answers as its own (Debian's yt-dlp, its own extractor code).
    const out = path.join(mediaDir, 'recorded.mp4')
    const ytdlp = spawn(
      'yt-dlp',
      [
        ...['--proxy', b.url, '--no-part', '--downloader', 'ffmpeg', '-o', out],
        'http://www.showroom-live.com/demo_liver_room',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let log = ''
    ytdlp.stdout.on('data', (d: Buffer) => (log += d.toString()))
    ytdlp.stderr.on('data', (d: Buffer) => (log += d.toString()))
    // A live has no end: stop the recording after a while, as a person would (yt-dlp finishes
    // the file on SIGINT).
    await expect.poll(() => fs.existsSync(out), { timeout: 30_000 }).toBe(true)
    await new Promise((r) => setTimeout(r, 6000))
    ytdlp.kill('SIGINT')
    await new Promise((r) => ytdlp.once('exit', r))
    const probe = spawnSync('ffprobe', [
      ...['-v', 'error', '-show_entries', 'stream=codec_type:format=duration'],
      ...['-of', 'json', out],
    ])
    const info = JSON.parse(probe.stdout.toString()) as {
      streams?: Array<{ codec_type: string }>
      format?: { duration?: string }
    }
    expect(info.streams?.map((s) => s.codec_type).sort(), log).toEqual(['audio', 'video'])
    expect(Number(info.format?.duration)).toBeGreaterThan(3)
  }, 60_000)
})
