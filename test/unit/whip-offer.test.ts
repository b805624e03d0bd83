import { describe, expect, it } from 'vitest'
import { MAX_CANDIDATES, checkOffer } from '../../server/media/whip/offer.ts'
import {
  ReceiverEstimatedMaxBitrate,
  RtcpPacketConverter,
  RtcpPayloadSpecificFeedback,
} from 'werift'
import { REMB_BPS, estimate } from '../../server/media/whip/estimate.ts'
import { mayCheck } from '../../server/media/whip/peers.ts'

// What an offer may make the media host do (issue #51): its ICE checks go only where the site's
// policy lets them, and no name in an offer is ever looked up.

const offer = (candidates: string[]) =>
  [
    'v=0',
    'o=- 1 2 IN IP4 127.0.0.1',
    's=-',
    't=0 0',
    'm=video 9 UDP/TLS/RTP/SAVPF 102 103',
    'a=rtpmap:102 H264/90000',
    'a=fmtp:102 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
    'a=rtpmap:103 rtx/90000',
    'a=fmtp:103 apt=102',
    'a=sendonly',
    ...candidates,
    'm=audio 9 UDP/TLS/RTP/SAVPF 111',
    'a=rtpmap:111 opus/48000/2',
    'a=sendonly',
    '',
  ].join('\r\n')

const candidate = (host: string, i = 1) =>
  `a=candidate:${i} 1 udp 2122260223 ${host} 5000${i % 10} typ host generation 0`

describe('a WHIP offer', () => {
  it('keeps H.264 with its RTX, and only candidates whose address is an IP literal', () => {
    const checked = checkOffer(
      offer([
        candidate('151.101.1.1', 1),
        candidate('3f1c2a9e-1b2c.local', 2),
        candidate('x.local.', 3),
        candidate('a.local.example.com', 4),
        candidate('2001:db8::1', 5),
      ]),
    )
    if (!checked.ok) throw new Error(checked.message)
    const kept = checked.sdp.split('\r\n').filter((l) => l.startsWith('a=candidate:'))
    expect(kept).toEqual([candidate('151.101.1.1', 1), candidate('2001:db8::1', 5)])
    expect(checked.sdp).toContain('m=video 9 UDP/TLS/RTP/SAVPF 102 103')
    expect(checked.audio).toBe(true)
  })

  it(`refuses more than ${MAX_CANDIDATES} candidates`, () => {
    const many = Array.from({ length: MAX_CANDIDATES + 1 }, (_, i) =>
      candidate(`151.101.2.${i + 1}`, i),
    )
    expect(checkOffer(offer(many))).toMatchObject({ ok: false, status: 400 })
  })
})

/** A browser's simulcast offer (RFC 8853): its rids, and any extra lines in the video section. */
const simulcast = (send: string, rids: string[]) =>
  offer([...rids.map((rid) => `a=rid:${rid} send`), `a=simulcast:send ${send}`])

describe('a WHIP offer with simulcast layers', () => {
  it('names its layers in the offer’s order, and leaves RTX out (layers are repaired without)', () => {
    const checked = checkOffer(simulcast('h;m;~l', ['h', 'm', 'l']))
    if (!checked.ok) throw new Error(checked.message)
    expect(checked.layers).toEqual(['h', 'm', 'l'])
    expect(checked.sdp).toContain('m=video 9 UDP/TLS/RTP/SAVPF 102\r\n')
    expect(checked.sdp).not.toContain('rtx')
    expect(checked.sdp).toContain('a=simulcast:send h;m;~l')
  })

  it('asks no NACK of its layers (werift tracks losses per receiver), keyframe requests stay', () => {
    const feedback = ['a=rtcp-fb:102 nack', 'a=rtcp-fb:102 nack pli', 'a=rtcp-fb:102 goog-remb']
    const layered = checkOffer(
      offer([...feedback, 'a=rid:h send', 'a=rid:l send', 'a=simulcast:send h;l']),
    )
    if (!layered.ok) throw new Error(layered.message)
    const lines = layered.sdp.split('\r\n')
    expect(lines).not.toContain('a=rtcp-fb:102 nack')
    expect(lines).toContain('a=rtcp-fb:102 nack pli')
    expect(lines).toContain('a=rtcp-fb:102 goog-remb')
    // One stream keeps its NACK.
    const single = checkOffer(offer(feedback))
    expect(single.ok && single.sdp.split('\r\n')).toContain('a=rtcp-fb:102 nack')
  })

  it('keeps only the rid lines of its layers', () => {
    const extra = offer([
      'a=rid:h send',
      'a=rid:m send',
      'a=rid:x1 send',
      'a=rid:x2 recv',
      'a=simulcast:send h;m',
    ])
    const checked = checkOffer(extra)
    if (!checked.ok) throw new Error(checked.message)
    const rids = checked.sdp.split('\r\n').filter((l) => l.startsWith('a=rid:'))
    expect(rids).toEqual(['a=rid:h send', 'a=rid:m send'])
    // Without simulcast, no rid line is kept at all.
    const plain = checkOffer(offer(['a=rid:x send']))
    expect(plain.ok && plain.sdp.includes('a=rid:')).toBe(false)
  })

  it('without simulcast, has no layers and keeps RTX', () => {
    const checked = checkOffer(offer([]))
    expect(checked).toMatchObject({ ok: true, layers: [] })
  })

  it('refuses more layers than the ladder has, a layer without its rid line, a rid twice', () => {
    for (const bad of [
      simulcast('a;b;c;d', ['a', 'b', 'c', 'd']),
      simulcast('h;m', ['h']),
      simulcast('h;h', ['h']),
      simulcast('h;m/x', ['h', 'm/x']),
      simulcast('h;m_1', ['h', 'm_1']),
      simulcast('h;constructor', ['h', 'constructor']),
    ]) {
      expect(checkOffer(bad)).toMatchObject({ ok: false, status: 400 })
    }
  })
})

describe('where the media host sends ICE checks', () => {
  it('in production, to public addresses only', () => {
    expect(mayCheck('151.101.1.1')).toBe(true)
    for (const address of [
      '127.0.0.1',
      '10.0.0.5',
      '192.168.1.2',
      '169.254.169.254',
      '100.64.0.1',
      '::1',
      'fd00::1',
    ]) {
      expect(mayCheck(address), address).toBe(false)
    }
  })

  it('on a LAN site, to its private ranges too, never loopback or link-local', () => {
    expect(mayCheck('10.0.0.5', 'lan')).toBe(true)
    expect(mayCheck('fd00::1', 'lan')).toBe(true)
    expect(mayCheck('100.64.0.1', 'lan')).toBe(true)
    expect(mayCheck('127.0.0.1', 'lan')).toBe(false)
    expect(mayCheck('169.254.169.254', 'lan')).toBe(false)
  })

  it('in the demo, anywhere (everything is on this machine)', () => {
    expect(mayCheck('127.0.0.1', 'any')).toBe(true)
  })
})

describe('what the media host tells a sender it may send (REMB)', () => {
  it('says 4 Mbit/s for every layer it names, as a receiver reads it', () => {
    const packet = estimate(7, [1111, 2222, 3333])
    const [read] = RtcpPacketConverter.deSerialize(packet.serialize())
    expect(read).toBeInstanceOf(RtcpPayloadSpecificFeedback)
    const remb = (read as RtcpPayloadSpecificFeedback).feedback as ReceiverEstimatedMaxBitrate
    expect(remb.bitrate).toBe(BigInt(REMB_BPS))
    expect(remb.ssrcFeedbacks).toEqual([1111, 2222, 3333])
    expect(remb.senderSsrc).toBe(7)
  })
})
