import { randomBytes } from 'node:crypto'
import {
  RTCPeerConnection,
  RTCRtpCodecParameters,
  useRepairedRtpStreamId,
  useSdesMid,
  useSdesRTPStreamId,
  type MediaStreamTrack,
  type RTCRtpTransceiver,
  type RtcpPacket,
  type RtpPacket,
} from 'werift'
import { estimate } from './estimate.ts'
import { mayCheck, type WhipPeerSettings } from './peers.ts'
import type { MediaSink } from './sink.ts'
import './werift-guard.ts'

/** A peer that has not finished ICE and DTLS by this is dropped (issue #51: within 10 s). */
export const CONNECT_MS = 10_000
/** Without a packet of any kind for this long, a connected peer is gone. */
export const SILENT_MS = 15_000
/**
 * A keyframe is asked for this often: each starts a segment, and a player can join at any (a
 * browser's encoder sends one only when asked, after the first).
 */
export const KEYFRAME_EVERY_MS = 1000

/**
 * Video SSRCs one session may use: each simulcast layer (at most 3), and a few more for layers
 * that come back under a new one.
 */
const MAX_STREAMS = 8
/** A new stream asks for a keyframe of every layer at most this often (ms). */
const NEW_STREAM_KEYFRAME_MS = 500

/** The payload types ffmpeg's SDP names (the sender's own are rewritten to these). */
export const VIDEO_PT = 96
export const AUDIO_PT = 111

/** H.264 as the host receives it (werift answers with the offer's own feedback lines). */
const H264 = new RTCRtpCodecParameters({
  mimeType: 'video/H264',
  clockRate: 90000,
  rtcpFeedback: [
    { type: 'nack' },
    { type: 'nack', parameter: 'pli' },
    { type: 'ccm', parameter: 'fir' },
    // The receiver's estimate (REMB), without which a browser's stays at its start (~300
    // kbit/s) and its simulcast's top layers never come on.
    { type: 'goog-remb' },
  ],
  parameters: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
})
const OPUS = new RTCRtpCodecParameters({
  mimeType: 'audio/opus',
  clockRate: 48000,
  channels: 2,
  parameters: 'minptime=10;useinbandfec=1',
})

type SessionState = 'new' | 'connected' | 'closed'

/**
 * One WHIP publisher (RFC 9725): a WebRTC peer (werift) that only receives, whose H.264 and Opus
 * RTP is handed on untouched (but for the payload type) to a sink, while it asks the sender for a
 * keyframe every KEYFRAME_EVERY_MS. `connected` settles true once ICE and DTLS are done, false
 * when they were not within CONNECT_MS or the session closed first.
 */
export class WhipSession {
  readonly id = randomBytes(18).toString('base64url')
  private readonly pc: RTCPeerConnection
  private state: SessionState = 'new'
  private video: RTCRtpTransceiver | null = null
  /** Each video stream's SSRC and its layer, learnt from its packets. */
  private readonly layerOf = new Map<number, number>()
  /** When a new stream last asked for a keyframe of all (ms). */
  private newStreamKeyframeAt = 0
  private sink: MediaSink | null = null
  private readonly timers: NodeJS.Timeout[] = []
  private readonly watch: NodeJS.Timeout
  private readonly closedListeners: Array<(why: string) => void> = []
  /** Date.now() of the last packet received, of any kind. */
  lastPacketAt = 0
  /** Date.now() of the last video packet. */
  lastVideoAt = 0
  readonly connected: Promise<boolean>
  private settle: (ok: boolean) => void = () => {}

  /**
   * `layers`: the simulcast layers' rids, source first (offer.ts, which checked them); empty:
   * one stream.
   */
  constructor(
    settings: WhipPeerSettings,
    private readonly layers: readonly string[] = [],
  ) {
    const simulcast = layers.length > 0
    this.pc = new RTCPeerConnection({
      codecs: { video: [H264], audio: [OPUS] },
      iceServers: settings.iceServers,
      iceAdditionalHostAddresses: settings.publicAddresses.length
        ? settings.publicAddresses
        : undefined,
      icePortRange: settings.portRange,
      iceInterfaceAddresses: settings.bindAddress ? { udp4: settings.bindAddress } : undefined,
      iceUseIpv6: false,
      iceFilterCandidatePair: (pair) => mayCheck(pair.remoteCandidate.host, settings.peers),
      bundlePolicy: 'max-bundle',
      // Simulcast layers are told apart by their stream ids (RFC 8852), beside BUNDLE's media
      // ids; one stream needs neither (its SSRC is in the offer).
      headerExtensions: simulcast
        ? {
            video: [useSdesMid(), useSdesRTPStreamId(), useRepairedRtpStreamId()],
            audio: [useSdesMid()],
          }
        : { video: [], audio: [] },
    })
    this.connected = new Promise((resolve) => {
      this.settle = resolve
    })
    this.pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected' && this.state === 'new') {
        this.state = 'connected'
        this.wasConnected = true
        this.lastPacketAt = Date.now()
        this.settle(true)
        this.requestKeyframe()
      }
      if (state === 'failed' || state === 'closed') this.close(`connection ${state}`)
    })
    this.pc.onTransceiverAdded.subscribe((transceiver) => this.listen(transceiver))
    this.pc.onRemoteTransceiverAdded.subscribe((transceiver) => this.listen(transceiver))
    const connectTimer = setTimeout(() => {
      if (this.state === 'new') this.close('ICE and DTLS did not complete in time')
    }, CONNECT_MS)
    this.watch = setInterval(() => {
      if (this.state !== 'connected') return
      if (Date.now() - this.lastPacketAt > SILENT_MS) this.close('no media')
      else {
        this.requestKeyframe()
        this.sendEstimate()
      }
    }, KEYFRAME_EVERY_MS)
    this.timers.push(connectTimer)
  }

  get isOpen(): boolean {
    return this.state !== 'closed'
  }

  /** Whether it has closed, asked anew (a method: the answer changes across an await). */
  hasClosed(): boolean {
    return this.state === 'closed'
  }

  get isConnected(): boolean {
    return this.state === 'connected'
  }

  /** Whether ICE and DTLS were ever done (its live may have started). */
  get isConnectedOnce(): boolean {
    return this.wasConnected
  }

  private wasConnected = false

  private readonly listened = new WeakSet<RTCRtpTransceiver>()

  private listen(transceiver: RTCRtpTransceiver): void {
    if (this.listened.has(transceiver)) return
    this.listened.add(transceiver)
    transceiver.onTrack.subscribe((track: MediaStreamTrack) => {
      const video = track.kind === 'video'
      if (video) this.video = transceiver
      // A simulcast layer's track has its rid; a track without is the one stream (layer 0).
      const layer = video && track.rid ? this.layers.indexOf(track.rid) : 0
      if (layer < 0) return
      track.onReceiveRtp.subscribe((rtp: RtpPacket) => {
        const now = Date.now()
        this.lastPacketAt = now
        if (video) {
          this.lastVideoAt = now
          if (!this.layerOf.has(rtp.header.ssrc) && !this.newStream(rtp.header.ssrc, layer, now)) {
            return
          }
        }
        const sink = this.sink
        if (!sink) return
        rtp.header.payloadType = video ? VIDEO_PT : AUDIO_PT
        const packet = rtp.serialize()
        if (video) sink.video(packet, layer)
        else sink.audio(packet)
      })
    })
    transceiver.receiver.onRtcp.subscribe((rtcp: RtcpPacket) => {
      // Only the sender's reports (200): they date its RTP clock, which lines video up with audio.
      if (rtcp.type !== 200 || !this.sink) return
      const packet = rtcp.serialize()
      if (transceiver.kind !== 'video') return this.sink.audioRtcp(packet)
      const layer = this.layerOf.get(rtcp.ssrc)
      if (layer !== undefined) this.sink.videoRtcp(packet, layer)
    })
  }

  /**
   * Every SSRC the sender uses, whatever it carries: werift keeps a table entry for each (even
   * for a payload it then drops, before any track hears of it), so a sender that keeps making new
   * ones is cut off here too.
   */
  private countStreams(): void {
    const transport = this.pc.getTransceivers()[0]?.receiver.dtlsTransport
    const seen = new Set<number>()
    transport?.onRtp.subscribe((rtp: RtpPacket) => {
      if (seen.has(rtp.header.ssrc)) return
      seen.add(rtp.header.ssrc)
      // Each video stream, the sound, and a spare.
      if (seen.size > MAX_STREAMS + 2) this.close('too many streams')
    })
  }

  /**
   * A video stream not seen before: a layer that began, or came back under a new SSRC. It starts
   * with a keyframe (asked of every layer, at most twice a second). A sender that keeps making
   * new streams is cut off: each costs the host a keyframe request to all the others.
   */
  private newStream(ssrc: number, layer: number, now: number): boolean {
    if (this.layerOf.size >= MAX_STREAMS) {
      this.close('too many video streams')
      return false
    }
    this.layerOf.set(ssrc, layer)
    if (now - this.newStreamKeyframeAt >= NEW_STREAM_KEYFRAME_MS) {
      this.newStreamKeyframeAt = now
      this.requestKeyframe()
    }
    return true
  }

  /** The SDP answer to `offer` (checked by offer.ts), with this host's ICE candidates. */
  async answer(offer: string): Promise<string> {
    await this.pc.setRemoteDescription({ type: 'offer', sdp: offer })
    await this.pc.setLocalDescription(await this.pc.createAnswer())
    this.countStreams()
    if (this.pc.iceGatheringState !== 'complete') {
      await new Promise<void>((resolve) => {
        const done = this.pc.iceGatheringStateChange.subscribe((state) => {
          if (state !== 'complete') return
          done.unSubscribe()
          resolve()
        })
        this.timers.push(setTimeout(resolve, 3000))
      })
    }
    const sdp = this.pc.localDescription?.sdp
    if (!sdp) throw new Error('no local description')
    return sdp
  }

  /** From now on, media goes to `sink` (null: nowhere). */
  setSink(sink: MediaSink | null): void {
    this.sink = sink
  }

  /**
   * Asks the sender for a keyframe (RTCP PLI) on every video stream at once: simulcast layers
   * then start their segments on the same frame.
   */
  requestKeyframe(): void {
    const video = this.video
    if (!video || this.state !== 'connected') return
    for (const ssrc of this.layerOf.keys()) video.receiver.sendRtcpPLI(ssrc).catch(() => {})
  }

  /** Tells the sender what it may send (RTCP REMB, draft-alvestrand-rmcat-remb). */
  private sendEstimate(): void {
    const video = this.video
    const ssrcs = [...this.layerOf.keys()]
    if (!video || ssrcs.length === 0 || this.state !== 'connected') return
    void video.receiver.dtlsTransport
      .sendRtcp([estimate(video.receiver.rtcpSsrc, ssrcs)])
      .catch(() => {})
  }

  onClosed(listener: (why: string) => void): void {
    if (this.state === 'closed') listener('closed')
    else this.closedListeners.push(listener)
  }

  close(why = 'closed'): void {
    if (this.state === 'closed') return
    this.state = 'closed'
    this.settle(false)
    this.sink = null
    for (const t of this.timers) clearTimeout(t)
    clearInterval(this.watch)
    void this.pc.close().catch(() => {})
    for (const listener of this.closedListeners.splice(0)) listener(why)
  }
}
