import { execFileSync } from 'node:child_process'
import { Readable } from 'node:stream'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseInit, shiftDecodeTimes } from '../../server/media/llhls/fmp4.ts'
import { FRAGMENTED_MP4, QUIET } from '../../server/media/llhls/ladder.ts'
import { LayerClock } from '../../server/media/llhls/layers.ts'
import { Rendition } from '../../server/media/llhls/rendition.ts'
import { pump } from '../../server/media/llhls/source.ts'

// A browser's simulcast layers (issue #51), each read by its own ffmpeg whose times start at 0:
// the layer clock places each on the live's one timeline and gives the same moment the same
// segment number and date in every layer, whichever layer began it — including when the top
// layer comes late, and when it goes off and the live goes on in the others.

interface Fragment {
  moof: Buffer
  mdat: Buffer
}

/** One layer as ffmpeg's copy of a browser's H.264 gives it: keyframes each second, 30 fps. */
async function encodeLayer(size: string): Promise<{ init: Buffer; fragments: Fragment[] }> {
  const out = execFileSync(
    'ffmpeg',
    [
      ...QUIET,
      ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=30:duration=12`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-bf', '0', '-g', '300'],
      ...['-force_key_frames', 'expr:gte(t,n_forced)'],
      ...FRAGMENTED_MP4,
      'pipe:1',
    ],
    { maxBuffer: 256 * 1024 * 1024 },
  )
  let init: Buffer = Buffer.alloc(0)
  const fragments: Fragment[] = []
  const stream = Readable.from([out])
  pump(
    stream,
    (data) => {
      init = data
    },
    (moof, mdat) => fragments.push({ moof, mdat }),
  )
  await new Promise((resolve) => stream.once('end', resolve))
  return { init, fragments }
}

/** A layer's reader run: its fragments from `from` s to `to` s of the browser's clock. */
interface Feed {
  rendition: Rendition
  layer: { init: Buffer; fragments: Fragment[] }
  from: number
  to: number
  /** How late this layer's fragments leave its reader (ms): each process keeps its own pace. */
  lag: number
}

/**
 * Feeds the runs in the order their fragments would leave the readers: a fragment leaves when
 * the next begins (~166 ms after its start), at the wall clock `base` + its time on the browser's
 * clock. A run's own times start at 0 (ffmpeg's), wherever it joins.
 */
function play(clock: LayerClock, feeds: Feed[], base: number): void {
  const probe = new Rendition('probe', { segmentAt: () => null })
  const events: Array<{ at: number; feed: Feed; fragment: Fragment; first: number }> = []
  for (const feed of feeds) {
    probe.begin(feed.layer.init, 0)
    let first: number | null = null
    for (const fragment of feed.layer.fragments) {
      const start = probe.runStart(fragment.moof)?.start ?? 0
      if (start < feed.from || start >= feed.to) continue
      first ??= start
      events.push({ at: base + (start + 0.166) * 1000 + feed.lag, feed, fragment, first })
    }
  }
  events.sort((a, b) => a.at - b.at)
  const begun = new Set<Feed>()
  for (const { at, feed, fragment, first } of events) {
    if (!begun.has(feed)) {
      begun.add(feed)
      feed.rendition.begin(feed.layer.init, feed.rendition.timelineEnd)
      clock.newRun(feed.rendition, at)
    }
    // The reader's own clock starts at its first fragment: the run's times are shifted back.
    const data = Buffer.concat([fragment.moof, fragment.mdat])
    const size = fragment.moof.length
    if (first > 0) shiftDecodeTimes(data, size, parseInit(feed.layer.init), -first)
    const moof = data.subarray(0, size)
    if (clock.place(feed.rendition, moof, at)) {
      feed.rendition.fragment(moof, data.subarray(size), at)
    }
  }
}

/** Each complete segment of a rendition: msn → [start on the timeline, date]. */
const segmentsOf = (r: Rendition) =>
  new Map(r.segments.filter((s) => s.complete && !s.gap).map((s) => [s.msn, [s.start, s.pdt]]))

let top: { init: Buffer; fragments: Fragment[] }
let bottom: { init: Buffer; fragments: Fragment[] }
beforeAll(async () => {
  top = await encodeLayer('640x360')
  bottom = await encodeLayer('160x90')
})

const BASE = Date.parse('2026-12-02T10:00:00Z')

function expectSameMoments(a: Rendition, b: Rendition, atLeast: number): void {
  const first = segmentsOf(a)
  const second = segmentsOf(b)
  const shared = [...first.keys()].filter((msn) => second.has(msn))
  expect(shared.length).toBeGreaterThanOrEqual(atLeast)
  for (const msn of shared) {
    const [startA = 0, dateA = 0] = first.get(msn) ?? []
    const [startB = 0, dateB = 0] = second.get(msn) ?? []
    expect(Math.abs(startA - startB)).toBeLessThan(0.001)
    expect(Math.abs(dateA - dateB)).toBeLessThanOrEqual(1)
  }
}

/** A live's clock and its two layers' renditions: the source and the lowest rung. */
function twoLayers() {
  const clock = new LayerClock(() => 1_000)
  return { clock, source: new Rendition('source', clock), low: new Rendition('160p', clock) }
}

describe('the layer clock of a simulcast live', () => {
  it('gives layers that start together the same segments, numbered from the clock', () => {
    const { clock, source, low } = twoLayers()
    play(
      clock,
      [
        { rendition: source, layer: top, from: 0, to: 99, lag: 4 },
        { rendition: low, layer: bottom, from: 0, to: 99, lag: 0 },
      ],
      BASE,
    )
    expect(source.segments[0]?.msn).toBeGreaterThanOrEqual(1_000)
    expectSameMoments(source, low, 6)
  })

  it('places a top layer that comes late (its reader starting at 0) on the others’ timeline', () => {
    const { clock, source, low } = twoLayers()
    play(
      clock,
      [
        // The browser's estimate grows: the top layer comes on 3.4 s after the lowest.
        { rendition: source, layer: top, from: 3.4, to: 99, lag: 9 },
        { rendition: low, layer: bottom, from: 0, to: 99, lag: 0 },
      ],
      BASE,
    )
    expectSameMoments(source, low, 4)
    // Its segments are where the lowest layer's are on the timeline: 3.4 s in, not at 0.
    expect(source.segments[0]?.start).toBeGreaterThan(3.4)
  })

  it('goes on in the lower layer when the top one goes off, and takes it back in step', () => {
    const { clock, source, low } = twoLayers()
    const off = { rendition: source, layer: top, from: 0, to: 4.5, lag: 3 }
    play(
      clock,
      [
        off,
        // Back 2.7 s later, a new reader run (its times from 0 again).
        { rendition: source, layer: top, from: 7.2, to: 99, lag: 6 },
        { rendition: low, layer: bottom, from: 0, to: 99, lag: 0 },
      ],
      BASE,
    )
    const lowMsns = [...segmentsOf(low).keys()]
    const sourceMsns = new Set(segmentsOf(source).keys())
    // The lowest layer kept its segments while the top was off.
    expect(lowMsns.filter((msn) => !sourceMsns.has(msn)).length).toBeGreaterThanOrEqual(2)
    expectSameMoments(source, low, 4)
    // And it came back in step: its newest segment is one the lowest layer has too, at 10 s.
    expect(segmentsOf(low).get(source.segments.findLast((s) => s.complete)?.msn ?? 0)).toBeDefined()
  })
})
