import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { startMediaHost } from '../server/media/media-host.ts'
import type { BenchResult } from './report.ts'

/**
 * What one OBS live costs the media host: a 1080p30 6 Mbps stream as OBS sends it (x264
 * veryfast, 2 s keyframes, B-frames, AAC), published from a file so the encoder costs nothing
 * here; the source reader (repackaging only), the ladder's transcoder (720p, 360p, 160p) and the
 * packager (this process) are measured from the kernel's CPU counters while the live runs.
 */

const TICKS_PER_S = 100 // USER_HZ on Linux
const KEY = 'bench_ladder'

/** utime + stime of a process, in seconds. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S
}

/** The pids of this process's ffmpeg children reading `what` ('rtmp://' or 'pipe:0'). */
function ffmpegChildren(what: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const status = fs.readFileSync(`/proc/${d}/status`, 'utf8')
        if (!new RegExp(`^PPid:\\s+${process.pid}$`, 'm').test(status)) return false
        return fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').includes(what)
      } catch {
        return false
      }
    })
    .map(Number)
}

export async function benchLadderCpu({ quick }: { quick: boolean }): Promise<BenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-bench-ladder-'))
  const clip = path.join(dir, 'obs-1080p.flv')
  // The encoder's output, made once: what OBS would send at 1080p.
  const made = spawnSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error'],
    ...[
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1920x1080:rate=30',
      '-f',
      'lavfi',
      '-i',
      'sine=sample_rate=48000',
    ],
    ...['-t', '8', '-c:v', 'libx264', '-preset', 'veryfast', '-g', '60', '-bf', '2'],
    ...['-b:v', '6000k', '-maxrate', '6000k', '-bufsize', '6000k', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '160k', '-f', 'flv', clip],
  ])
  if (made.status !== 0)
    throw new Error(`ffmpeg could not make the clip: ${made.stderr.toString()}`)

  const site = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json')
      res.end(JSON.stringify({ room_url_key: KEY }))
    })
  })
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
  const rtmpPort = 19950 + Math.floor(Math.random() * 40)
  const media = await startMediaHost({
    mediaDir: dir,
    rtmpPort,
    httpPort: 0,
    httpHost: '127.0.0.1',
    siteUrl: `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
    secret: undefined,
    log: () => {},
  })
  const encoder = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', clip],
      ...['-c', 'copy', '-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/live/bench_key`],
    ],
    { stdio: 'ignore' },
  )
  try {
    // Until the ladder has made a few segments of its own.
    const started = Date.now()
    for (;;) {
      const live = media.host.lives.get(KEY)
      const rung = live?.rungs.get('720p')
      if (rung && rung.segments.filter((s) => s.complete).length >= 2) break
      if (Date.now() - started > 30_000) throw new Error('the ladder did not start in 30 s')
      await new Promise((r) => setTimeout(r, 250))
    }
    const [reader] = ffmpegChildren('rtmp://')
    const [ladder] = ffmpegChildren('pipe:0')
    if (!reader || !ladder) throw new Error('ffmpeg processes not found')
    const seconds = quick ? 5 : 12
    const before = {
      reader: cpuSeconds(reader),
      ladder: cpuSeconds(ladder),
      self: process.cpuUsage(),
    }
    const t0 = performance.now()
    await new Promise((r) => setTimeout(r, seconds * 1000))
    const wall = (performance.now() - t0) / 1000
    const self = process.cpuUsage(before.self)
    const share = (cpu: number) => Math.round((cpu / wall) * 1000) / 10
    const readerPct = share(cpuSeconds(reader) - before.reader)
    const ladderPct = share(cpuSeconds(ladder) - before.ladder)
    const packagerPct = share((self.user + self.system) / 1e6)
    const total = readerPct + ladderPct + packagerPct
    const live = media.host.lives.get(KEY)
    return {
      name: 'ladder-cpu',
      description:
        'CPU of one 1080p30 6 Mbps OBS live on the media host: source reader, ladder transcoder (720p/360p/160p, x264 veryfast zerolatency), packager',
      quick,
      at: new Date().toISOString(),
      measures: [
        { name: 'ladder transcoder (720p, 360p, 160p)', value: ladderPct, unit: '% of a core' },
        { name: 'source reader (repackaging)', value: readerPct, unit: '% of a core' },
        { name: 'packager (Node, this process)', value: packagerPct, unit: '% of a core' },
        { name: 'one live in all', value: Math.round(total * 10) / 10, unit: '% of a core' },
        {
          name: 'lives one core carries (with the ladder)',
          value: Math.floor((100 / total) * 10) / 10,
          unit: 'lives',
        },
        {
          name: 'lives one core carries (source only, no ladder)',
          value: Math.floor((100 / (readerPct + packagerPct)) * 10) / 10,
          unit: 'lives',
        },
        {
          name: 'renditions the ladder made',
          value: (live?.ladderRungs.length ?? 0) + 1,
          unit: '',
        },
      ],
    }
  } finally {
    encoder.kill('SIGKILL')
    await media.close()
    site.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
