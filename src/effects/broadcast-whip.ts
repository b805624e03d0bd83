import { SDP_CONTENT_TYPE } from '../contract/whip.ts'
import {
  WARN_BITRATE_KBPS,
  figuresBetween,
  type StatsSample,
} from '../machines/broadcast/broadcast.rules.ts'
import type {
  Capture,
  PublishCommand,
  PublishInput,
  PublishReport,
} from '../machines/broadcast/broadcast.machine.ts'

// One WebRTC session of the broadcast page, published by WHIP (RFC 9725, issue #51).

/** Non-trickle WHIP: the offer waits for its candidates this long at most. */
export const ICE_GATHERING_MS = 2000
/** The video's ceiling: a phone's 720×1280 at 30 fps looks good well under it. */
export const MAX_VIDEO_BITRATE = 2_500_000
/**
 * The simulcast layers the page sends (RFC 8853), best first: the camera's picture, a half and a
 * quarter of it. The media host makes each a rung of the viewers' quality menu as it comes, so a
 * phone's live costs it no transcoding; the browser turns the top layers off by itself when its
 * network narrows, and the live goes on in the others.
 */
export const SIMULCAST: readonly RTCRtpEncodingParameters[] = [
  { rid: 'h', maxBitrate: MAX_VIDEO_BITRATE },
  { rid: 'm', scaleResolutionDownBy: 2, maxBitrate: 800_000 },
  { rid: 'l', scaleResolutionDownBy: 4, maxBitrate: 250_000 },
]
const POST_TIMEOUT_MS = 15_000
const STATS_MS = 1000

/**
 * The DELETE of the session before, if still on its way: a new POST waits for it (a little), so
 * the site does not answer 409 for a publisher that is already gone.
 */
let previousDelete: Promise<void> = Promise.resolve()

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** H.264 (packetization-mode=1, constrained baseline first) before the others, which stay. */
function preferH264(transceiver: RTCRtpTransceiver): void {
  const codecs =
    typeof RTCRtpSender.getCapabilities === 'function'
      ? RTCRtpSender.getCapabilities('video')?.codecs
      : undefined
  if (!codecs || typeof transceiver.setCodecPreferences !== 'function') return
  const rank = (c: RTCRtpCodec) => {
    const fmtp = c.sdpFmtpLine ?? ''
    if (c.mimeType.toLowerCase() !== 'video/h264') return 3
    if (!/packetization-mode=1/.test(fmtp)) return 2
    return /profile-level-id=42e0/i.test(fmtp) ? 0 : 1
  }
  // A stable sort: the browser's own order within each rank.
  const sorted = [...codecs].sort((a, b) => rank(a) - rank(b))
  try {
    transceiver.setCodecPreferences(sorted)
  } catch {
    // A browser that refuses the list offers its own order; the site says 406 without H.264.
  }
}

function gatheringDone(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      if (pc.iceGatheringState !== 'complete') return
      pc.removeEventListener('icegatheringstatechange', done)
      resolve()
    }
    pc.addEventListener('icegatheringstatechange', done)
    setTimeout(resolve, ICE_GATHERING_MS)
  })
}

async function readSample(pc: RTCPeerConnection): Promise<StatsSample> {
  const report = await pc.getStats()
  const sample: StatsSample = {
    atMs: performance.now(),
    bytesSent: 0,
    packetsSent: 0,
    packetsLost: null,
    fractionLost: null,
    rttS: null,
  }
  let pairRtt: number | null = null
  // Set inside the loop's callback (kept in an object, which the checker follows there).
  const seen: { limitation: boolean | null; availableBps: number | null } = {
    limitation: null,
    availableBps: null,
  }
  report.forEach((s: Record<string, unknown>) => {
    const num = (key: string) => (typeof s[key] === 'number' ? s[key] : null)
    if (s.type === 'outbound-rtp' && s.kind === 'video') {
      sample.bytesSent += num('bytesSent') ?? 0
      sample.packetsSent += num('packetsSent') ?? 0
      if (typeof s.qualityLimitationReason === 'string') {
        seen.limitation = (seen.limitation ?? false) || s.qualityLimitationReason === 'bandwidth'
      }
    } else if (s.type === 'remote-inbound-rtp' && s.kind === 'video') {
      // One per simulcast layer: their losses add up, the worst fraction and round trip count.
      const lost = num('packetsLost')
      if (lost !== null) sample.packetsLost = (sample.packetsLost ?? 0) + lost
      const fraction = num('fractionLost')
      if (fraction !== null) sample.fractionLost = Math.max(sample.fractionLost ?? 0, fraction)
      const rtt = num('roundTripTime')
      if (rtt !== null) sample.rttS = Math.max(sample.rttS ?? 0, rtt)
    } else if (s.type === 'candidate-pair' && s.nominated === true && s.state === 'succeeded') {
      pairRtt = num('currentRoundTripTime') ?? pairRtt
      seen.availableBps = num('availableOutgoingBitrate') ?? seen.availableBps
    }
  })
  sample.rttS ??= pairRtt
  const { limitation, availableBps } = seen
  const narrow = availableBps === null ? null : availableBps < WARN_BITRATE_KBPS * 1000
  sample.bandwidthLimited = limitation === null && narrow === null ? null : !!(limitation || narrow)
  return sample
}

const trackOf = (capture: Capture, kind: 'video' | 'audio') =>
  (kind === 'video' ? capture.stream.getVideoTracks() : capture.stream.getAudioTracks())[0] ?? null

/**
 * Publishes the capture: a sendonly video and audio transceiver, the complete offer POSTed with
 * the key as Bearer token, the answer applied; then the connection's state and its figures every
 * second. Receives the tracks to send. Its cleanup closes the connection and DELETEs the session.
 */
export function runPublish(
  input: PublishInput,
  sendBack: (report: PublishReport) => void,
  receive: (listener: (command: PublishCommand) => void) => void,
): () => void {
  const { credentials, capture } = input
  const auth = { Authorization: `Bearer ${credentials.key}` }
  const pc = new RTCPeerConnection({ iceServers: credentials.iceServers })
  let closed = false
  let session: string | null = null
  let stats: ReturnType<typeof setInterval> | undefined
  // Read through a function: the cleanup sets it while the POST is on its way.
  const isClosed = () => closed

  /** Ends the session at the site: best effort, and kept alive past a page that is closing. */
  const deleteSession = () => {
    if (!session) return
    previousDelete = fetch(session, { method: 'DELETE', headers: auth, keepalive: true }).then(
      () => {},
      () => {},
    )
    session = null
  }

  const videoInit = (sendEncodings: RTCRtpEncodingParameters[]): RTCRtpTransceiverInit => ({
    direction: 'sendonly',
    streams: [capture.stream],
    sendEncodings,
  })
  let video: RTCRtpTransceiver
  try {
    video = pc.addTransceiver(trackOf(capture, 'video') ?? 'video', videoInit([...SIMULCAST]))
  } catch {
    // A browser without simulcast sends one stream; the host then serves it alone.
    video = pc.addTransceiver(
      trackOf(capture, 'video') ?? 'video',
      videoInit([{ maxBitrate: MAX_VIDEO_BITRATE }]),
    )
  }
  const audio = pc.addTransceiver(trackOf(capture, 'audio') ?? 'audio', {
    direction: 'sendonly',
    streams: [capture.stream],
  })
  preferH264(video)
  if (!input.sendVideo) void video.sender.replaceTrack(null)

  receive((command) => {
    void video.sender
      .replaceTrack(command.sendVideo ? trackOf(command.capture, 'video') : null)
      .catch(() => {})
    const track = trackOf(command.capture, 'audio')
    if (track && audio.sender.track !== track) void audio.sender.replaceTrack(track).catch(() => {})
  })

  pc.addEventListener('connectionstatechange', () => {
    if (closed) return
    if (pc.connectionState === 'connected') sendBack({ type: 'connection.up' })
    else if (pc.connectionState === 'disconnected') sendBack({ type: 'connection.down' })
    else if (pc.connectionState === 'failed') sendBack({ type: 'connection.failed' })
  })

  const keepMaxBitrate = () => {
    // Where sendEncodings was not honoured, the ceilings are set once the sender has encodings.
    const parameters = video.sender.getParameters()
    let changed = false
    for (const encoding of parameters.encodings) {
      const wanted = SIMULCAST.find((e) => e.rid === encoding.rid)?.maxBitrate ?? MAX_VIDEO_BITRATE
      if (encoding.maxBitrate === wanted) continue
      encoding.maxBitrate = wanted
      changed = true
    }
    if (changed) void video.sender.setParameters(parameters).catch(() => {})
  }

  const watchStats = () => {
    let previous: StatsSample | null = null
    stats = setInterval(() => {
      readSample(pc).then(
        (sample) => {
          if (closed) return
          sendBack({ type: 'stats.sampled', stats: figuresBetween(previous, sample) })
          previous = sample
        },
        () => {},
      )
    }, STATS_MS)
  }

  const publish = async () => {
    await pc.setLocalDescription(await pc.createOffer())
    await gatheringDone(pc)
    await Promise.race([previousDelete, sleep(ICE_GATHERING_MS)])
    const offer = pc.localDescription?.sdp ?? ''
    if (isClosed()) return
    let response: Response
    try {
      response = await fetch(credentials.whipUrl, {
        method: 'POST',
        headers: { 'Content-Type': SDP_CONTENT_TYPE, ...auth },
        body: offer,
        signal: AbortSignal.timeout(POST_TIMEOUT_MS),
      })
    } catch {
      if (!isClosed()) sendBack({ type: 'whip.unreachable' })
      return
    }
    const body = await response.text().catch(() => '')
    const location = response.headers.get('Location')
    if (location) session = new URL(location, credentials.whipUrl).href
    // Stopped while the POST was on its way: the session it made goes at once.
    if (isClosed()) return deleteSession()
    if (response.status !== 201) {
      sendBack({
        type: 'whip.refused',
        status: response.status,
        message: body.trim().slice(0, 500),
      })
      return
    }
    try {
      await pc.setRemoteDescription({ type: 'answer', sdp: body })
    } catch (error) {
      // A session the page cannot use: said, and DELETEd with the cleanup.
      const message = error instanceof Error ? error.message : String(error)
      if (!isClosed()) sendBack({ type: 'whip.refused', status: 0, message })
      return
    }
    if (isClosed()) return
    keepMaxBitrate()
    sendBack({ type: 'whip.answered' })
    watchStats()
  }
  publish().catch((error: unknown) => {
    // The browser could not make or apply an offer: said with its own words.
    const message = error instanceof Error ? error.message : String(error)
    if (!isClosed()) sendBack({ type: 'whip.refused', status: 0, message })
  })

  return () => {
    closed = true
    clearInterval(stats)
    pc.close()
    deleteSession()
  }
}
