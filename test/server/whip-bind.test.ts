import os from 'node:os'
import { afterEach, describe, expect, it } from 'vitest'
import { loadMediaConfig } from '../../server/config-media.ts'
import { checkOffer } from '../../server/media/whip/offer.ts'
import { WhipSession } from '../../server/media/whip/session.ts'
import { WhipPublisher } from './whip-client.ts'

// Where the media host's WebRTC listens (issue #51): WHIP_BIND_IP keeps its ICE on one
// interface address — the one the firewall opens — instead of every interface the host has.

const closing: Array<() => unknown> = []
afterEach(async () => {
  for (const close of closing.splice(0)) await close()
})

const hostCandidates = (sdp: string) =>
  sdp
    .split('\r\n')
    .filter((l) => l.startsWith('a=candidate:') && / typ host/.test(l))
    .map((l) => l.split(' ')[4])

/** This machine's first IPv4 address that is not loopback. */
const ownAddress = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a?.family === 'IPv4' && !a.internal)?.address

describe.runIf(ownAddress())('WHIP_BIND_IP', () => {
  it('is an IPv4 address of the host’s own interfaces, or a clear error', () => {
    const own = ownAddress() ?? ''
    expect(loadMediaConfig({ WHIP_BIND_IP: own }).whip.bindAddress).toBe(own)
    expect(loadMediaConfig({}).whip.bindAddress).toBeUndefined()
    for (const bad of ['media.example.jp', '127.0.0.1', '203.0.113.77']) {
      expect(() => loadMediaConfig({ WHIP_BIND_IP: bad })).toThrow(/WHIP_BIND_IP/)
    }
  })

  it('offers the publisher candidates on that address alone', async () => {
    const publisher = new WhipPublisher()
    closing.push(() => publisher.close())
    const checked = checkOffer(await publisher.offer())
    if (!checked.ok) throw new Error(checked.message)
    const answer = async (bindAddress?: string) => {
      const session = new WhipSession(
        { iceServers: [], publicAddresses: [], peers: 'any', ...(bindAddress && { bindAddress }) },
        checked.layers,
      )
      closing.push(() => session.close())
      return hostCandidates(await session.answer(checked.sdp))
    }
    const own = ownAddress() ?? ''
    const bound = await answer(own)
    expect(bound.length).toBeGreaterThan(0)
    expect(bound.every((a) => a === own)).toBe(true)
  })
})
