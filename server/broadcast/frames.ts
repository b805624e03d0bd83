import { Duplex } from 'node:stream'
import type { WebSocket } from 'ws'

/**
 * One complete server-to-client WebSocket text frame (FIN, opcode 1, unmasked, RFC 6455 §5.2):
 * the same bytes for every socket, so a message is framed once however many follow its room.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length
  const head = length < 126 ? 2 : length < 65_536 ? 4 : 10
  const frame = Buffer.allocUnsafe(head + length)
  frame[0] = 0x81
  if (length < 126) frame[1] = length
  else if (length < 65_536) {
    frame[1] = 126
    frame.writeUInt16BE(length, 2)
  } else {
    frame[1] = 127
    frame.writeBigUInt64BE(BigInt(length), 2)
  }
  payload.copy(frame, head)
  return frame
}

/** A server's ping with no payload (FIN, opcode 9, RFC 6455 §5.5.2): the same for every socket. */
export const PING_FRAME = Buffer.from([0x89, 0x00])

/** The payload of a frame made by textFrame. */
export function payloadOf(frame: Buffer): Buffer {
  const code = (frame[1] ?? 0) & 0x7f
  return frame.subarray(code < 126 ? 2 : code === 126 ? 4 : 10)
}

/**
 * The TCP socket under a WebSocket, to write a batch of ready-made frames in one call. `ws`
 * keeps it in a private field; without it (another implementation) frames go through `send`.
 * Writing beside `ws` is safe because the hub never negotiates compression: `ws` then writes
 * every frame of its own (ACK, ping, close) whole and at once, never interleaved with ours.
 */
export function rawSocket(ws: WebSocket): Duplex | undefined {
  const raw = (ws as unknown as { _socket?: unknown })._socket
  return raw instanceof Duplex ? raw : undefined
}
