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

/**
 * The server's pong to a client's ping (opcode 10, its payload echoed, RFC 6455 §5.5.3). The hub
 * answers pings itself (`ws`'s autoPong is off), so that pongs queue under the same bounds as
 * every other reply.
 */
export function pongFrame(payload: Buffer): Buffer {
  const length = Math.min(payload.length, 125)
  const frame = Buffer.allocUnsafe(2 + length)
  frame[0] = 0x8a
  frame[1] = length
  payload.copy(frame, 2, 0, length)
  return frame
}
