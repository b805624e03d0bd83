import type { IceServer } from '../../contract/whip.ts'
import type { PushEvent } from '../../domain/comments.ts'
import type { GiftLogEntry } from '../../domain/gifts.ts'
import type { StreamerFlags } from '../../domain/regulation.ts'
import type { PollingReport } from '../polling/polling.machine.ts'

/** Which camera: the one facing the liver (mirrored in the preview) or the one behind. */
export type Facing = 'user' | 'environment'

/**
 * The camera and microphone as captured (src/effects/broadcast-media.ts). The machine keeps it
 * and hands it on to the preview and the sender; it never reads or changes its tracks itself.
 */
export interface Capture {
  readonly stream: MediaStream
  readonly facing: Facing
}

/** The room as the broadcast page needs it, from its status and the owner's flags. */
export interface BroadcastRoom {
  roomId: number
  roomUrlKey: string
  mainName: string
  isOwner: boolean
  /** Whether a minor's streaming window applies (SPEC §4): the regulation machine follows it. */
  flags: StreamerFlags
}

/** The live the site started for this page's WHIP session (the room's status after the 201). */
export interface LiveSession {
  liveId: number
  /** Unix ms; the elapsed time counts from here. */
  startedAtMs: number
  /** The live's push key (comments, gifts, live end) and the owner's own key (owner-only logs). */
  pushKey: string
  ownerPushKey: string
}

/** What a WHIP POST needs: the endpoint, the room's stream key (the Bearer token), STUN/TURN. */
export interface WhipCredentials {
  whipUrl: string
  key: string
  iceServers: IceServer[]
}

/** The connection in numbers, from `getStats()` once a second; null where the browser has none. */
export interface ConnectionStats {
  /** Video sent, kilobits per second. */
  bitrateKbps: number | null
  /** Packets the media host did not receive, percent. */
  lossPct: number | null
  /** Round trip to the media host, milliseconds. */
  rttMs: number | null
  /**
   * Whether the browser says the network holds back what it sends (its encoder limited by
   * bandwidth, or its estimate of the way out under the warning's bitrate); absent where it does
   * not say. A plain scene needs little: a low bitrate alone is no bad network.
   */
  bandwidthLimited?: boolean
}

/** Why the camera or microphone could not be used. */
export type CameraFailure = 'denied' | 'notFound' | 'inUse' | 'insecure' | 'failed'

/** What went wrong, shown on the page until something replaces it. */
export type BroadcastProblem =
  | { kind: 'camera'; reason: CameraFailure }
  /** The WHIP endpoint or the API refused: its status and its own words (text/plain). */
  | { kind: 'refused'; status: number; message: string }
  /** The site could not be reached (network, timeout). */
  | { kind: 'unreachable' }
  /** The room could not be loaded. */
  | { kind: 'loadFailed' }
  /** The media host took the stream, but the room never showed a live. */
  | { kind: 'notOnAir' }
  /** The other camera could not be opened (the one before is back). */
  | { kind: 'switchFailed' }
  /** The site did not confirm the end; the session was closed, so the live ends by itself. */
  | { kind: 'endUnconfirmed' }

/** Why the live is over, told on the ended page. */
export type EndReason = 'liver' | 'site' | 'window' | 'refused' | 'lost'

/** A thrown problem: the effects throw these so the machine can tell what happened. */
export class BroadcastFailure extends Error {
  constructor(readonly problem: BroadcastProblem) {
    super(`broadcast: ${problem.kind}`)
    this.name = 'BroadcastFailure'
  }
}

/** What the sender (the RTCPeerConnection and its WHIP session) tells the machine. */
export type PublishReport =
  | { type: 'whip.answered' }
  | { type: 'whip.refused'; status: number; message: string }
  | { type: 'whip.unreachable' }
  | { type: 'connection.up' }
  | { type: 'connection.down' }
  | { type: 'connection.failed' }
  | { type: 'stats.sampled'; stats: ConnectionStats }

/** What the machine tells the sender: the tracks to send now (video null while hidden or off). */
export type PublishCommand = { type: 'publish.tracks'; capture: Capture; sendVideo: boolean }

export interface PublishInput {
  credentials: WhipCredentials
  capture: Capture
  sendVideo: boolean
}

/** What the page tells the machine: the tab hidden or shown, the network changed. */
export type PageReport =
  { type: 'page.hidden' } | { type: 'page.visible' } | { type: 'network.changed' }

export type BroadcastEvent =
  | { type: 'camera.switch' }
  | { type: 'camera.toggle' }
  | { type: 'mic.toggle' }
  | { type: 'broadcast.start' }
  | { type: 'broadcast.retry' }
  | { type: 'broadcast.again' }
  | { type: 'end.request' }
  | { type: 'end.confirm' }
  | { type: 'end.cancel' }
  /** Raised 3 s after the connection went 'disconnected', unless it came back meanwhile. */
  | { type: 'connection.lost' }
  | { type: 'clock.tick'; nowMs: number }
  | PublishReport
  | PageReport
  | PushEvent
  | PollingReport
  | { type: 'xstate.done.actor.loadRoom'; output: BroadcastRoom }
  | { type: 'xstate.error.actor.loadRoom'; error: unknown }
  | { type: 'xstate.done.actor.acquire'; output: Capture }
  | { type: 'xstate.error.actor.acquire'; error: unknown }
  | { type: 'xstate.done.actor.recapture'; output: Capture }
  | { type: 'xstate.error.actor.recapture'; error: unknown }
  | { type: 'xstate.done.actor.loadCredentials'; output: WhipCredentials }
  | { type: 'xstate.error.actor.loadCredentials'; error: unknown }
  | { type: 'xstate.done.actor.loadLive'; output: LiveSession | null }
  | { type: 'xstate.error.actor.loadLive'; error: unknown }
  | { type: 'xstate.done.actor.endLive'; output: unknown }
  | { type: 'xstate.error.actor.endLive'; error: unknown }

export interface BroadcastInput {
  roomUrlKey: string
  userId: number | null
}

export interface BroadcastContext {
  roomUrlKey: string
  userId: number | null
  /** The wall clock's last tick (the clock actor); 0 before the first. */
  nowMs: number
  /** Null until loaded (the page shows its loading state until then). */
  room: BroadcastRoom | null
  /** Null before the camera is open and after the live (its tracks stopped). */
  capture: Capture | null
  /** The camera asked for; the capture's own facing tells which one is open. */
  facing: Facing
  micOn: boolean
  cameraOn: boolean
  /** The page is in the background: no video is sent (phones stop the camera there). */
  hidden: boolean
  /** The camera is being switched or opened again; one at a time. */
  recapturing: boolean
  /** A sender (child `publish`) runs: commands may go to it. */
  publishing: boolean
  credentials: WhipCredentials | null
  live: LiveSession | null
  viewers: number | null
  /** The live's gifts, newest first. */
  gifts: GiftLogEntry[]
  stats: ConnectionStats | null
  problem: BroadcastProblem | null
  endReason: EndReason | null
  /** Tries of the current step (the live's status after a 201, or a reconnect), capped. */
  attempts: number
  /** The site tells viewers the video stopped (t:205). */
  interrupted: boolean
}
