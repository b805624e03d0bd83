import type { ChildProcess } from 'node:child_process'
import { rungsFor, SOURCE_RUNG, type Rung } from './ladder.ts'
import { LayerClock, LayerReaders } from './layers.ts'
import {
  restartWait,
  spawnReader,
  type LiveEvents,
  type PublisherEvents,
  type SourceInput,
} from './source.ts'
import { Rendition, type SegmentClock } from './rendition.ts'
import { SourceStarts } from './source-starts.ts'
import { Transcoder } from './transcoder.ts'
import { ffmpegBin } from '../../config-media.ts'

export { rtmpSource, type LiveEvents, type PublisherEvents, type SourceInput } from './source.ts'

/** No fragment for this long from a connected encoder: the live is stalled. */
export const STALL_MS = 3000

/**
 * One live on the media host: the source rung read by ffmpeg (from nginx-rtmp for OBS, from RTP
 * for a browser), the ladder transcoded from an OBS source or sent by the browser (simulcast
 * layers, each read as it comes), each a Low-Latency HLS rendition.
 * Lives on across an encoder's reconnects (the same playlists continue) until the host drops it.
 */
export class Live {
  readonly source: Rendition
  readonly rungs = new Map<string, Rendition>()
  private ladder: Rung[] = []
  private sourceProcess: ChildProcess | null = null
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
  /** An OBS live's ladder. */
  private readonly transcoder: Transcoder
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
    this.transcoder = new Transcoder(
      this.ffmpeg,
      this.source,
      () => this.ladder,
      (rung) => this.rungs.get(rung.name),
      () => this.publishing && !this.ended,
      (message) => this.events.log(message),
    )
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

  /** A simulcast live's lower layers' renditions (none for an OBS live). */
  get layerRenditions(): Rendition[] {
    return this.simulcast ? this.ladderRungs.flatMap((r) => this.rungs.get(r.name) ?? []) : []
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
    this.input.release?.()
    this.transcoder.stop()
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
    this.transcoder.stop()
    this.ladder = next
    for (const r of next) this.rung(r)
    this.transcoder.start()
  }

  private onSourceFragment(moof: Buffer, mdat: Buffer): void {
    const now = Date.now()
    const began = this.source.fragment(moof, mdat, now)
    if (began !== null) {
      const pdt = this.source.segments.at(-1)?.pdt ?? now
      this.starts.add({ msn: this.source.lastMsn, start: began, pdt })
    }
    this.videoCame(now)
    this.transcoder.write(began)
  }

  /** A fragment came: a stalled live is back, but only with its video (not a browser's sound). */
  private videoCame(now: number): void {
    const video = this.events.lastVideoAt?.()
    if (this.stalled && (video === undefined || now - video < STALL_MS)) {
      this.stalled = false
      this.events.stall(false)
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
    return this.transcoder.pid
  }

  get ladderRunning(): boolean {
    return this.transcoder.running
  }
}
