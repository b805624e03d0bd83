import dgram from 'node:dgram'

/**
 * Where a session's media goes: ffmpeg's RTP and RTCP ports on loopback, one video stream per
 * simulcast layer (0: the source, or the only stream), its sound with each.
 */
export interface MediaSink {
  video(packet: Buffer, layer: number): void
  videoRtcp(packet: Buffer, layer: number): void
  audio(packet: Buffer): void
  audioRtcp(packet: Buffer): void
}

/** The loopback ports of one layer's ffmpeg (rtp-source.ts): RTP on each, RTCP on each + 1. */
export interface LayerPorts {
  video: number
  audio: number
}

/**
 * A loopback UDP sender for one session's media, to the ports ffmpeg's SDPs name: each layer's
 * video to its own reader, the sound to every reader (each layer's rendition carries it).
 */
export function udpSink(layers: readonly LayerPorts[]): MediaSink & { close(): void } {
  const socket = dgram.createSocket('udp4')
  socket.on('error', () => {}) // ffmpeg not listening yet (ICMP refused): the next packet goes
  const send = (packet: Buffer, port: number | undefined) => {
    if (port !== undefined) socket.send(packet, port, '127.0.0.1')
  }
  return {
    video: (packet, layer) => send(packet, layers[layer]?.video),
    videoRtcp: (packet, layer) => send(packet, layers[layer] && layers[layer].video + 1),
    audio: (packet) => {
      for (const l of layers) send(packet, l.audio)
    },
    audioRtcp: (packet) => {
      for (const l of layers) send(packet, l.audio + 1)
    },
    close: () => socket.close(),
  }
}
