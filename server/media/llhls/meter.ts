import type { TrackInfo, TrackRun } from './fmp4.ts'

/** How far back the bitrate looks. */
const WINDOW_MS = 10_000

/**
 * What a rendition receives, for the liver's ingest status and the master playlist: bytes by
 * kind over the last seconds, and the frame rate from the samples' own durations.
 */
export class IngestMeter {
  private recent: Array<{ at: number; bytes: number; videoBytes: number; audioBytes: number }> = []
  private frames = { count: 0, seconds: 0 }

  /** One fragment's runs, arrived at `now`. */
  count(runs: readonly TrackRun[], tracks: readonly TrackInfo[], now: number): void {
    const videoTrack = tracks.find((t) => t.kind === 'video')
    const video = runs.find((r) => r.id === videoTrack?.id)
    const audio = runs.find((r) => r.id === tracks.find((t) => t.kind === 'audio')?.id)
    this.recent.push({
      at: now,
      bytes: runs.reduce((n, r) => n + r.bytes, 0),
      videoBytes: video?.bytes ?? 0,
      audioBytes: audio?.bytes ?? 0,
    })
    while ((this.recent[0]?.at ?? now) < now - WINDOW_MS) this.recent.shift()
    if (video && videoTrack) {
      this.frames.count += video.samples
      this.frames.seconds += video.duration / videoTrack.timescale
      // Halved now and then, so the rate follows an encoder that changes it.
      if (this.frames.seconds > 10) {
        this.frames.count /= 2
        this.frames.seconds /= 2
      }
    }
  }

  /** What arrived over the last seconds: kbps by kind, and the frame rate. */
  rates(now: number): { kbps: number; videoKbps: number; audioKbps: number; fps: number } {
    const since = this.recent[0]?.at ?? now
    const seconds = Math.max(1, (now - since) / 1000)
    const sum = (pick: (r: (typeof this.recent)[number]) => number) =>
      Math.round((this.recent.reduce((n, r) => n + pick(r), 0) * 8) / seconds / 1000)
    return {
      kbps: sum((r) => r.bytes),
      videoKbps: sum((r) => r.videoBytes),
      audioKbps: sum((r) => r.audioBytes),
      fps:
        this.frames.seconds > 0
          ? Math.round((this.frames.count / this.frames.seconds) * 100) / 100
          : 0,
    }
  }
}
