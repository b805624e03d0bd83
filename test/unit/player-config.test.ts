// @vitest-environment jsdom
import Hls from 'hls.js/light'
import { describe, expect, it } from 'vitest'
import { LIVE_JUMP_BEHIND_S, liveJumpTo } from '../../src/domain/streams.ts'
import { HLS_CONFIG } from '../../src/effects/player-engine.ts'

describe('the player settings', () => {
  it('are settings hls.js accepts (it throws on a contradictory live configuration)', () => {
    const hls = new Hls(HLS_CONFIG)
    // Low-latency where the playlist offers it, its PART-HOLD-BACK not overridden by ours.
    expect(hls.config.lowLatencyMode).toBe(true)
    expect(hls.userConfig.liveSyncDuration).toBeUndefined()
    expect(hls.userConfig.liveSyncDurationCount).toBeUndefined()
    // A stall raises the hold-back by a quarter second, not hls.js's default second.
    expect(hls.config.liveSyncOnStallIncrease).toBe(0.25)
    hls.destroy()
  })
})

describe('a live that fell behind its target', () => {
  // hls.js says: 1.5 s is the target (PART-HOLD-BACK), the sync position is 98.5 s.
  const behind = (latency: number, buffered: Array<[number, number]>) =>
    liveJumpTo({ currentTime: 100 - latency, latency, target: 1.5, sync: 98.5, buffered })

  it('jumps to the live sync position when that is buffered and it is well past its target', () => {
    expect(behind(4.5, [[90, 99.6]])).toBe(98.5)
  })

  it('jumps when it started a few tenths late: hls.js never catches up with under a second buffered', () => {
    expect(behind(1.9, [[90, 99.6]])).toBe(98.5)
  })

  it('plays on when only a little late', () => {
    expect(behind(1.5 + LIVE_JUMP_BEHIND_S, [[90, 99.6]])).toBeNull()
  })

  it('does not jump where nothing is buffered yet: a slow network is not chased into a stall', () => {
    expect(behind(4.5, [[90, 97]])).toBeNull()
    expect(behind(4.5, [[90, 98.6]])).toBeNull()
  })

  it('never jumps before hls.js knows the live edge', () => {
    expect(
      liveJumpTo({ currentTime: 95, latency: null, target: 1.5, sync: 98.5, buffered: [[90, 99]] }),
    ).toBeNull()
  })
})
