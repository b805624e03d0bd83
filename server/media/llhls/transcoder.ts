import { spawn, type ChildProcess } from 'node:child_process'
import type { Readable } from 'node:stream'
import { ladderArgs, type Rung } from './ladder.ts'
import type { Rendition } from './rendition.ts'
import { pump, restartWait } from './source.ts'

/** A transcoder this far behind (bytes waiting on its stdin) is restarted rather than waited for. */
const BACKLOG_BYTES = 16 * 1024 * 1024

/**
 * The ladder of an OBS live: one ffmpeg reads the source rung's fMP4 on stdin from a segment
 * boundary, and writes each lower rung to its own rendition, each run placed where the source's
 * segment began so every rung cuts at the same moments. Started again when it dies (backing
 * off), restarted when it falls behind.
 */
export class Transcoder {
  private process: ChildProcess | null = null
  private feed: { init: Buffer; started: boolean; alignTo: number | null } | null = null
  private restarts = 0
  private timer: NodeJS.Timeout | null = null
  /** Transcoders stopped on purpose (a new source size, the end): not restarted. */
  private readonly retired = new WeakSet<ChildProcess>()

  constructor(
    private readonly ffmpeg: string,
    private readonly source: Rendition,
    private readonly rungs: () => readonly Rung[],
    private readonly renditionOf: (rung: Rung) => Rendition | undefined,
    /** Whether the live still wants its ladder (publishing, not ended). */
    private readonly wanted: () => boolean,
    private readonly log: (message: string) => void,
  ) {}

  start(): void {
    const video = this.source.videoTrack
    const init = this.source.inits.at(-1)
    const rungs = this.rungs()
    if (!this.wanted() || !video?.width || !video.height || !init || rungs.length === 0) return
    const child = spawn(this.ffmpeg, ladderArgs(rungs, video.width, video.height), {
      stdio: ['pipe', 'ignore', 'pipe', ...rungs.map(() => 'pipe' as const)],
    })
    this.process = child
    const feed = { init, started: false, alignTo: null as number | null }
    this.feed = feed
    const startedAt = Date.now()
    child.stdin?.on('error', () => {}) // a dead transcoder's pipe; its exit restarts it
    rungs.forEach((rung, i) => {
      const rendition = this.renditionOf(rung)
      const out = child.stdio[3 + i] as Readable | null
      if (!rendition || !out) return
      let pending: Buffer | null = null
      pump(
        out,
        (data) => {
          pending = data
        },
        (moof, mdat) => {
          // The first fragment of this run is the keyframe fed at `alignTo`: it sets the offset.
          if (pending) {
            rendition.begin(pending, 0)
            pending = null
            const first = rendition.runStart(moof)?.start ?? 0
            rendition.shiftRun((feed.alignTo ?? 0) - first)
          }
          rendition.fragment(moof, mdat, Date.now())
        },
      )
    })
    child.stderr?.on('data', (d: Buffer) => this.log(`ladder: ${d.toString().trim()}`))
    child.on('exit', (code, signal) => {
      if (this.process === child) {
        this.process = null
        this.feed = null
      }
      for (const r of rungs) this.renditionOf(r)?.closeSegment()
      if (!this.wanted() || this.retired.has(child)) return
      // Ran a while: a fresh failure. Crashing at once again and again: back off.
      if (Date.now() - startedAt > 30_000) this.restarts = 0
      const wait = restartWait(this.restarts++)
      this.log(`ladder exited (${signal ?? code}); restarting in ${wait} ms`)
      this.timer = setTimeout(() => {
        this.timer = null
        if (!this.process && this.wanted()) this.start()
      }, wait)
    })
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const child = this.process
    this.process = null
    this.feed = null
    if (child) {
      this.retired.add(child)
      child.kill('SIGKILL')
    }
  }

  /**
   * The source's newest fragment (`began`: its segment's start when it began one): fed on, from
   * the first segment boundary.
   */
  write(began: number | null): void {
    const feed = this.feed
    const stdin = this.process?.stdin
    if (!feed || !stdin || stdin.destroyed) return
    if (!feed.started) {
      if (began === null) return
      feed.started = true
      feed.alignTo = began
      stdin.write(feed.init)
    }
    const part = this.source.segments.at(-1)?.parts.at(-1)
    if (part) stdin.write(part.data)
    if (stdin.writableLength > BACKLOG_BYTES) {
      this.log('ladder fell behind; restarting it')
      this.process?.kill('SIGKILL')
    }
  }

  /** The transcoder process, for the fault tests (killed to prove the source plays on). */
  get pid(): number | undefined {
    return this.process?.pid
  }

  get running(): boolean {
    return this.process !== null && this.feed?.started === true
  }
}
