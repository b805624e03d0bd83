import dgram from 'node:dgram'
import { FRAGMENTED_MP4, LADDER, QUIET } from '../llhls/ladder.ts'
import type { SourceInput } from '../llhls/live.ts'
import type { ReaderInput } from '../llhls/source.ts'
import { AUDIO_PT, VIDEO_PT } from './session.ts'
import type { LayerPorts } from './sink.ts'

/** Whether a UDP port on loopback can be bound now. */
const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = dgram.createSocket('udp4')
    socket.once('error', () => resolve(false))
    socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)))
  })

/**
 * Ports handed to a session until it lets them go: between the check that a port is free and
 * its ffmpeg binding it, another session must not be handed the same (its media would go to the
 * other room's reader).
 */
const reserved = new Set<number>()

/** An even port whose odd neighbour is free too (RTP and its RTCP), picked by the system. */
export async function freeRtpPort(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const picked = await new Promise<number>((resolve, reject) => {
      const socket = dgram.createSocket('udp4')
      socket.once('error', reject)
      socket.bind(0, '127.0.0.1', () => {
        const { port } = socket.address()
        socket.close(() => resolve(port))
      })
    })
    const even = picked - (picked % 2)
    if (even <= 1024 || reserved.has(even)) continue
    if ((await bindable(even)) && (await bindable(even + 1)) && !reserved.has(even)) {
      reserved.add(even)
      return even
    }
  }
  throw new Error('no free pair of UDP ports on loopback')
}

/** Loopback ports for each of `layers` video streams (at least one) and its sound. */
export async function freeLayerPorts(layers: number): Promise<LayerPorts[]> {
  const ports: LayerPorts[] = []
  const taken: number[] = []
  const take = async () => {
    const port = await freeRtpPort()
    taken.push(port)
    return port
  }
  try {
    for (let i = 0; i < Math.max(1, layers); i++)
      ports.push({ video: await take(), audio: await take() })
  } catch (error) {
    for (const port of taken) reserved.delete(port)
    throw error
  }
  return ports
}

/** A session's ports, free for others again. */
export function releaseLayerPorts(ports: readonly LayerPorts[]): void {
  for (const p of ports) {
    reserved.delete(p.video)
    reserved.delete(p.audio)
  }
}

/** The SDP ffmpeg reads: H.264 (and Opus) as RTP on loopback, at the payload types session.ts sets. */
export function rtpSdp(ports: LayerPorts, audio: boolean): string {
  return [
    'v=0',
    'o=- 0 0 IN IP4 127.0.0.1',
    's=kirari-whip',
    'c=IN IP4 127.0.0.1',
    't=0 0',
    `m=video ${ports.video} RTP/AVP ${VIDEO_PT}`,
    `a=rtpmap:${VIDEO_PT} H264/90000`,
    `a=fmtp:${VIDEO_PT} packetization-mode=1`,
    ...(audio
      ? [`m=audio ${ports.audio} RTP/AVP ${AUDIO_PT}`, `a=rtpmap:${AUDIO_PT} opus/48000/2`]
      : []),
    '',
  ].join('\r\n')
}

/**
 * One layer's reader: ffmpeg reads its RTP (the SDP on stdin), copies the H.264 as it is and
 * turns Opus into AAC (HLS players play no Opus in MP4 everywhere); nothing is transcoded.
 * Packets out of order are put back in order for up to 100 ms, which loopback never needs but a
 * retransmission can.
 */
function layerReader(ports: LayerPorts, audio: boolean): ReaderInput {
  return {
    stdin: rtpSdp(ports, audio),
    args: [
      ...QUIET,
      ...['-protocol_whitelist', 'pipe,udp,rtp'],
      // The browser's first keyframe (with its SPS and PPS) comes once asked for: wait for it
      // rather than give up and start over (probing ends as soon as both tracks are known).
      ...['-fflags', 'nobuffer', '-analyzeduration', '5000000', '-probesize', '5000000'],
      ...['-reorder_queue_size', '64', '-max_delay', '100000'],
      // Its ports on loopback only, and packets taken from loopback only: nobody else can feed it.
      ...['-localaddr', '127.0.0.1'],
      ...['-f', 'sdp', '-i', 'pipe:0'],
      ...['-map', '0:v:0', ...(audio ? ['-map', '0:a:0'] : [])],
      ...['-c:v', 'copy'],
      ...(audio ? ['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2'] : []),
      ...FRAGMENTED_MP4,
      'pipe:1',
    ],
  }
}

/**
 * A browser live's source: its first (or only) layer's reader. Its simulcast layers below are
 * the ladder's lower rungs, in order (a phone sends its own ladder: the host transcodes no
 * video for it).
 */
export function whipSource(
  layers: readonly LayerPorts[],
  audio: boolean,
  release: () => void,
): SourceInput {
  const [first, ...below] = layers
  if (!first) throw new Error('a browser live needs the ports of one layer at least')
  return {
    kind: 'whip',
    ladder: false,
    release,
    ...layerReader(first, audio),
    ...(below.length > 0 && {
      layers: below.flatMap((ports, i) => {
        const rung = LADDER[i + 1]
        return rung ? [{ rung, input: layerReader(ports, audio) }] : []
      }),
    }),
  }
}
