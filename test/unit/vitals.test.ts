import { describe, expect, it } from 'vitest'
import type { VitalsBody } from '../../src/contract/vitals.ts'
import { createVitals } from '../../src/effects/vitals.ts'

function setup(sampleRate: number, random = 0.5) {
  const sent: VitalsBody[] = []
  const frames: Array<(time: number) => void> = []
  const timers: Array<() => void> = []
  let now = 1000
  let route = '/r/$roomUrlKey'
  const vitals = createVitals({
    sampleRate,
    random: () => random,
    route: () => route,
    send: (body) => sent.push(body),
    now: () => now,
    nextFrame: (callback) => frames.push(callback),
    later: (callback) => timers.push(callback),
  })
  const frame = (at: number) => {
    now = at
    frames.shift()?.(at)
  }
  const tick = () => timers.splice(0).forEach((t) => t())
  return { vitals, sent, frame, tick, go: (r: string) => (route = r), at: (t: number) => (now = t) }
}

describe('vitals', () => {
  it('sends nothing from a page load outside the sample', () => {
    const { vitals, sent } = setup(0.1, 0.5)
    vitals.record('TTFF', 700)
    vitals.flush()
    expect(sent).toEqual([])
  })

  it('sends the route pattern, the metric and the rounded value, in beacons of 20', () => {
    const { vitals, sent, go } = setup(1)
    vitals.record('TTFF', 731.6)
    go('/')
    vitals.recordAt('/r/$roomUrlKey', 'CLS', 0.123456)
    vitals.record('rebuffer', -5) // a broken measurement: dropped
    vitals.flush()
    expect(sent).toEqual([
      {
        samples: [
          { route: '/r/$roomUrlKey', metric: 'TTFF', value: 732 },
          { route: '/r/$roomUrlKey', metric: 'CLS', value: 0.1235 },
        ],
      },
    ])
    for (let i = 0; i < 21; i++) vitals.record('INP', 40)
    expect(sent[1]).toMatchObject({ samples: { length: 20 } })
    vitals.flush()
    expect(sent[2]).toMatchObject({ samples: { length: 1 } })
  })

  it('counts the frames a comment burst dropped over the next second, once per 10 s', () => {
    const { vitals, sent, frame } = setup(1)
    vitals.measureCommentBurst()
    vitals.measureCommentBurst() // too soon: one measurement
    // 60 frames a second, but one took 50 ms (two frames dropped).
    let t = 1000
    for (let i = 0; i < 30; i++) frame((t += 1000 / 60))
    frame((t += 50))
    while (t < 2050) frame((t += 1000 / 60))
    vitals.flush()
    expect(sent).toEqual([
      { samples: [{ route: '/r/$roomUrlKey', metric: 'comment_frame_drop', value: 2 }] },
    ])
  })

  it('times a visit from when its page was asked for', () => {
    const { vitals, at } = setup(1)
    expect(vitals.visitStartedAt()).toBe(0)
    at(5000)
    vitals.visitStarted()
    expect(vitals.visitStartedAt()).toBe(5000)
  })
})

describe('vitals beacons', () => {
  it('go out a while after the first figure, without waiting for the page to close', () => {
    const { vitals, sent, tick } = setup(1)
    vitals.record('TTFF', 640)
    vitals.record('rebuffer', 1200)
    expect(sent).toEqual([])
    tick()
    expect(sent).toEqual([
      {
        samples: [
          { route: '/r/$roomUrlKey', metric: 'TTFF', value: 640 },
          { route: '/r/$roomUrlKey', metric: 'rebuffer', value: 1200 },
        ],
      },
    ])
  })
})
