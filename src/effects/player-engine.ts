import type { HlsConfig } from 'hls.js'
import type { EngineCommand, EngineEvent, EngineInput } from '../machines/player/player.machine.ts'

/**
 * Live settings: on a Low-Latency HLS playlist (parts, blocking reload), play at the playlist's
 * PART-HOLD-BACK from the live edge; hls.js uses this mode only where the playlist offers it.
 * On a plain playlist, play three segments behind (hls.js's default). Catch up at up to 1.25x
 * when behind, and keep at most 30 s behind the playhead so long visits do not grow memory.
 *
 * No liveSyncDuration(Count) and so no liveMaxLatencyDurationCount (hls.js refuses the one
 * without the other): set by us, they would take the place of the playlist's PART-HOLD-BACK.
 */
export const HLS_CONFIG: Partial<HlsConfig> = {
  lowLatencyMode: true,
  maxLiveSyncPlaybackRate: 1.25,
  backBufferLength: 30,
  maxBufferLength: 20,
  liveDurationInfinity: true,
}

/** Starts fetching hls.js early (while a room loads), so the player does not wait for it. */
export function preloadPlayer(): void {
  void import('hls.js/light').catch(() => {})
}

const canPlayNatively = (element: HTMLVideoElement) =>
  element.canPlayType('application/vnd.apple.mpegurl') !== ''

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
  let hls: import('hls.js/light').default | null = null
  element.muted = muted

  const play = () => {
    element.play().catch((error: unknown) => {
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
  }
  const onNativeError = () => sendBack({ type: 'engine.error', kind: 'network' })
  element.addEventListener('playing', onPlaying)

  const startNative = () => {
    element.addEventListener('error', onNativeError)
    element.src = url
    play()
  }

  void import('hls.js/light').then(
    ({ default: Hls }) => {
      if (stopped) return
      if (!Hls.isSupported()) {
        if (canPlayNatively(element)) startNative()
        else sendBack({ type: 'engine.error', kind: 'other' })
        return
      }
      const instance = new Hls(HLS_CONFIG)
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
      instance.loadSource(url)
      instance.attachMedia(element)
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
