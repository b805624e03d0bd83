// @vitest-environment jsdom
import Hls from 'hls.js/light'
import { describe, expect, it } from 'vitest'
import { HLS_CONFIG } from '../../src/effects/player-engine.ts'

describe('the player settings', () => {
  it('are settings hls.js accepts (it throws on a contradictory live configuration)', () => {
    const hls = new Hls(HLS_CONFIG)
    // Low-latency where the playlist offers it, its PART-HOLD-BACK not overridden by ours.
    expect(hls.config.lowLatencyMode).toBe(true)
    expect(hls.userConfig.liveSyncDuration).toBeUndefined()
    expect(hls.userConfig.liveSyncDurationCount).toBeUndefined()
    hls.destroy()
  })
})
