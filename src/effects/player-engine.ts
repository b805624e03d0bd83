import { LIVE_JUMP_EVERY_MS, liveJumpTo } from '../domain/streams.ts'
import type { EngineCommand, EngineEvent, EngineInput } from '../machines/player/player.machine.ts'
import {
  canPlayNatively,
  failedBeforeTaken,
  HLS_CONFIG,
  prepareStream as prepareWith,
  takePrepared,
  type HlsInstance,
} from './prepared-stream.ts'

/** A number hls.js reports, or null where it has none yet. */
const finite = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null

export { HLS_CONFIG, hasPreparedVideo, showPreparedVideo } from './prepared-stream.ts'

/** Starts fetching hls.js early (while a room loads), so the player does not wait for it. */
export function preloadPlayer(): void {
  void import('hls.js/light').catch(() => {})
}

/** Starts loading a live stream before its player (prepared-stream.ts), with hls.js loaded here. */
export function prepareStream(url: string): void {
  prepareWith(
    import('hls.js/light').then((m) => m.default),
    url,
  )
}

/**
 * Plays one live HLS playlist on a video element: hls.js (loaded on first use, so pages without
 * video never download it) where Media Source Extensions exist, the browser's own HLS otherwise
 * (Safari on iOS). Reports playback and fatal errors; carries out the player's recovery commands.
 * Returns the cleanup that stops loading and releases the element.
 */
export function runPlayerEngine(
  { element, url, muted }: EngineInput,
  sendBack: (event: EngineEvent) => void,
  receive: (listener: (command: EngineCommand) => void) => void,
): () => void {
  let stopped = false
  let hls: HlsInstance | null = null
  element.muted = muted

  const play = () => {
    element
      .play()
      .then(() => {
        // A video that plays already (the boot script's, taken over) fires no 'playing' again.
        if (!stopped && !element.paused && element.readyState >= element.HAVE_FUTURE_DATA)
          sendBack({ type: 'engine.playing' })
      })
      .catch((error: unknown) => {
        // A refused autoplay is a NotAllowedError; an interrupted play() (source change) is not ours.
        if (!stopped && error instanceof DOMException && error.name === 'NotAllowedError')
          sendBack({ type: 'engine.needsGesture' })
      })
  }
  const onPlaying = () => sendBack({ type: 'engine.playing' })
  const showLatency = () => {
    const latency = hls?.latency
    if (latency !== undefined && Number.isFinite(latency))
      element.dataset.latency = latency.toFixed(3)
    const target = hls?.targetLatency
    if (typeof target === 'number' && Number.isFinite(target))
      element.dataset.targetLatency = target.toFixed(3)
    jumpToLive()
  }
  // A live that fell well behind (a busy start, a stall) jumps back to its target distance.
  let jumpedAt = -Infinity
  const jumpToLive = () => {
    if (!hls || element.paused || element.seeking) return
    if (performance.now() - jumpedAt < LIVE_JUMP_EVERY_MS) return
    const buffered = Array.from({ length: element.buffered.length }, (_, i) => {
      return [element.buffered.start(i), element.buffered.end(i)] as const
    })
    const to = liveJumpTo({
      currentTime: element.currentTime,
      latency: finite(hls.latency),
      target: finite(hls.targetLatency),
      sync: finite(hls.liveSyncPosition),
      buffered,
    })
    if (to === null) return
    jumpedAt = performance.now()
    element.currentTime = to
  }
  const onNativeError = () => sendBack({ type: 'engine.error', kind: 'network' })
  element.addEventListener('playing', onPlaying)

  const startNative = (playing: boolean) => {
    element.addEventListener('error', onNativeError)
    if (!playing) element.src = url
    play()
  }

  const early = takePrepared()
  void Promise.all([import('hls.js/light'), early?.hls ?? null]).then(
    ([{ default: Hls }, prepared]) => {
      // The prepared stream is this player's when it is the same playlist and has not failed.
      const mine = early?.url === url && !(prepared && failedBeforeTaken(prepared))
      const adopted = mine ? prepared : null
      if (prepared && !adopted) prepared.destroy()
      // A boot video this player did not take (Player.tsx takes it) leaves the page.
      if (early?.element && early.element !== element) early.element.remove()
      if (stopped) {
        adopted?.destroy()
        return
      }
      if (!Hls.isSupported()) {
        if (canPlayNatively(element)) startNative(mine && early.element === element)
        else sendBack({ type: 'engine.error', kind: 'other' })
        return
      }
      const instance = adopted ?? new Hls(HLS_CONFIG)
      hls = instance
      instance.on(Hls.Events.ERROR, (_, data) => {
        if (!data.fatal) return
        sendBack({
          type: 'engine.error',
          kind:
            data.type === Hls.ErrorTypes.NETWORK_ERROR
              ? 'network'
              : data.type === Hls.ErrorTypes.MEDIA_ERROR
                ? 'media'
                : 'other',
        })
      })
      instance.on(Hls.Events.MANIFEST_PARSED, play)
      // What the player does, for the developer tools and the browser tests: whether it plays a
      // low-latency playlist, and how far behind the live edge it is (s).
      instance.on(Hls.Events.LEVEL_UPDATED, (_, { details }) => {
        element.dataset.lowLatency = String(
          details.canBlockReload && (details.partList?.length ?? 0) > 0,
        )
      })
      element.addEventListener('timeupdate', showLatency)
      if (adopted) {
        // Its playlist may be parsed already, and it may be playing on this element already.
        if (adopted.media !== element) instance.attachMedia(element)
        play()
      } else {
        instance.loadSource(url)
        instance.attachMedia(element)
      }
    },
    () => {
      // The chunk itself failed to load (offline, or a new deploy removed it).
      if (!stopped) sendBack({ type: 'engine.error', kind: 'network' })
    },
  )

  receive((command) => {
    switch (command.type) {
      case 'engine.mute':
        element.muted = command.muted
        break
      case 'engine.play':
        play()
        break
      case 'engine.recover':
        if (!hls) {
          element.load()
          play()
        } else if (command.kind === 'media') hls.recoverMediaError()
        else hls.startLoad()
        break
    }
  })

  return () => {
    stopped = true
    element.removeEventListener('playing', onPlaying)
    element.removeEventListener('error', onNativeError)
    element.removeEventListener('timeupdate', showLatency)
    hls?.destroy()
    element.removeAttribute('src')
    element.load()
  }
}
