import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { DirectWriter } from '../../server/broadcast/direct-write.ts'

/** A loopback TCP pair: `sender` is the server's end, `received` what the other end has read. */
async function pair() {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve))
  const reader = net.connect((server.address() as AddressInfo).port, '127.0.0.1')
  const chunks: Buffer[] = []
  reader.on('data', (chunk: Buffer) => chunks.push(chunk))
  reader.on('error', () => {})
  const sender = await accepted
  sender.on('error', () => {})
  server.close()
  opened.push(sender, reader)
  return { sender, reader, received: () => Buffer.concat(chunks) }
}

const opened: net.Socket[] = []
afterEach(() => {
  for (const socket of opened.splice(0)) socket.destroy()
})

/** `count` distinct numbered buffers of `size` bytes each. */
const numbered = (count: number, size: number) =>
  Array.from({ length: count }, (_, i) => Buffer.alloc(size, `${i % 10}`))

describe('the direct write beneath net.Socket', () => {
  it('goes beneath the stream layer in this runtime', () => {
    expect(new DirectWriter().direct).toBe(true)
  })

  it('keeps the order of its writes and the stream’s own, interleaved', async () => {
    const writer = new DirectWriter()
    const { sender, received } = await pair()
    const parts = numbered(200, 37)
    parts.forEach((part, i) => (i % 3 === 0 ? sender.write(part) : writer.write(sender, part)))
    const whole = Buffer.concat(parts)
    await expect.poll(() => received().length).toBe(whole.length)
    expect(received().equals(whole)).toBe(true)
  })

  it('a reader that stops: what the kernel cannot take waits, is counted, and arrives in order', async () => {
    const writer = new DirectWriter()
    const { sender, reader, received } = await pair()
    reader.pause()
    // Far more than the two kernels' buffers hold: libuv keeps the rest.
    const parts = numbered(64, 256 * 1024)
    for (const part of parts) writer.write(sender, part)
    const whole = Buffer.concat(parts)
    const waiting = writer.queued(sender) + sender.writableLength
    expect(waiting).toBeGreaterThan(0)
    expect(waiting).toBeLessThanOrEqual(2 * whole.length)
    reader.resume()
    await expect.poll(() => received().length, { timeout: 10_000 }).toBe(whole.length)
    expect(received().equals(whole)).toBe(true)
    expect(writer.queued(sender)).toBe(0)
  })

  it('a reader gone: the socket ends with an error, the writer never throws', async () => {
    const writer = new DirectWriter()
    const { sender, reader } = await pair()
    const closed = new Promise<void>((resolve) => sender.once('close', () => resolve()))
    reader.resetAndDestroy()
    await new Promise((resolve) => setTimeout(resolve, 50))
    for (let i = 0; i < 50 && !sender.destroyed; i++) {
      expect(() => writer.write(sender, Buffer.alloc(64 * 1024))).not.toThrow()
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    await closed
    expect(() => writer.write(sender, Buffer.from('after'))).not.toThrow()
    expect(writer.queued(sender)).toBe(0)
  })

  it('without the runtime’s handle API, writes through the stream, same bytes', async () => {
    const writer = new DirectWriter(null)
    expect(writer.direct).toBe(false)
    const { sender, received } = await pair()
    const parts = numbered(20, 10)
    for (const part of parts) writer.write(sender, part)
    await expect.poll(() => received().length).toBe(200)
    expect(received().equals(Buffer.concat(parts))).toBe(true)
  })
})
