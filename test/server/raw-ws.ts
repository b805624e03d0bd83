import { randomBytes } from 'node:crypto'
import net from 'node:net'

/**
 * A WebSocket client on a plain TCP socket that the test owns, so it can stop reading (pause)
 * and then read every byte the server sent, checking each frame's bytes itself (RFC 6455 §5.2).
 */
export interface RawWs {
  socket: net.Socket
  /** Sends a masked text frame, as every client must (§5.3). */
  sendText(text: string): void
  /** Sends a masked frame of `opcode` (a ping is 9). */
  sendFrame(opcode: number, payload: Buffer): void
  /** Every byte read after the handshake, in order. */
  received(): Buffer
}

export async function rawWs(port: number, headers: Record<string, string> = {}): Promise<RawWs> {
  const socket = net.connect(port, '127.0.0.1')
  socket.on('error', () => {})
  const chunks: Buffer[] = []
  await new Promise<void>((resolve, reject) => {
    let head = Buffer.alloc(0)
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk])
      const end = head.indexOf('\r\n\r\n')
      if (end < 0) return
      socket.off('data', onData)
      const status = head.subarray(0, end).toString('latin1')
      if (!status.startsWith('HTTP/1.1 101')) {
        reject(new Error(`no upgrade: ${status.split('\r\n')[0] ?? ''}`))
        return
      }
      const rest = head.subarray(end + 4)
      if (rest.length > 0) chunks.push(rest)
      socket.on('data', (data: Buffer) => chunks.push(data))
      resolve()
    }
    socket.on('data', onData)
    socket.once('error', reject)
    socket.once('connect', () =>
      socket.write(
        `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
          Object.entries(headers)
            .map(([name, value]) => `${name}: ${value}\r\n`)
            .join('') +
          'Sec-WebSocket-Version: 13\r\n\r\n',
      ),
    )
  })
  const sendFrame = (opcode: number, payload: Buffer) => {
    if (payload.length >= 126) throw new Error('short frames only')
    const mask = randomBytes(4)
    const masked = payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0))
    socket.write(Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length]), mask, masked]))
  }
  return {
    socket,
    sendText: (text) => sendFrame(0x1, Buffer.from(text)),
    sendFrame,
    received: () => Buffer.concat(chunks),
  }
}

export interface ParsedFrame {
  fin: boolean
  opcode: number
  payload: Buffer
}

/**
 * The server's frames in `bytes`, each checked to be well-formed (FIN set, no reserved bits, no
 * mask, a known opcode); throws at the first malformed one. A frame cut by the end is left out.
 */
export function parseFrames(bytes: Buffer): ParsedFrame[] {
  const frames: ParsedFrame[] = []
  let at = 0
  while (at + 2 <= bytes.length) {
    const b0 = bytes[at] ?? 0
    const b1 = bytes[at + 1] ?? 0
    const code = b1 & 0x7f
    const head = code < 126 ? 2 : code === 126 ? 4 : 10
    if (at + head > bytes.length) break
    const length =
      code < 126
        ? code
        : code === 126
          ? bytes.readUInt16BE(at + 2)
          : Number(bytes.readBigUInt64BE(at + 2))
    const opcode = b0 & 0x0f
    if ((b0 & 0x70) !== 0 || (b1 & 0x80) !== 0 || ![0x1, 0x2, 0x8, 0x9, 0xa].includes(opcode)) {
      throw new Error(
        `malformed frame at byte ${at}: ${bytes.subarray(at, at + 8).toString('hex')}`,
      )
    }
    if (at + head + length > bytes.length) break
    frames.push({
      fin: (b0 & 0x80) !== 0,
      opcode,
      payload: bytes.subarray(at + head, at + head + length),
    })
    at += head + length
  }
  return frames
}
