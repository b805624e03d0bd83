import { playableStreams } from '../domain/streams.ts'
import Hls from 'hls.js/light'
import { BOOT_STAGE_ID, prepareStream } from '../effects/prepared-stream.ts'
import { readRoomPageState } from '../effects/room-page-state.ts'

/**
 * A live room page's first script (issue #39, first frame): the server adds it to `/r/{key}` and
 * `/lite/{key}` while the room is on air, beside the app. It runs as soon as it and hls.js
 * arrive, before the app's own code, and starts the room's stream, muted, on a video at the top
 * of the page where the player will be. The app's player then takes that video and its stream
 * (Player.tsx, player-engine.ts): the picture shows without waiting for the app and never
 * restarts. It is only a picture: controls, comments and the rest come with the app.
 *
 * The app's scripts are on the page as preloads only, named in this script's `data-app`: the
 * app starts once the video shows its first frame, or after APP_WAIT_MS at most — its code's
 * first run and render hold the page's one thread for a while, and would hold the stream's
 * start behind them (server/room-page.ts).
 */

/** The longest the app waits for the video's first frame. */
const APP_WAIT_MS = 1000

let appStarted = false
/** Runs the app's scripts (the shell's, in their order), once. */
function startApp(): void {
  if (appStarted) return
  appStarted = true
  performance.mark('kirari:app-start')
  const names = document.querySelector('script[data-app]')?.getAttribute('data-app') ?? ''
  for (const src of names.split(' ').filter(Boolean)) void import(/* @vite-ignore */ src)
}

/** Starts the video; returns it, or null when the page has no live stream to play. */
function startVideo(): HTMLVideoElement | null {
  // The server puts this script in the page's body: the body is there when it runs.
  const page = readRoomPageState()
  const first = page?.is_live ? playableStreams(page.streaming_url_list)[0] : undefined
  if (!first) return null
  const stage = document.createElement('div')
  stage.id = BOOT_STAGE_ID
  // Where a phone shows the room's player (room.css .room__poster): 16:9 at the top, at most
  // 60 % of the screen high. Set through the DOM: the page's CSP allows no inline style.
  Object.assign(stage.style, {
    position: 'fixed',
    inset: '0 0 auto 0',
    margin: '0 auto',
    width: 'min(100%, calc(60dvh * 16 / 9))',
    aspectRatio: '16 / 9',
    background: '#0f0e14',
    zIndex: '3',
  })
  const video = document.createElement('video')
  video.muted = true
  video.playsInline = true
  Object.assign(video.style, {
    display: 'block',
    width: '100%',
    height: '100%',
    objectFit: 'contain',
    background: '#000',
  })
  stage.append(video)
  document.body.prepend(stage)
  prepareStream(Promise.resolve(Hls), first.url, video)
  return video
}

// For the first-frame bench's timeline (bench/first-frame.ts).
performance.mark('kirari:boot')
try {
  const video = startVideo()
  if (video && 'requestVideoFrameCallback' in video) {
    video.requestVideoFrameCallback(startApp)
    setTimeout(startApp, APP_WAIT_MS)
  } else startApp()
} catch (error) {
  startApp()
  throw error
}
