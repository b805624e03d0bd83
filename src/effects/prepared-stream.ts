import type { HlsConfig } from 'hls.js'

/*
 * A live stream started before the app's player exists, for the player to take: what a room
 * page's boot script (src/boot/room-video.ts) and the app's room prime (compose/room-prime.ts)
 * start, and what the player engine (player-engine.ts) takes. hls.js is handed in rather than
 * imported here: the boot script imports it itself, and this module stays free of the app's
 * lazy-import helper, so the boot script needs nothing of the app's own chunks.
 */

type HlsClass = typeof import('hls.js/light').default
export type HlsInstance = InstanceType<HlsClass>

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
  // hls.js adds a second of hold-back for each stall (made for 6 s latencies); beside a 0.5 s
  // PART-HOLD-BACK one start-up stall would triple the latency for good. A quarter second each
  // still grows the margin of a player whose network keeps stalling (up to a segment).
  liveSyncOnStallIncrease: 0.25,
  backBufferLength: 30,
  maxBufferLength: 20,
  liveDurationInfinity: true,
}

/** A stream started before its player (prepareStream), let go if no player takes it by then. */
const PREPARED_FOR_MS = 15_000
/** The same for one already playing on the page's own video (the boot script's). */
const PLAYING_FOR_MS = 60_000
export interface Prepared {
  url: string
  /** hls.js's instance; null where the browser plays HLS itself (or cannot play at all). */
  hls: Promise<HlsInstance | null>
  /** The video it plays on already, if it was given one. */
  element: HTMLVideoElement | null
}
let prepared: Prepared | null = null
/** Prepared instances that met a fatal error before a player took them: started afresh. */
const failedEarly = new WeakSet<HlsInstance>()

/** Whether a prepared instance met a fatal error before a player took it. */
export const failedBeforeTaken = (instance: HlsInstance): boolean => failedEarly.has(instance)

export const canPlayNatively = (element: HTMLVideoElement) =>
  element.canPlayType('application/vnd.apple.mpegurl') !== ''

/** Starts a muted video, as autoplay allows; a refused start waits for the player's own. */
const startMuted = (element: HTMLVideoElement) => {
  element.muted = true
  element.play().catch(() => {})
}

/** Plays the prepared stream on `element`: hls.js's instance, or the browser's own HLS. */
function playOn(entry: Prepared, element: HTMLVideoElement): void {
  entry.element = element
  // The moment its first frame is shown, for the vitals (watchPlayback), which start later.
  if ('requestVideoFrameCallback' in element) {
    element.requestVideoFrameCallback((now) => {
      element.dataset.firstFrameAt = String(now)
    })
  }
  void entry.hls.then((instance) => {
    if (prepared !== entry) return
    performance.mark('kirari:stream-attach')
    if (instance) instance.attachMedia(element)
    else if (canPlayNatively(element)) element.src = entry.url
    else return
    startMuted(element)
  })
}

/**
 * Starts loading a live stream before the app's player exists (a room page's start): hls.js
 * fetches the playlist and its first segment (`startFragPrefetch`), and the player that then
 * plays `url` takes this instance rather than starting over. Given a video element (the page's
 * boot script, src/boot/room-video.ts), it plays on it at once, muted; the player then takes
 * the element too (preparedVideo), so the picture never restarts.
 */
export function prepareStream(
  hlsClass: Promise<HlsClass>,
  url: string,
  element?: HTMLVideoElement,
): void {
  if (prepared) {
    // Started without a video (the app's prime) and now given the boot script's: play on it.
    if (element && !prepared.element && prepared.url === url) playOn(prepared, element)
    return
  }
  const hls = hlsClass.then(
    (Hls) => {
      if (!Hls.isSupported()) return null
      const instance = new Hls({ ...HLS_CONFIG, startFragPrefetch: true })
      instance.on(Hls.Events.ERROR, (_, data) => {
        if (data.fatal) failedEarly.add(instance)
      })
      instance.loadSource(url)
      return instance
    },
    () => null,
  )
  const entry: Prepared = { url, hls, element: null }
  prepared = entry
  if (element) playOn(entry, element)
  setTimeout(
    () => {
      if (prepared !== entry) return
      prepared = null
      void hls.then((instance) => instance?.destroy())
      entry.element?.remove()
    },
    element ? PLAYING_FOR_MS : PREPARED_FOR_MS,
  )
}

/** The box of the boot script's video, until a player takes the video (showPreparedVideo). */
export const BOOT_STAGE_ID = 'boot-stage'

/** Whether a prepared stream plays on a video already (the boot script's). */
export const hasPreparedVideo = (): boolean => Boolean(prepared?.element)

/**
 * Moves the video the prepared stream already plays on into `box` (the player's) and drops the
 * boot script's box it leaves; null when there is none. A video moved within the page in one
 * task keeps playing (HTML: a media element pauses only if still out of the document then).
 */
export function showPreparedVideo(box: HTMLElement): HTMLVideoElement | null {
  const element = prepared?.element
  if (!element) return null
  const from = element.parentElement
  if (from !== box) box.append(element)
  if (from?.id === BOOT_STAGE_ID) from.remove()
  return element
}

/** The prepared stream, taken once (a player takes it whatever it plays; see runPlayerEngine). */
export function takePrepared(): Prepared | null {
  const entry = prepared
  prepared = null
  return entry
}
