import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { IngestStatus, type IngestVideo } from '../../src/contract/ingest.ts'
import {
  BITRATE_MAX_KBPS,
  BITRATE_MIN_HEIGHT,
  BITRATE_MIN_KBPS,
  FRAME_RATE_MIN,
  KEYFRAME_MAX_S,
  ingestWarnings,
} from '../../src/domain/ingest.ts'

const video = (patch: Partial<IngestVideo> = {}): IngestVideo => ({
  codec: 'avc1.64001f',
  width: 1280,
  height: 720,
  frame_rate: 30,
  kbps: 2500,
  keyframe_interval: 2,
  ...patch,
})

const status = (patch: Partial<IngestStatus> = {}): IngestStatus => ({
  receiving: true,
  stalled: false,
  since: 1_764_300_000_000,
  video: video(),
  audio: { codec: 'mp4a.40.2', kbps: 128 },
  renditions: [{ name: 'source', width: 1280, height: 720, running: true }],
  ...patch,
})

const codes = (s: IngestStatus) => ingestWarnings(s).map((w) => w.code)

describe('ingest warnings (issue #38)', () => {
  it("has nothing to say of OBS's recommended settings", () => {
    expect(ingestWarnings(status())).toEqual([])
  })

  it('warns of a keyframe interval above 4 s, with the interval', () => {
    expect(KEYFRAME_MAX_S).toBe(4)
    expect(codes(status({ video: video({ keyframe_interval: 4 }) }))).toEqual([])
    expect(ingestWarnings(status({ video: video({ keyframe_interval: 4.01 }) }))).toEqual([
      { code: 'keyframeLong', seconds: 4.01 },
    ])
    expect(ingestWarnings(status({ video: video({ keyframe_interval: 6 }) }))).toEqual([
      { code: 'keyframeLong', seconds: 6 },
    ])
  })

  it('calls a keyframe interval of 0 (unknown) irregular', () => {
    expect(codes(status({ video: video({ keyframe_interval: 0 }) }))).toEqual(['keyframeIrregular'])
    expect(codes(status({ video: video({ keyframe_interval: 0.5 }) }))).toEqual([])
  })

  it('warns of a bitrate above 8000 kbps, not at 8000', () => {
    expect(BITRATE_MAX_KBPS).toBe(8000)
    expect(codes(status({ video: video({ kbps: 8000 }) }))).toEqual([])
    expect(ingestWarnings(status({ video: video({ kbps: 8001 }) }))).toEqual([
      { code: 'bitrateHigh', kbps: 8001 },
    ])
  })

  it('warns of a bitrate below 300 kbps at 360 lines or more only', () => {
    expect([BITRATE_MIN_KBPS, BITRATE_MIN_HEIGHT]).toEqual([300, 360])
    expect(codes(status({ video: video({ kbps: 300, height: 360 }) }))).toEqual([])
    expect(ingestWarnings(status({ video: video({ kbps: 299, height: 360 }) }))).toEqual([
      { code: 'bitrateLow', kbps: 299 },
    ])
    // A small picture needs little: 240 lines at 200 kbps is fine.
    expect(codes(status({ video: video({ kbps: 200, width: 426, height: 240 }) }))).toEqual([])
    expect(codes(status({ video: video({ kbps: 200, width: 640, height: 359 }) }))).toEqual([])
  })

  it('warns of a frame rate under 20, not at 20', () => {
    expect(FRAME_RATE_MIN).toBe(20)
    expect(codes(status({ video: video({ frame_rate: 20 }) }))).toEqual([])
    expect(ingestWarnings(status({ video: video({ frame_rate: 19.9 }) }))).toEqual([
      { code: 'frameRateLow', fps: 19.9 },
    ])
  })

  it('says a stalled encoder stalled, and nothing of the rates that fell with it', () => {
    const stalled = status({
      stalled: true,
      video: video({ kbps: 0, frame_rate: 0, keyframe_interval: 8 }),
    })
    expect(codes(stalled)).toEqual(['stalled'])
  })

  it('says nothing once the encoder disconnected, nor before the first video', () => {
    expect(ingestWarnings(status({ receiving: false, stalled: true }))).toEqual([])
    expect(ingestWarnings(status({ video: null }))).toEqual([])
  })

  it('gives every problem at once, the keyframes first', () => {
    const bad = status({ video: video({ keyframe_interval: 10, kbps: 9000, frame_rate: 15 }) })
    expect(codes(bad)).toEqual(['keyframeLong', 'bitrateHigh', 'frameRateLow'])
  })
})

describe("the media host's status (src/contract/ingest.ts)", () => {
  it('keeps the fields it knows and drops the rest', () => {
    const parsed = v.parse(IngestStatus, { ...status(), secret: 'x' })
    expect(parsed).toEqual(status())
  })

  it('refuses what is not a status', () => {
    for (const bad of [
      null,
      'ok',
      { ...status(), receiving: 'yes' },
      { ...status(), video: { ...video(), kbps: -1 } },
      { ...status(), video: { ...video(), codec: '<script>' } },
      { ...status(), renditions: [{ name: '../x', width: 1, height: 1, running: true }] },
    ]) {
      expect(v.safeParse(IngestStatus, bad).success, JSON.stringify(bad)).toBe(false)
    }
  })
})
