import { isIP } from 'node:net'

/**
 * A WHIP offer, checked before any WebRTC work is done for it (RFC 9725 §4.2: the endpoint
 * answers errors with a 4xx): an SDP with a video section carrying H.264 (packetization-mode 1,
 * as browsers and OBS send it) and, if it has audio, Opus. The offer is also narrowed to those
 * codecs, H.264's profiles in a fixed order of preference, so the answer (which lists the offer's
 * codecs in the offer's order) names them first and the sender uses them.
 */

/** An offer is a few kilobytes; a browser's with every codec ~6 KB. */
export const MAX_OFFER_BYTES = 64 * 1024
/** ICE candidates an offer may name (a browser names a handful). */
export const MAX_CANDIDATES = 32

/** Simulcast layers an offer may send: the source and two rungs below it (server/media/llhls/ladder.ts). */
export const MAX_LAYERS = 3

export type OfferCheck =
  | {
      ok: true
      sdp: string
      audio: boolean
      /**
       * The simulcast layers' rids (RFC 8853), in the offer's order: the first is the source,
       * each next one smaller (as the page and OBS send them). Empty: one stream.
       */
      layers: string[]
    }
  | { ok: false; status: 400 | 406; message: string }

interface Section {
  lines: string[]
  kind: string
}

const rtpmap = /^a=rtpmap:(\d+) ([\w-]+)\/(\d+)/
const fmtp = /^a=fmtp:(\d+) (.*)$/

/** Profiles by preference: constrained baseline, baseline, main, high. */
const PROFILE_ORDER = ['42e0', '4200', '4d00', '6400']

function profileRank(params: string): number {
  const profile = /profile-level-id=([0-9a-f]{6})/i.exec(params)?.[1]?.toLowerCase() ?? '42e01f'
  const rank = PROFILE_ORDER.indexOf(profile.slice(0, 4))
  return rank < 0 ? PROFILE_ORDER.length : rank
}

/**
 * Keeps the payloads of a media section for which `keep` holds (with their RTX), in `order`;
 * undefined when none is left.
 */
function narrow(
  section: Section,
  keep: (codec: string, params: string) => boolean,
  order: (params: string) => number,
  withRtx = true,
): Section | undefined {
  const codecs = new Map<string, string>()
  const params = new Map<string, string>()
  for (const line of section.lines) {
    const map = rtpmap.exec(line)
    if (map?.[1] && map[2]) codecs.set(map[1], map[2].toLowerCase())
    const f = fmtp.exec(line)
    if (f?.[1] && f[2] !== undefined) params.set(f[1], f[2])
  }
  const primary = [...codecs]
    .filter(([pt, codec]) => keep(codec, params.get(pt) ?? ''))
    .map(([pt]) => pt)
    .sort((a, b) => order(params.get(a) ?? '') - order(params.get(b) ?? ''))
  if (primary.length === 0) return undefined
  const rtx = [...codecs]
    .filter(([pt, codec]) => {
      const apt = /apt=(\d+)/.exec(params.get(pt) ?? '')?.[1]
      return withRtx && codec === 'rtx' && apt !== undefined && primary.includes(apt)
    })
    .map(([pt]) => pt)
  const kept = new Set([...primary, ...rtx])
  const lines = section.lines.flatMap((line, i) => {
    if (i === 0) {
      // `m=video 9 UDP/TLS/RTP/SAVPF 96 97 …`: the media, port and protocol, then the payloads.
      const [media, port, proto] = line.split(' ')
      return [[media, port, proto, ...primary, ...rtx].join(' ')]
    }
    const pt = /^a=(?:rtpmap|fmtp|rtcp-fb):(\d+|\*)/.exec(line)?.[1]
    return pt === undefined || pt === '*' || kept.has(pt) ? [line] : []
  })
  return { ...section, lines }
}

export function checkOffer(text: string): OfferCheck {
  const all = text.split(/\r?\n/).filter((l) => l.length > 0)
  // Only candidates whose address is an IP literal: names (a browser's mDNS `.local` ones, or
  // any other) are not looked up — the browser's checks reach the host anyway, and the host asks
  // no resolver on a publisher's word.
  const lines = all.filter((l) => {
    if (!l.startsWith('a=candidate:')) return true
    return isIP(l.split(' ')[4] ?? '') !== 0
  })
  if (lines.filter((l) => l.startsWith('a=candidate:')).length > MAX_CANDIDATES) {
    return {
      ok: false,
      status: 400,
      message: `the offer names more than ${MAX_CANDIDATES} candidates`,
    }
  }
  if (lines[0] !== 'v=0' || !lines.some((l) => l.startsWith('m='))) {
    return { ok: false, status: 400, message: 'the body is not an SDP offer' }
  }
  if (lines.some((l) => !/^[a-z]=/.test(l))) {
    return { ok: false, status: 400, message: 'the SDP has a line that is not "x=…"' }
  }
  const session: string[] = []
  const sections: Section[] = []
  for (const line of lines) {
    if (line.startsWith('m=')) {
      const kind = line.slice(2).split(' ')[0] ?? ''
      sections.push({ kind, lines: [line] })
    } else (sections.at(-1)?.lines ?? session).push(line)
  }
  const sending = (s: Section) =>
    !s.lines.some((l) => l === 'a=recvonly' || l === 'a=inactive') &&
    !s.lines[0]?.split(' ')[1]?.startsWith('0')
  const video = sections.filter((s) => s.kind === 'video' && sending(s))
  const audio = sections.filter((s) => s.kind === 'audio' && sending(s))
  if (video.length !== 1 || audio.length > 1) {
    return {
      ok: false,
      status: 400,
      message: 'the offer must send one video track (and at most one audio track)',
    }
  }
  const others = sections.filter((s) => !video.includes(s) && !audio.includes(s))
  if (others.some((s) => s.kind !== 'application' && sending(s))) {
    return { ok: false, status: 400, message: 'the offer sends media other than video and audio' }
  }
  const layers = simulcastLayers(video[0] as Section)
  if (typeof layers === 'string') return { ok: false, status: 400, message: layers }
  // Simulcast layers are received without RTX (werift repairs them by plain retransmission).
  const h264 = narrow(
    video[0] as Section,
    (codec, params) => codec === 'h264' && /packetization-mode=1/.test(params),
    profileRank,
    layers.length === 0,
  )
  if (!h264) {
    return {
      ok: false,
      status: 406,
      message: 'the offer has no H.264 video (packetization-mode=1): choose H.264 in the encoder',
    }
  }
  const opus = audio[0]
    ? narrow(
        audio[0],
        (codec) => codec === 'opus',
        () => 0,
      )
    : undefined
  if (audio[0] && !opus) {
    return { ok: false, status: 406, message: 'the offer has audio but not in Opus' }
  }
  const narrowed = sections.map((s) => (s === video[0] ? h264 : s === audio[0] ? opus : s))
  // Stream ids go only where they are layers: every other `a=rid` line (werift would receive
  // a stream for each) is left out, as is simulcast anywhere but the video.
  // Simulcast layers go without NACK (werift answers with the offer's feedback, and keeps one
  // loss tracker per receiver: the layers' interleaved sequence numbers would read as long runs
  // of losses, a storm of retransmission requests); a layer's lost packet is mended by the next
  // keyframe, asked for every second. Keyframe requests (`nack pli`) stay.
  const kept = new Set(layers)
  const media = narrowed.flatMap((s) =>
    (s?.lines ?? []).filter((l) => {
      const rid = /^a=rid:([^ ]+)/.exec(l)?.[1]
      if (rid !== undefined) return s === h264 && kept.has(rid)
      if (layers.length > 0 && /^a=rtcp-fb:\S+ nack$/.test(l)) return false
      return !l.startsWith('a=simulcast:') || s === h264
    }),
  )
  const sdp = [...session, ...media].join('\r\n') + '\r\n'
  return { ok: true, sdp, audio: opus !== undefined, layers }
}

/** Letters and digits (a stricter RFC 8851 rid), never a name every object has (`constructor`). */
const RID = /^[A-Za-z0-9]{1,16}$/
const ridOk = (rid: string) => RID.test(rid) && !(rid in Object.prototype)

/**
 * The rids a video section sends as simulcast (`a=simulcast:send h;m;l`, RFC 8853 §5.1: `;`
 * between streams, `,` between alternatives of one, `~` for one paused at first), each with its
 * `a=rid:… send`; or why the offer is refused.
 */
function simulcastLayers(section: Section): string[] | string {
  const lines = section.lines.filter((l) => l.startsWith('a=simulcast:'))
  if (lines.length === 0) return []
  const send = /^a=simulcast:(?:.* )?send ([^ ]+)/.exec(lines[0] ?? '')?.[1]
  if (lines.length > 1 || send === undefined) return "the offer's simulcast line is not understood"
  const streams = send.split(';').map((s) => s.split(',')[0]?.replace(/^~/, '') ?? '')
  const declared = new Set(section.lines.flatMap((l) => /^a=rid:([^ ]+) send/.exec(l)?.[1] ?? []))
  if (streams.length > MAX_LAYERS) {
    return `the offer sends ${streams.length} simulcast layers: at most ${MAX_LAYERS}`
  }
  if (
    new Set(streams).size !== streams.length ||
    streams.some((rid) => !ridOk(rid) || !declared.has(rid))
  ) {
    return 'each simulcast layer needs its own rid (letters and digits) with an a=rid line'
  }
  return streams
}
