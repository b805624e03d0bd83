import { parseInit, parseMoof, shiftDecodeTimes, type TrackInfo, type TrackRun } from './fmp4.ts'
import { IngestMeter } from './meter.ts'
import { DEFAULT_PART_TARGET_S, MIN_SEGMENT_S, partTargetFor } from './timing.ts'

/**
 * One rendition of a live as Low-Latency HLS (RFC 8216bis): fMP4 fragments from ffmpeg become
 * parts (`EXT-X-PART`), a keyframe starts a segment, and requests for what is not made yet wait
 * for it (blocking playlist reload, preload hints). Kept in memory: a live's last few segments.
 */

/** Segments in a playlist; parts are listed for the last ones only. */
const PLAYLIST_SEGMENTS = 6
/** Segments kept in memory: the playlist's, and a little more for players still fetching. */
const KEPT_SEGMENTS = 10

export interface Part {
  data: Buffer
  duration: number
  independent: boolean
}

export interface Segment {
  msn: number
  /** Index of the init segment (`init-{n}.mp4`) its fragments follow. */
  init: number
  parts: Part[]
  duration: number
  complete: boolean
  /** Wall-clock time (ms) of its first frame, as `EXT-X-PROGRAM-DATE-TIME`. */
  pdt: number
  /** Its start on the rendition's media timeline (s). */
  start: number
  /** No media: the rendition's encoder was down (`EXT-X-GAP`). */
  gap: boolean
}

type Waiter = () => void

/** What decides a fragment's segment: the source counts, a ladder rung follows the source. */
export interface SegmentClock {
  /**
   * The msn of a new segment starting at `start` (s on the source's timeline), or null to not
   * cut; and its wall-clock time (ms) when the source already dated that moment (a rung's frames
   * leave the transcoder late, but name the same moment of the live as the source's).
   */
  segmentAt(start: number, rendition: Rendition): { msn: number; pdt: number | null } | null
}

export class Rendition {
  readonly inits: Buffer[] = []
  tracks: TrackInfo[] = []
  segments: Segment[] = []
  /** Seconds added to this run's fragment times, so each run continues the live's timeline. */
  private offset = 0
  /** The wall-clock ms at media time 0 of this run. */
  private wallAtZero: number | null = null
  private waiters: Waiter[] = []
  /** What arrives: bitrates and frame rate. */
  readonly meter = new IngestMeter()
  lastDataAt = 0
  /** PART-TARGET: fixed once the first segment is listed (it must not change in a playlist). */
  partTarget = DEFAULT_PART_TARGET_S
  /** Keyframes seen in this run: the first one's segment is not kept (see `fragment`). */
  private runKeyframes = 0
  /** Init ids start from the clock, so a later live of the same room never reuses a name. */
  private readonly initBase = Math.floor(Date.now() / 1000)

  constructor(
    readonly name: string,
    private readonly clock: SegmentClock,
  ) {}

  get videoTrack(): TrackInfo | undefined {
    return this.tracks.find((t) => t.kind === 'video')
  }

  /** A new run (an encoder's first or renewed connection, a restarted transcoder) begins. */
  begin(init: Buffer, offsetSeconds: number): void {
    this.tracks = parseInit(init)
    this.inits.push(init)
    this.offset = offsetSeconds
    this.wallAtZero = null
    this.runKeyframes = 0
    this.closeSegment()
  }

  /** A fragment's start (s, on the run's own clock, before any offset); if a keyframe's. */
  runStart(moof: Buffer): { start: number; keyframe: boolean } | null {
    const main = this.mainRun(parseMoof(moof, this.tracks))
    if (!main) return null
    const keyframe = main.track.kind !== 'video' || main.run.startsWithSync
    return { start: main.run.baseTime / main.track.timescale, keyframe }
  }

  /** The wall-clock ms of `start` (s, timeline) by this run's first fragment's arrival. */
  dateOf(start: number): number | null {
    return this.wallAtZero === null ? null : Math.round(this.wallAtZero + start * 1000)
  }

  /** Sets the run's offset after `begin`, once the first fragment tells where it belongs. */
  shiftRun(offsetSeconds: number): void {
    this.offset = offsetSeconds
  }

  /** The end of the newest segment on the live's timeline (s): where a new run continues. */
  get timelineEnd(): number {
    const last = this.segments.at(-1)
    return last ? last.start + last.duration : 0
  }

  get lastMsn(): number {
    return this.segments.at(-1)?.msn ?? -1
  }

  /** The time (s, this run's own clock) a fragment starts at, from its main track. */
  private mainRun(runs: TrackRun[]): { run: TrackRun; track: TrackInfo } | null {
    const main = this.videoTrack ?? this.tracks[0]
    const run = runs.find((r) => r.id === main?.id)
    return main && run ? { run, track: main } : null
  }

  /** One `moof`+`mdat` from ffmpeg. Returns its start (s, timeline) when it began a segment. */
  fragment(moof: Buffer, mdat: Buffer, now: number): number | null {
    const runs = parseMoof(moof, this.tracks)
    const main = this.mainRun(runs)
    if (!main) return null
    const data = Buffer.concat([moof, mdat])
    if (this.offset !== 0) shiftDecodeTimes(data, moof.length, this.tracks, this.offset)
    const start = main.run.baseTime / main.track.timescale + this.offset
    const duration = main.run.duration / main.track.timescale
    this.wallAtZero ??= now - start * 1000
    this.lastDataAt = now
    this.meter.count(runs, this.tracks, now)

    const independent = main.track.kind !== 'video' || main.run.startsWithSync
    if (independent) this.runKeyframes++
    // A reader that joins a stream gets its first frame with an odd, long duration, and a
    // transcoder's first keyframe interval is off while it settles: a run starts at its second
    // keyframe, so every part keeps to the target and the rungs line up with the source.
    if (this.runKeyframes < 2) return null
    const current = this.segments.at(-1)
    let began: number | null = null
    const open = current && !current.complete ? current : null
    if (independent && (!open || start - open.start >= MIN_SEGMENT_S)) {
      const at = this.clock.segmentAt(start, this)
      if (at !== null && at.msn > this.lastMsn) {
        const msn = at.msn
        this.closeSegment()
        if (this.segments.length === 0 && main.track.kind === 'video' && main.run.samples > 0) {
          this.partTarget = partTargetFor(
            main.run.duration / main.run.samples / main.track.timescale,
          )
        }
        this.fillGaps(msn, start)
        this.segments.push({
          msn,
          init: this.initBase + this.inits.length - 1,
          parts: [],
          duration: 0,
          complete: false,
          pdt: at.pdt ?? Math.round(this.wallAtZero + start * 1000),
          start,
          gap: false,
        })
        began = start
      }
    }
    const segment = this.segments.at(-1)
    // Before the first keyframe there is nothing a player could start from.
    if (!segment || segment.complete) return began
    segment.parts.push({ data, duration, independent })
    segment.duration = start + duration - segment.start
    while (this.segments.length > KEPT_SEGMENTS) this.segments.shift()
    this.wake()
    return began
  }

  /** The rendition's encoder stopped: its open segment is complete as it stands. */
  closeSegment(): void {
    const open = this.segments.at(-1)
    if (open && !open.complete) {
      open.complete = true
      this.wake()
    }
  }

  /** Segments the rendition missed (its transcoder was down) are listed as gaps. */
  private fillGaps(msn: number, start: number): void {
    const last = this.segments.at(-1)
    if (!last) return
    const missing = msn - last.msn - 1
    if (missing <= 0) return
    const end = last.start + last.duration
    const each = Math.max(0.1, (start - end) / missing)
    for (let i = 0; i < Math.min(missing, KEPT_SEGMENTS); i++) {
      this.segments.push({
        msn: msn - Math.min(missing, KEPT_SEGMENTS) + i,
        init: last.init,
        parts: [],
        duration: each,
        complete: true,
        pdt: last.pdt + Math.round((end - last.start + i * each) * 1000),
        start: end + i * each,
        gap: true,
      })
    }
  }

  /** The peak bitrate over a complete segment (bits/s), as a master playlist's BANDWIDTH. */
  peakBandwidth(): number {
    let peak = 0
    for (const s of this.segments) {
      if (!s.complete || s.gap || s.duration <= 0) continue
      const bytes = s.parts.reduce((n, p) => n + p.data.length, 0)
      peak = Math.max(peak, Math.round((bytes * 8) / s.duration))
    }
    return peak
  }

  /** The average interval between segment starts (s): the encoder's keyframe interval. */
  keyframeInterval(): number | null {
    const complete = this.segments.filter((s) => s.complete && !s.gap)
    if (complete.length === 0) return null
    return Math.round((complete.reduce((n, s) => n + s.duration, 0) / complete.length) * 100) / 100
  }

  /** Where the rendition stands: the newest part of the newest segment. */
  edge(): { msn: number; part: number } | null {
    const last = this.segments.at(-1)
    if (!last) return null
    if (last.complete) return { msn: last.msn + 1, part: -1 }
    return { msn: last.msn, part: last.parts.length - 1 }
  }

  /** Whether `msn`/`part` exists (part undefined: the whole segment is complete). */
  has(msn: number, part: number | undefined): boolean {
    const segment = this.segments.find((s) => s.msn === msn)
    if (segment)
      return part === undefined ? segment.complete : segment.complete || segment.parts.length > part
    return msn < (this.segments[0]?.msn ?? 0) || this.lastMsn > msn
  }

  /** Resolves true when `ready()` holds, false after `timeoutMs` or when `signal` aborts. */
  waitFor(ready: () => boolean, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    if (ready()) return Promise.resolve(true)
    return new Promise((resolve) => {
      const check: Waiter = () => {
        if (!ready()) return
        done(true)
      }
      const timer = setTimeout(() => done(false), timeoutMs)
      const onAbort = () => done(false)
      const done = (value: boolean) => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        this.waiters = this.waiters.filter((w) => w !== check)
        resolve(value)
      }
      signal?.addEventListener('abort', onAbort)
      this.waiters.push(check)
    })
  }

  /** Wakes every waiter; each checks its own condition. Also called when the live ends. */
  wake(): void {
    for (const waiter of [...this.waiters]) waiter()
  }

  /** The init segment named `init-{id}.mp4`. */
  initByName(id: number): Buffer | undefined {
    return this.inits[id - this.initBase]
  }

  part(msn: number, index: number): Part | undefined {
    return this.segments.find((s) => s.msn === msn && !s.gap)?.parts[index]
  }

  segment(msn: number): Buffer | undefined {
    const s = this.segments.find((x) => x.msn === msn && x.complete && !x.gap)
    return s ? Buffer.concat(s.parts.map((p) => p.data)) : undefined
  }

  /** Segments a playlist lists: the newest few. */
  listed(): Segment[] {
    return this.segments.slice(-PLAYLIST_SEGMENTS)
  }
}
