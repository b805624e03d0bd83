import type { SegmentClock } from './rendition.ts'

/** A source segment's start: its msn, place on the live's timeline (s) and date (ms). */
interface Start {
  msn: number
  start: number
  pdt: number
}

/** How many recent source segment starts a rung can match against. */
const KEPT_STARTS = 20

/**
 * The source's segment starts, and the clock a ladder rung follows: a rung cuts a segment where
 * the source did and takes the source's msn and date for it, so the same moment of the live
 * carries the same EXT-X-PROGRAM-DATE-TIME in every rendition and a player that switches (and
 * aligns playlists by date) keeps its distance to the edge.
 */
export class SourceStarts {
  private starts: Start[] = []

  add(start: Start): void {
    this.starts.push(start)
    if (this.starts.length > KEPT_STARTS) this.starts.shift()
  }

  readonly rungClock: SegmentClock = {
    segmentAt: (start) => {
      let best: Start | null = null
      for (const s of this.starts) {
        if (!best || Math.abs(s.start - start) < Math.abs(best.start - start)) best = s
      }
      // Near one: B-frames and the encoder's start move a keyframe's decode time by a few
      // frames; segments are at least a second apart, so half of that is unambiguous.
      if (!best || Math.abs(best.start - start) >= 0.4) return null
      return { msn: best.msn, pdt: best.pdt + Math.round((start - best.start) * 1000) }
    },
  }
}
