import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { parse, setOptions, types } from 'hls-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { partTargetFor } from '../../server/media/llhls/timing.ts'

// The encoder's frame rate below: 30 fps, five frames a part.
const PART_TARGET_S = partTargetFor(1 / 30)
import { startMediaHost, type RunningMediaHost } from '../../server/media/media-host.ts'

// The media host on its own, with the real nginx-rtmp and ffmpeg: an encoder publishes as OBS
// does (x264, 2 s keyframes, B-frames, AAC), and the playlists are read as players read them.
// The site is a stand-in that accepts every key and records the callbacks.

setOptions({ strictMode: true })

interface Callback {
  call: string
  body: URLSearchParams
}
const callbacks: Callback[] = []
let site: http.Server
let media: RunningMediaHost
let encoder: ChildProcess | undefined
let rtmpUrl = ''
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-llhls-'))
const KEY = 'llhls_room'

/** ffmpeg as OBS sets it up: x264 veryfast, 2 s keyframes, 2 B-frames, CBR, AAC 48 kHz. */
function publish(streamKey: string): ChildProcess {
  return spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=854x480:rate=30'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '60', '-bf', '2', '-b:v', '1500k'],
      ...['-maxrate', '1500k', '-bufsize', '1500k', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '128k', '-f', 'flv', `${rtmpUrl}/${streamKey}`],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  )
}

const get = async (file: string) => {
  const answer = await fetch(`${media.url}/lives/${KEY}/${file}`)
  return { status: answer.status, headers: answer.headers, text: await answer.text() }
}

const mediaPlaylist = async (file: string) => {
  const { status, text } = await get(file)
  expect(status, file).toBe(200)
  const playlist = parse(text)
  if (!(playlist instanceof types.MediaPlaylist)) throw new Error(`${file} is not a media playlist`)
  return { playlist, text }
}

/** The newest msn and part a playlist names (parts of the open segment, or the last segment's). */
const edgeOf = (text: string) => {
  const parts = [...text.matchAll(/URI="(\d+)\.(\d+)\.m4s"/g)].map((m) => ({
    msn: Number(m[1]),
    part: Number(m[2]),
  }))
  const hint = /PRELOAD-HINT:TYPE=PART,URI="(\d+)\.(\d+)\.m4s"/.exec(text)
  return { last: parts.at(-1), hint: hint ? { msn: Number(hint[1]), part: Number(hint[2]) } : null }
}

/** Runs a program to its end without blocking this process (the media host lives here). */
function runProcess(
  file: string,
  args: string[],
): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    child.on('exit', (status) => {
      clearTimeout(timer)
      resolve({ status, stderr })
    })
  })
}

async function until<T>(
  what: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  ms = 20_000,
): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await what()
    if (value) return value
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 250))
  }
}

beforeAll(async () => {
  site = http.createServer((req, res) => {
    let body = ''
    req.on('data', (d: Buffer) => (body += d.toString()))
    req.on('end', () => {
      callbacks.push({ call: req.url ?? '', body: new URLSearchParams(body) })
      res.setHeader('Content-Type', 'application/json')
      res.end(JSON.stringify({ room_url_key: KEY }))
    })
  })
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
  const rtmpPort = 19900 + Math.floor(Math.random() * 90)
  rtmpUrl = `rtmp://127.0.0.1:${rtmpPort}/live`
  media = await startMediaHost({
    mediaDir: dir,
    rtmpPort,
    httpPort: 0,
    httpHost: '127.0.0.1',
    siteUrl: `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
    secret: undefined,
    log: () => {},
  })
  encoder = publish('stream_key_1')
  await until(async () => (await get('source/ll.m3u8')).status === 200)
})

afterAll(async () => {
  encoder?.kill('SIGKILL')
  await media.close()
  site.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('the media host packages an OBS live as Low-Latency HLS with a ladder', () => {
  it('checks the publish with the site and offers the source and the rungs below it', async () => {
    expect(
      callbacks.some(
        (c) => c.call.startsWith('/media/rtmp/on_publish') && c.body.get('name') === 'stream_key_1',
      ),
    ).toBe(true)
    const { status, headers, text } = await get('abr.m3u8')
    expect(status).toBe(200)
    expect(headers.get('content-type')).toBe('application/x-mpegURL')
    const master = parse(text)
    if (!(master instanceof types.MasterPlaylist)) throw new Error('not a master playlist')
    const variants = master.variants.map((v) => ({
      uri: v.uri,
      height: v.resolution?.height,
      codecs: v.codecs,
    }))
    // 480p source: passed through on top, 360p and 160p below, nothing upscaled to 720p.
    expect(variants.map((v) => [v.uri, v.height])).toEqual([
      ['source/ll.m3u8', 480],
      ['360p/ll.m3u8', 360],
      ['160p/ll.m3u8', 160],
    ])
    for (const v of variants) expect(v.codecs).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/)
  })

  it('writes a low-latency playlist a checker accepts: parts, a preload hint, blocking reload', async () => {
    // Wait for two whole segments past the first (the reader joined mid-stream).
    const { playlist, text } = await until(async () => {
      const p = await mediaPlaylist('source/ll.m3u8')
      return p.playlist.segments.filter((s) => s.duration > 0).length >= 3 ? p : null
    }, 30_000)
    expect(playlist.lowLatencyCompatibility).toMatchObject({ canBlockReload: true })
    expect(playlist.partTargetDuration).toBe(PART_TARGET_S)
    expect(text).toContain('#EXT-X-PRELOAD-HINT:TYPE=PART')
    const complete = playlist.segments.filter((s) => s.uri && s.duration > 0).slice(1)
    // A segment per keyframe: OBS's 2 s.
    for (const s of complete) expect(s.duration).toBeCloseTo(2, 1)
    // Every part no longer than the target; the first of each segment independent.
    const parts = [
      ...text.matchAll(/#EXT-X-PART:DURATION=([\d.]+),URI="\d+\.(\d+)\.m4s"(,INDEPENDENT=YES)?/g),
    ]
    expect(parts.length).toBeGreaterThan(10)
    for (const p of parts.slice(-10)) expect(Number(p[1])).toBeLessThanOrEqual(PART_TARGET_S)
    for (const p of parts) if (p[2] === '0') expect(p[3]).toBe(',INDEPENDENT=YES')

    // A blocking request for the hinted part answers once it exists, and names it.
    const { hint } = edgeOf(text)
    if (!hint) throw new Error('no preload hint')
    const started = performance.now()
    const blocked = await get(`source/ll.m3u8?_HLS_msn=${hint.msn}&_HLS_part=${hint.part}`)
    expect(blocked.status).toBe(200)
    expect(blocked.text).toContain(`URI="${hint.msn}.${hint.part}.m4s"`)
    expect(performance.now() - started).toBeLessThan(3000)
    // The hinted part itself, asked for before it exists, is held until it is made.
    const next = edgeOf(blocked.text).hint
    if (!next) throw new Error('no preload hint')
    const part = await fetch(`${media.url}/lives/${KEY}/source/${next.msn}.${next.part}.m4s`)
    expect(part.status).toBe(200)
    expect(part.headers.get('cache-control')).toContain('immutable')
    const bytes = Buffer.from(await part.arrayBuffer())
    expect(bytes.toString('latin1', 4, 8)).toBe('moof')
    // Far ahead of the live edge: refused at once, not held.
    expect((await get(`source/ll.m3u8?_HLS_msn=${hint.msn + 5}`)).status).toBe(400)
  }, 40_000)

  it('cuts every rung at the source keyframes and dates them alike, so players switch cleanly', async () => {
    const starts = async (rung: string) => {
      const { playlist } = await mediaPlaylist(`${rung}/index.m3u8`)
      return new Map(
        playlist.segments.map((s) => [
          s.mediaSequenceNumber,
          { duration: s.duration, date: s.programDateTime?.getTime() ?? NaN },
        ]),
      )
    }
    const source = await starts('source')
    const low = await until(async () => {
      const rung = await starts('360p')
      return rung.size >= 2 ? rung : null
    })
    let shared = 0
    for (const [msn, { duration, date }] of low) {
      const other = source.get(msn)
      if (other === undefined || duration < 1) continue
      expect(Math.abs(other.duration - duration)).toBeLessThan(0.15)
      // The transcoder's frames arrive late, but they are the same moment of the live: a player
      // aligning the rungs by date would otherwise misjudge its distance to the edge.
      expect(Math.abs(other.date - date)).toBeLessThan(150)
      shared++
    }
    expect(shared).toBeGreaterThanOrEqual(1)
  })

  it('plays in a player that knows only plain HLS (ffmpeg), from both playlists', async () => {
    for (const file of ['source/index.m3u8', '360p/ll.m3u8']) {
      const out = path.join(dir, `${file.replace('/', '-')}.mp4`)
      // Not spawnSync: the media host runs in this process and must go on serving.
      const run = await runProcess('ffmpeg', [
        '-hide_banner',
        '-loglevel',
        'error',
        '-i',
        `${media.url}/lives/${KEY}/${file}`,
        '-t',
        '3',
        '-c',
        'copy',
        '-y',
        out,
      ])
      expect(run.status, run.stderr).toBe(0)
      const probe = spawnSync('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_type',
        '-of',
        'csv=p=0',
        out,
      ])
      expect(probe.stdout.toString().split('\n').filter(Boolean).sort()).toEqual(['audio', 'video'])
    }
  }, 60_000)

  it('restarts a transcoder that dies while the source plays on', async () => {
    const live = media.host.lives.get(KEY)
    const pid = await until(() => live?.ladderPid)
    const before = edgeOf((await get('source/ll.m3u8')).text).last
    process.kill(pid, 'SIGKILL')
    await new Promise((r) => setTimeout(r, 1500))
    const after = edgeOf((await get('source/ll.m3u8')).text).last
    // The source kept making parts meanwhile.
    expect((after?.msn ?? 0) * 100 + (after?.part ?? 0)).toBeGreaterThan(
      (before?.msn ?? 0) * 100 + (before?.part ?? 0) + 3,
    )
    // A new transcoder, and the rung goes on past where it stopped.
    const lastLow =
      (await mediaPlaylist('360p/index.m3u8')).playlist.segments.at(-1)?.mediaSequenceNumber ?? 0
    await until(() => live?.ladderPid !== undefined && live.ladderPid !== pid)
    await until(async () => {
      const { playlist } = await mediaPlaylist('360p/index.m3u8')
      return playlist.segments.some((s) => s.mediaSequenceNumber > lastLow + 1 && !s.gap)
    }, 20_000)
  }, 40_000)

  it('tells the site when the encoder stalls and when it comes back', async () => {
    encoder?.kill('SIGSTOP')
    const stalled = await until<Callback>(() =>
      callbacks.find(
        (c) => c.call.startsWith('/media/rtmp/on_stall') && c.body.get('stalled') === '1',
      ),
    )
    expect(stalled.body.get('name')).toBe('stream_key_1')
    encoder?.kill('SIGCONT')
    await until(() =>
      callbacks.find(
        (c) => c.call.startsWith('/media/rtmp/on_stall') && c.body.get('stalled') === '0',
      ),
    )
  }, 30_000)

  it('continues the same playlists when the encoder reconnects', async () => {
    const before = (await mediaPlaylist('source/ll.m3u8')).playlist
    const lastMsn = before.segments.at(-1)?.mediaSequenceNumber ?? 0
    encoder?.kill('SIGKILL')
    await until(() => callbacks.find((c) => c.call.startsWith('/media/rtmp/on_publish_done')))
    encoder = publish('stream_key_1')
    const { text } = await until(async () => {
      const p = await mediaPlaylist('source/ll.m3u8')
      return p.playlist.segments.some((s) => s.mediaSequenceNumber > lastMsn + 1 && s.duration > 0)
        ? p
        : null
    }, 30_000)
    // The same live: numbers go on, and the new connection's init segment is announced.
    expect(parse(text).isMasterPlaylist).toBe(false)
    const maps = new Set([...text.matchAll(/#EXT-X-MAP:URI="([^"]+)"/g)].map((m) => m[1]))
    expect(maps.size).toBeGreaterThanOrEqual(2)
    for (const map of maps)
      expect((await fetch(`${media.url}/lives/${KEY}/source/${map}`)).status).toBe(200)
  }, 60_000)
})
