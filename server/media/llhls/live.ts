import { spawn, type ChildProcess } from 'node:child_process'
import type { Readable } from 'node:stream'
import { ladderArgs, rungsFor, SOURCE_RUNG, type Rung } from './ladder.ts'
import { LayerClock, LayerReaders } from './layers.ts'
import {
  pump,
  restartWait,
  spawnReader,
  type LiveEvents,
  type PublisherEvents,
  type SourceInput,
} from './source.ts'
import { Rendition, type SegmentClock } from './rendition.ts'
import { SourceStarts } from './source-starts.ts'
import { ffmpegBin } from '../../config-media.ts'

export { rtmpSource, type LiveEvents, type PublisherEvents, type SourceInput } from './source.ts'

/** No fragment for this long from a connected encoder: the live is stalled. */
export const STALL_MS = 3000
/** A transcoder this far behind (bytes waiting on its stdin) is restarted rather than waited for. */
const LADDER_BACKLOG_BYTES = 16 * 1024 * 1024

/**
 * One live on the media host: the source rung read by ffmpeg (from nginx-rtmp for OBS, from RTP
 * for a browser), the ladder transcoded from an OBS source, each a Low-Latency HLS rendition.
 * Lives on across an encoder's reconnects (the same playlists continue) until the host drops it.
 */
export class Live {
  readonly source: Rendition
  readonly rungs = new Map<string, Rendition>()
  private ladder: Rung[] = []
  private sourceProcess: ChildProcess | null = null
  private ladderProcess: ChildProcess | null = null
  private ladderFeed: { init: Buffer; started: boolean; alignTo: number | null } | null = null
  private ladderRestarts = 0
  /** Transcoders stopped on purpose (a new source size, the end): not restarted. */
  private retired = new WeakSet<ChildProcess>()
  private sourceRestarts = 0
  private timers = new Set<NodeJS.Timeout>()
  publishing = false
  stalled = false
  readonly since = Date.now()
  /** The source's segment starts on the live's timeline, by msn: the ladder cuts at the same. */
  private readonly starts = new SourceStarts()
  private readonly rungClock: SegmentClock
  /** A simulcast live's clock and its lower layers' readers. */
  private readonly layerClock: LayerClock
  private readonly layerReaders: LayerReaders
  ended = false

  constructor(
    readonly roomUrlKey: string,
    private input: SourceInput,
    private events: LiveEvents,
    private readonly ffmpeg = ffmpegBin(),
  ) {
    // The first msn is the clock's seconds: a later live of the room never reuses a name, so a
    // CDN's copy of an old part can never stand in for a new one.
    const nextMsn = () =>
      this.source.lastMsn < 0 ? Math.floor(this.since / 1000) : this.source.lastMsn + 1
    this.layerClock = new LayerClock(nextMsn)
    // A simulcast live's renditions keep one clock; otherwise the source counts, the rungs follow.
    this.source = new Rendition(SOURCE_RUNG.name, {
      segmentAt: (start, r) =>
        this.input.layers ? this.layerClock.segmentAt(start, r) : { msn: nextMsn(), pdt: null },
    })
    this.rungClock = {
      segmentAt: (start, r) =>
        (this.input.layers ? this.layerClock : this.starts.rungClock).segmentAt(start, r),
    }
    this.layerReaders = new LayerReaders(
      this.ffmpeg,
      this.layerClock,
      (message) => this.events.log(message),
      (now) => this.videoCame(now),
    )
  }

  get inputKind(): SourceInput['kind'] {
    return this.input.kind
  }

  /** A publisher that came back: its source is read from where it now sends (at publish()). */
  setInput(input: SourceInput): void {
    this.input = input
  }

  /** A publisher that came back brings its own (a WebRTC session's keyframe requests). */
  setEvents(extra: PublisherEvents): void {
    this.events = { ...this.events, ...extra }
  }

  /** Whether the publisher sends its own ladder (simulcast layers). */
  get simulcast(): boolean {
    return this.input.layers !== undefined
  }

  /** The rungs below the source: its simulcast layers, or once its size is known (best first). */
  get ladderRungs(): readonly Rung[] {
    return this.input.layers?.map((l) => l.rung) ?? this.ladder
  }

  /** The encoder (re)connected: read its stream (and its simulcast layers). */
  publish(): void {
    this.publishing = true
    this.sourceRestarts = 0
    this.startSource()
    const layers = (this.input.layers ?? []).map((l) => ({ ...l, rendition: this.rung(l.rung) }))
    this.layerReaders.start(layers)
  }

  /** A rung's rendition, made the first time it is named. */
  private rung(rung: Rung): Rendition {
    const made = this.rungs.get(rung.name) ?? new Rendition(rung.name, this.rungClock)
    this.rungs.set(rung.name, made)
    return made
  }

  /** The encoder disconnected: stop reading; the playlists stay until the host drops the live. */
  unpublish(): void {
    this.publishing = false
    this.sourceProcess?.kill('SIGKILL')
    this.sourceProcess = null
    this.layerReaders.stop()
    this.stopLadder()
    this.source.closeSegment()
    for (const r of this.rungs.values()) r.closeSegment()
  }

  private readonly endListeners: Array<() => void> = []

  /** `listener` runs when the live ends (at once if it has); the answer stops listening. */
  onEnd(listener: () => void): () => void {
    if (this.ended) listener()
    else this.endListeners.push(listener)
    return () => {
      const at = this.endListeners.indexOf(listener)
      if (at >= 0) this.endListeners.splice(at, 1)
    }
  }

  end(): void {
    if (this.ended) return
    this.ended = true
    for (const listener of this.endListeners.splice(0)) listener()
    this.unpublish()
    for (const t of this.timers) clearTimeout(t)
    this.timers.clear()
    this.source.wake()
    for (const r of this.rungs.values()) r.wake()
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      run()
    }, ms)
    this.timers.add(timer)
  }

  private startSource(): void {
    if (this.ended || !this.publishing || this.sourceProcess) return
    const startedAt = Date.now()
    let firstRun = true
    const layers = this.input.layers !== undefined
    const child = spawnReader(
      this.ffmpeg,
      this.input,
      (init) => {
        // A new connection continues the live's timeline where the last one stopped.
        this.source.begin(init, this.source.timelineEnd)
        if (layers) this.layerClock.newRun(this.source, Date.now())
        this.onSourceInit()
      },
      (moof, mdat) => {
        if (layers && !this.layerClock.place(this.source, moof, Date.now())) return
        if (firstRun) {
          firstRun = false
          this.sourceRestarts = 0
        }
        this.onSourceFragment(moof, mdat)
      },
      (message) => this.events.log(`source: ${message}`),
    )
    this.sourceProcess = child
    this.events.sourceStarted?.()
    child.on('exit', () => {
      if (this.sourceProcess === child) this.sourceProcess = null
      this.source.closeSegment()
      // Still publishing: nginx had not the stream yet, or the reader died. Read again.
      if (this.publishing && !this.ended) {
        const wait = restartWait(this.sourceRestarts++)
        this.events.log(
          `source reader exited after ${Date.now() - startedAt} ms; again in ${wait} ms`,
        )
        this.later(wait, () => this.startSource())
      }
    })
  }

  private onSourceInit(): void {
    const video = this.source.videoTrack
    const next = video?.height && this.input.ladder ? rungsFor(video.height) : []
    if (next.map((r) => r.name).join() !== this.ladder.map((r) => r.name).join()) {
      this.stopLadder()
      this.ladder = next
      for (const r of next) this.rung(r)
    } else this.stopLadder()
    if (this.ladder.length > 0) this.startLadder()
  }

  private onSourceFragment(moof: Buffer, mdat: Buffer): void {
    const now = Date.now()
    const began = this.source.fragment(moof, mdat, now)
    if (began !== null) {
      const pdt = this.source.segments.at(-1)?.pdt ?? now
      this.starts.add({ msn: this.source.lastMsn, start: began, pdt })
    }
    this.videoCame(now)
    const feed = this.ladderFeed
    const process = this.ladderProcess
    if (!feed || !process?.stdin || process.stdin.destroyed) return
    // A transcoder starts reading at a keyframe, on a segment boundary.
    if (!feed.started) {
      if (began === null) return
      feed.started = true
      feed.alignTo = began
      process.stdin.write(feed.init)
    }
    const part = this.source.segments.at(-1)?.parts.at(-1)
    if (part) process.stdin.write(part.data)
    if (process.stdin.writableLength > LADDER_BACKLOG_BYTES) {
      this.events.log('ladder fell behind; restarting it')
      process.kill('SIGKILL')
    }
  }

  /** A fragment came: a stalled live is back, but only with its video (not a browser's sound). */
  private videoCame(now: number): void {
    const video = this.events.lastVideoAt?.()
    if (this.stalled && (video === undefined || now - video < STALL_MS)) {
      this.stalled = false
      this.events.stall(false)
    }
  }

  private startLadder(): void {
    const video = this.source.videoTrack
    const init = this.source.inits.at(-1)
    if (this.ended || !video?.width || !video.height || !init || this.ladder.length === 0) return
    const rungs = this.ladder
    const child = spawn(this.ffmpeg, ladderArgs(rungs, video.width, video.height), {
      stdio: ['pipe', 'ignore', 'pipe', ...rungs.map(() => 'pipe' as const)],
    })
    this.ladderProcess = child
    const feed = { init, started: false, alignTo: null as number | null }
    this.ladderFeed = feed
    const startedAt = Date.now()
    child.stdin?.on('error', () => {}) // a dead transcoder's pipe; its exit restarts it
    rungs.forEach((rung, i) => {
      const rendition = this.rungs.get(rung.name)
      const out = child.stdio[3 + i] as Readable | null
      if (!rendition || !out) return
      let firstStart: number | null = null
      let init: Buffer | null = null
      pump(
        out,
        (data) => {
          init = data
        },
        (moof, mdat) => {
          // The first fragment of this run is the keyframe fed at `alignTo`: it sets the offset.
          if (init) {
            const pending = init
            init = null
            rendition.begin(pending, 0)
            firstStart = rendition.runStart(moof)?.start ?? null
            rendition.shiftRun((feed.alignTo ?? 0) - (firstStart ?? 0))
          }
          rendition.fragment(moof, mdat, Date.now())
        },
      )
    })
    child.stderr?.on('data', (d: Buffer) => this.events.log(`ladder: ${d.toString().trim()}`))
    child.on('exit', (code, signal) => {
      if (this.ladderProcess === child) {
        this.ladderProcess = null
        this.ladderFeed = null
      }
      for (const r of rungs) this.rungs.get(r.name)?.closeSegment()
      if (this.ended || !this.publishing || this.retired.has(child)) return
      // Ran a while: a fresh failure. Crashing at once again and again: back off.
      if (Date.now() - startedAt > 30_000) this.ladderRestarts = 0
      const wait = restartWait(this.ladderRestarts++)
      this.events.log(`ladder exited (${signal ?? code}); restarting in ${wait} ms`)
      this.later(wait, () => {
        if (!this.ladderProcess && this.publishing) this.startLadder()
      })
    })
  }

  private stopLadder(): void {
    const child = this.ladderProcess
    this.ladderProcess = null
    this.ladderFeed = null
    if (child) {
      this.retired.add(child)
      child.kill('SIGKILL')
    }
  }

  /** Checks for a stalled encoder; the host calls it every second. */
  tick(now: number): void {
    if (!this.publishing || this.stalled) return
    const last = this.events.lastVideoAt?.() || this.source.lastDataAt || this.since
    if (now - last > STALL_MS) {
      this.stalled = true
      this.events.stall(true)
    }
  }

  /** The transcoder process, for the fault tests (killed to prove the source plays on). */
  get ladderPid(): number | undefined {
    return this.ladderProcess?.pid
  }

  get ladderRunning(): boolean {
    return this.ladderProcess !== null && this.ladderFeed?.started === true
  }
}
