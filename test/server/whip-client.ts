import { spawn, type ChildProcess } from 'node:child_process'
import dgram from 'node:dgram'
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, type RtcpPacket } from 'werift'
import { ffmpegBin } from '../../server/config-media.ts'

/**
 * A WHIP publisher that is not the site's page (issue #51): werift's own WebRTC peer in Node,
 * sending H.264 and Opus that ffmpeg encodes from a test pattern and a tone (as RTP on loopback,
 * which this peer forwards). It speaks RFC 9725 as OBS does: POST the offer with the key as
 * Bearer, 201 with the answer and a Location, DELETE to end.
 */
export class WhipPublisher {
  readonly pc: RTCPeerConnection
  private readonly video = new MediaStreamTrack({ kind: 'video' })
  private readonly audio = new MediaStreamTrack({ kind: 'audio' })
  private encoder: ChildProcess | null = null
  private sockets: dgram.Socket[] = []
  /** PLIs the host sent (it asks for keyframes). */
  plis = 0
  /** While true the camera is off: video packets are not sent, sound goes on. */
  videoPaused = false
  location: string | null = null

  constructor(
    options: {
      videoCodec?: 'H264' | 'VP8'
      audio?: boolean
      /** TURN as the site hands it out; with `relayOnly`, nothing but the relay is tried. */
      iceServers?: Array<{ urls: string | string[]; username?: string; credential?: string }>
      relayOnly?: boolean
      /** The TURN server's certificate to trust (a `turns:` URL over TLS). */
      turnCa?: string
    } = {},
  ) {
    const codec = options.videoCodec ?? 'H264'
    this.pc = new RTCPeerConnection({
      iceServers: (options.iceServers ?? []).map((s) => ({
        ...s,
        urls: Array.isArray(s.urls) ? (s.urls[0] ?? '') : s.urls,
      })),
      iceTransportPolicy: options.relayOnly ? 'relay' : 'all',
      ...(options.turnCa ? { turnTlsOptions: { ca: options.turnCa } } : {}),
      iceUseIpv6: false,
      bundlePolicy: 'max-bundle',
      codecs: {
        video: [
          new RTCRtpCodecParameters({
            mimeType: `video/${codec}`,
            clockRate: 90000,
            rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }],
            ...(codec === 'H264'
              ? {
                  parameters:
                    'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
                }
              : {}),
          }),
        ],
        audio: [
          new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 }),
        ],
      },
    })
    const sender = this.pc.addTransceiver(this.video, { direction: 'sendonly' }).sender
    sender.onRtcp.subscribe((rtcp: RtcpPacket) => {
      if (rtcp.type === 206) this.plis++
    })
    if (options.audio !== false) this.pc.addTransceiver(this.audio, { direction: 'sendonly' })
  }

  /** The complete offer (ICE gathered). */
  async offer(): Promise<string> {
    await this.pc.setLocalDescription(await this.pc.createOffer())
    if (this.pc.iceGatheringState !== 'complete') {
      await new Promise<void>((resolve) => {
        const sub = this.pc.iceGatheringStateChange.subscribe((s) => {
          if (s === 'complete') {
            sub.unSubscribe()
            resolve()
          }
        })
      })
    }
    return this.pc.localDescription?.sdp ?? ''
  }

  /** POSTs the offer to `whipUrl` with `key`; on 201 takes the answer. The response as it came. */
  async publish(
    whipUrl: string,
    key: string,
    sdp?: string,
  ): Promise<{ status: number; text: string }> {
    const body = sdp ?? (await this.offer())
    const response = await fetch(whipUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${key}` },
      body,
    })
    const text = await response.text()
    if (response.status === 201) {
      this.location = new URL(response.headers.get('location') ?? '', whipUrl).href
      await this.pc.setRemoteDescription({ type: 'answer', sdp: text })
    }
    return { status: response.status, text }
  }

  /** Starts sending: ffmpeg's H.264 (1 s GOP) and Opus as RTP into this peer's tracks. */
  async send(): Promise<void> {
    const ports = await Promise.all([
      this.receiveInto(this.video, () => this.videoPaused),
      this.receiveInto(this.audio),
    ])
    this.encoder = spawn(
      ffmpegBin(),
      [
        ...['-hide_banner', '-loglevel', 'error', '-re'],
        ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
        ...['-map', '0:v', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency'],
        // SPS and PPS before every keyframe, as browsers send them: a reader may join at any.
        ...['-profile:v', 'baseline', '-pix_fmt', 'yuv420p', '-g', '30'],
        ...['-x264-params', 'repeat-headers=1'],
        ...['-payload_type', '96', '-f', 'rtp', `rtp://127.0.0.1:${ports[0]}?pkt_size=1200`],
        ...['-map', '1:a', '-c:a', 'libopus', '-b:a', '64k'],
        ...['-payload_type', '111', '-f', 'rtp', `rtp://127.0.0.1:${ports[1]}?pkt_size=1200`],
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    )
  }

  private receiveInto(track: MediaStreamTrack, paused = () => false): Promise<number> {
    const socket = dgram.createSocket('udp4')
    this.sockets.push(socket)
    socket.on('message', (packet) => {
      if (!paused()) track.writeRtp(packet)
    })
    return new Promise((resolve) =>
      socket.bind(0, '127.0.0.1', () => resolve(socket.address().port)),
    )
  }

  /** DELETE on the session with `key` (the publisher's unless told). */
  async end(key: string): Promise<number> {
    if (!this.location) return 0
    const response = await fetch(this.location, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${key}` },
    })
    return response.status
  }

  /** Stops sending without a word (the phone lost its network): no DELETE, no more packets. */
  goSilent(): void {
    this.encoder?.kill('SIGKILL')
    for (const socket of this.sockets) socket.close()
    this.sockets = []
  }

  async close(): Promise<void> {
    this.encoder?.kill('SIGKILL')
    for (const socket of this.sockets) socket.close()
    this.sockets = []
    await this.pc.close()
  }
}
