import type { ChildProcess } from 'node:child_process'
import type { Rung } from './ladder.ts'
import type { Rendition, SegmentClock } from './rendition.ts'
import { restartWait, spawnReader, type ReaderInput } from './source.ts'

/** A segment start every layer shares: its msn, place on the live's timeline (s), date (ms). */
interface Start {
  msn: number
  start: number
  pdt: number
}

/**
 * A keyframe of a placed layer: where it is on the live's timeline (s), when it came (ms), and
 * whose: the rendition and when its run began.
 */
interface Sighting {
  start: number
  seenAt: number
  by: Rendition
  since: number
}

/** A layer's current run of its reader: where it is placed, or what it waits with. */
interface Run {
  offset: number | null
  since: number
  keyframes: number
  /** Its latest keyframe while it waits (its own time, s; when it came, ms). */
  waiting: { at: number; seenAt: number; keyframes: number } | null
}

/** How many recent starts and keyframes a layer can match against. */
const KEPT = 20
/** A start this near in time (s) is the same keyframe (segments are ≥ 1 s apart). */
const SAME_START_S = 0.4
/**
 * The same frame of two layers leaves their readers this close together (ms): the browser sends
 * a frame's layers together (measured within 10 ms), and each reader lets a keyframe's fragment
 * go when the next begins. Keyframes of different frames are further apart (≥ 55 ms measured,
 * in the layers' first second; a second apart after).
 */
const SAME_FRAME_MS = 60
/**
 * A layer that starts while others run waits this long for a keyframe they share (each is asked
 * for at once); after it, its place is judged by the clock.
 */
const WAIT_SHARED_MS = 3000

/**
 * The clock of a live whose publisher sends its own ladder (WebRTC simulcast, issue #51): each
 * layer is its own rendition read by its own ffmpeg, the keyframes asked of all of them at once.
 * Any layer may begin a segment (the browser turns its top layer off when its network narrows,
 * and the live goes on in the others); the others take that segment's msn and date when they
 * cut at the same frame, so players switch between them cleanly.
 *
 * Each reader's times start at 0, so a run is placed on the live's timeline at a keyframe: while
 * other layers run, one of theirs that came at the same moment (the same frame: they leave the
 * readers together), not the run's first (a layer that comes on begins with a keyframe of its
 * own; the next, asked of all, is shared); with none running, where the live left off.
 */
export class LayerClock implements SegmentClock {
  private starts: Start[] = []
  private sightings: Sighting[] = []
  private readonly runs = new Map<Rendition, Run>()

  /** `firstMsn`: the least number a new segment may take (past the source's, from an OBS run). */
  constructor(private readonly firstMsn: () => number) {}

  /** A rendition began a new run (its reader (re)started): it is placed anew. */
  newRun(rendition: Rendition, now: number): void {
    this.runs.set(rendition, { offset: null, since: now, keyframes: 0, waiting: null })
  }

  /**
   * Before a fragment of `rendition` is cut: false while its run is not placed (the fragment is
   * skipped: nothing can start before its place is known).
   */
  place(rendition: Rendition, moof: Buffer, now: number): boolean {
    let run = this.runs.get(rendition)
    if (!run) {
      run = { offset: null, since: now, keyframes: 0, waiting: null }
      this.runs.set(rendition, run)
    }
    const at = rendition.runStart(moof)
    if (run.offset !== null) {
      if (!at?.keyframe) return true
      // The same frame placed elsewhere by a layer that ran first: this run was placed on the
      // wrong keyframe (a layer's own, near a shared one) and takes the older one's place.
      const here = at.start + run.offset
      const other = this.sightedAt(now, rendition)
      if (other && other.since < run.since && Math.abs(other.start - here) > 0.05) {
        this.settle(rendition, run, run.offset + other.start - here)
      }
      this.sight(rendition, run, at.start + run.offset, now)
      return true
    }
    if (!at?.keyframe) return false
    run.keyframes++
    const shared = this.sightedAt(now, rendition)
    const newest = this.sightings.at(-1)
    const othersRun = newest !== undefined && now - newest.seenAt < 1000 + 2 * SAME_FRAME_MS
    let offset: number
    if (shared && run.keyframes > 1) offset = shared.start - at.start
    else if (othersRun && now - run.since < WAIT_SHARED_MS) {
      // The same keyframe of a placed layer may be on its way still: it places this one then.
      run.waiting = { at: at.start, seenAt: now, keyframes: run.keyframes }
      return false
    } else if (othersRun) offset = newest.start + (now - newest.seenAt) / 1000 - at.start
    else {
      const after = newest ? newest.start + Math.max(0, now - newest.seenAt) / 1000 : 0
      offset = Math.max(rendition.timelineEnd, after) - at.start
    }
    this.settle(rendition, run, offset)
    this.sight(rendition, run, at.start + offset, now)
    return true
  }

  private settle(rendition: Rendition, run: Run, offset: number): void {
    run.offset = offset
    run.waiting = null
    rendition.shiftRun(offset)
  }

  /** Another placed layer's keyframe nearest `now`, if it is the same moment. */
  private sightedAt(now: number, not: Rendition): Sighting | null {
    let near: Sighting | null = null
    for (const s of this.sightings) {
      if (s.by === not) continue
      const apart = Math.abs(s.seenAt - now)
      if (apart <= SAME_FRAME_MS && (!near || apart < Math.abs(near.seenAt - now))) near = s
    }
    return near
  }

  /** A placed layer's keyframe: layers that wait with the same one are placed by it. */
  private sight(by: Rendition, run: Run, start: number, now: number): void {
    this.sightings.push({ start, seenAt: now, by, since: run.since })
    if (this.sightings.length > KEPT) this.sightings.shift()
    for (const [rendition, run] of this.runs) {
      const w = run.waiting
      if (run.offset !== null || !w || w.keyframes < 2 || Math.abs(w.seenAt - now) > SAME_FRAME_MS)
        continue
      this.settle(rendition, run, start - w.at)
    }
  }

  segmentAt(start: number, rendition: Rendition): { msn: number; pdt: number | null } | null {
    let best: Start | null = null
    for (const s of this.starts) {
      if (!best || Math.abs(s.start - start) < Math.abs(best.start - start)) best = s
    }
    if (best && Math.abs(best.start - start) < SAME_START_S) {
      return { msn: best.msn, pdt: best.pdt + Math.round((start - best.start) * 1000) }
    }
    const newest = this.starts.at(-1)
    // A keyframe earlier than another layer's newest segment, or near its start, stays inside
    // its own segment. (Further on it begins one: a layer placed apart from the others must not
    // stop them cutting; it is moved into step at its next shared keyframe.)
    if (newest && start - newest.start < SAME_START_S) return null
    const msn = Math.max(newest ? newest.msn + 1 : 0, this.firstMsn())
    const pdt = newest
      ? newest.pdt + Math.round((start - newest.start) * 1000)
      : (rendition.dateOf(start) ?? Date.now())
    this.starts.push({ msn, start, pdt })
    if (this.starts.length > KEPT) this.starts.shift()
    return { msn, pdt }
  }
}

/** A lower simulcast layer: its rung, where its RTP is read, and its rendition. */
export interface Layer {
  rung: Rung
  input: ReaderInput
  rendition: Rendition
}

/**
 * The readers of a simulcast live's lower layers, one ffmpeg each (the source's is the live's
 * own): each copies its layer's H.264 and turns the sound into AAC, started again when it dies
 * while the publisher is on. A layer the browser has not sent yet costs a reader waiting on its
 * port, nothing more.
 */
export class LayerReaders {
  private readonly children = new Set<ChildProcess>()
  private readonly timers = new Set<NodeJS.Timeout>()
  private running = false

  constructor(
    private readonly ffmpeg: string,
    private readonly clock: LayerClock,
    private readonly log: (message: string) => void,
    /** A layer's picture came (the live is not stalled while any layer comes). */
    private readonly onVideo: (now: number) => void,
  ) {}

  start(layers: readonly Layer[]): void {
    this.stop()
    this.running = layers.length > 0
    for (const layer of layers) this.read(layer, 0)
  }

  stop(): void {
    this.running = false
    for (const t of this.timers) clearTimeout(t)
    this.timers.clear()
    for (const child of this.children) child.kill('SIGKILL')
    this.children.clear()
  }

  private read(layer: Layer, restarts: number): void {
    const { rendition } = layer
    const startedAt = Date.now()
    let ran = false
    const child = spawnReader(
      this.ffmpeg,
      layer.input,
      (init) => {
        rendition.begin(init, rendition.timelineEnd)
        this.clock.newRun(rendition, Date.now())
      },
      (moof, mdat) => {
        const now = Date.now()
        ran = true
        // Coming, even before it is placed: the master playlist lists it.
        rendition.lastDataAt = now
        if (this.clock.place(rendition, moof, now)) rendition.fragment(moof, mdat, now)
        this.onVideo(now)
      },
      (message) => this.log(`${layer.rung.name}: ${message}`),
    )
    this.children.add(child)
    child.on('exit', () => {
      rendition.closeSegment()
      if (!this.children.delete(child) || !this.running) return
      // Ran a while: a fresh failure. Dying again and again (even after a fragment): back off.
      const fresh = ran && Date.now() - startedAt > 30_000
      const wait = restartWait(fresh ? 0 : restarts)
      this.log(
        `${layer.rung.name} reader exited after ${Date.now() - startedAt} ms; again in ${wait} ms`,
      )
      const timer = setTimeout(() => {
        this.timers.delete(timer)
        if (this.running) this.read(layer, fresh ? 1 : restarts + 1)
      }, wait)
      this.timers.add(timer)
    })
  }
}
