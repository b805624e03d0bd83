import { createHash, timingSafeEqual } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { MEDIA_SECRET_HEADER } from '../../../src/contract/obs.ts'
import { SDP_CONTENT_TYPE, WHIP_PATH } from '../../../src/contract/whip.ts'
import { roomKeyOf, type Lives } from '../llhls/callbacks.ts'
import type { Live } from '../llhls/live.ts'
import { checkOffer, MAX_OFFER_BYTES } from './offer.ts'
import { freeLayerPorts, releaseLayerPorts, whipSource } from './rtp-source.ts'
import type { WhipPeerSettings } from './peers.ts'
import { WhipSession } from './session.ts'
import { udpSink } from './sink.ts'

/** A publisher that sent media this recently is on air: another for its room is refused (409). */
const ON_AIR_MS = 3000
/** The site answers a publish check within this, or the publisher is told to try again (503). */
const SITE_MS = 5000
/** Sessions a host holds at most (each is a live); past it, 503. */
const MAX_SESSIONS = 500

export interface WhipOptions {
  lives: Lives
  siteUrl: string
  secret: string | undefined
  peer: WhipPeerSettings
  log(message: string): void
  maxSessions?: number
}

export interface Whip {
  app: Hono
  /** Ends the session publishing stream `name` (the site said its live is over). */
  drop(name: string): void
  sessions: Map<string, { session: WhipSession; name: string }>
  close(): void
}

type SiteAnswer = { roomUrlKey: string } | { status: 401 | 403 | 503; message: string }

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * The media host's WHIP endpoint (RFC 9725), which the site's `/whip` passes on (api/whip.ts):
 * `POST /whip` with an SDP offer and the room's stream key as the Bearer token starts a
 * publisher; its answer comes back at once (`201`, `Location: /whip/sessions/{id}`), and once
 * ICE and DTLS are done the site is asked to start the live, exactly as for an OBS publish, and
 * ffmpeg packages the RTP into the live's Low-Latency HLS. `DELETE` on the session ends it; the
 * live then waits for its publisher like an OBS live whose encoder went (RECONNECT_GRACE_MS), so
 * a new POST with the same key continues it. PATCH (trickle, ICE restart) is not offered (405):
 * a publisher that lost its network POSTs again.
 */
export function whipRoutes(o: WhipOptions): Whip {
  const app = new Hono()
  const sessions = new Map<string, { session: WhipSession; name: string }>()
  const byName = new Map<string, WhipSession>()
  /** Keys whose offer is being answered now (one at a time per key). */
  const answering = new Set<string>()
  const siteHeaders: Record<string, string> = o.secret ? { [MEDIA_SECRET_HEADER]: o.secret } : {}

  const askSite = async (
    call: 'on_preflight' | 'on_publish',
    name: string,
  ): Promise<SiteAnswer> => {
    let answer: Response
    try {
      answer = await fetch(`${o.siteUrl}/media/rtmp/${call}`, {
        method: 'POST',
        headers: siteHeaders,
        body: new URLSearchParams({ name }),
        signal: AbortSignal.timeout(SITE_MS),
      })
    } catch (error) {
      o.log(`whip: the site did not answer ${call}: ${String(error)}`)
      return { status: 503, message: 'the site cannot be reached; try again' }
    }
    if (answer.status === 401 || answer.status === 403) {
      return { status: answer.status, message: (await answer.text()).slice(0, 500) }
    }
    const key = answer.ok ? roomKeyOf(await answer.json().catch(() => null)) : undefined
    if (!key) return { status: 503, message: 'the site could not check the key; try again' }
    return { roomUrlKey: key }
  }

  const bearer = (c: Context) =>
    /^Bearer ([\x21-\x7e]{1,200})$/.exec(c.req.header('authorization') ?? '')?.[1]

  const refuse = (
    c: Context,
    status: 400 | 401 | 403 | 404 | 406 | 409 | 413 | 415 | 503,
    message: string,
  ) => {
    if (status === 401) c.header('WWW-Authenticate', 'Bearer')
    return c.text(message, status)
  }

  /**
   * A connected session: the site starts (or continues) the live, and its media is packaged.
   * `started.accepted` says whether the site took it (its live then waits for it); answers the
   * live it feeds, or undefined when it feeds none (refused, or closed meanwhile).
   */
  const goLive = async (
    session: WhipSession,
    name: string,
    offer: { audio: boolean; layers: readonly string[] },
    started: { accepted: boolean },
  ): Promise<Live | undefined> => {
    if (!(await session.connected)) return undefined
    const accepted = await askSite('on_publish', name)
    if (!('roomUrlKey' in accepted)) {
      o.log(`whip: the site refused the publish: ${accepted.message}`)
      session.close('refused')
      return undefined
    }
    started.accepted = true
    const ports = await freeLayerPorts(offer.layers.length)
    // The ports are the session's until its live's readers stop (the live lets them go then:
    // a reader restarting on them must not hear another room), or until it closes unstarted.
    let released = false
    const release = () => {
      if (!released) releaseLayerPorts(ports)
      released = true
    }
    let handed = false
    session.onClosed(() => {
      if (!handed) release()
    })
    // Closed meanwhile: nothing is started for it (its close tells the site it went).
    if (session.hasClosed()) return undefined
    // An OBS encoder of the room came on while this one connected: it stays, this one goes.
    const held = o.lives.byKey.get(accepted.roomUrlKey)
    if (held?.publishing && held.inputKind === 'rtmp') {
      session.close('the room has another publisher')
      return undefined
    }
    const sink = udpSink(ports)
    session.onClosed(() => sink.close())
    handed = true
    const live = o.lives.accept(
      name,
      accepted.roomUrlKey,
      whipSource(ports, offer.audio, release),
      {
        sourceStarted: () => {
          // ffmpeg needs a moment to bind its ports; a keyframe then lets it begin.
          setTimeout(() => session.requestKeyframe(), 300)
        },
        lastVideoAt: () => session.lastVideoAt,
      },
    )
    // The live ended (the site said so, an OBS encoder took the room): this publisher goes too.
    const unlisten = live.onEnd(() => session.close('the live is over'))
    session.onClosed(unlisten)
    session.setSink(sink)
    live.publish()
    return live
  }

  /** Tells the site the publisher of `name` went: its live waits for it (or ends after). */
  const tellGone = (name: string) =>
    fetch(`${o.siteUrl}/media/rtmp/on_publish_done`, {
      method: 'POST',
      headers: siteHeaders,
      body: new URLSearchParams({ name }),
      signal: AbortSignal.timeout(SITE_MS),
    })

  // A body is read only up to the offer's bound, with or without a Content-Length.
  app.post(
    WHIP_PATH,
    bodyLimit({ maxSize: MAX_OFFER_BYTES, onError: (c) => c.text('the offer is too large', 413) }),
  )
  app.post(WHIP_PATH, async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
    if (type !== SDP_CONTENT_TYPE) {
      return refuse(c, 415, `the offer must be sent as ${SDP_CONTENT_TYPE}`)
    }
    const name = bearer(c)
    if (!name) return refuse(c, 401, 'the stream key is missing (Authorization: Bearer <key>)')
    const body = await c.req.text()
    const offer = checkOffer(body)
    if (!offer.ok) return refuse(c, offer.status, offer.message)
    // One offer of a key at a time (the host's cap is counted once the key is checked).
    if (answering.has(name)) return refuse(c, 409, 'an offer of this key is being answered')
    answering.add(name)
    try {
      return await answerOffer(c, name, offer)
    } finally {
      answering.delete(name)
    }
  })

  const answerOffer = async (
    c: Context,
    name: string,
    offer: Extract<ReturnType<typeof checkOffer>, { ok: true }>,
  ) => {
    const checked = await askSite('on_preflight', name)
    if (!('roomUrlKey' in checked)) return refuse(c, checked.status, checked.message)
    if (sessions.size >= (o.maxSessions ?? MAX_SESSIONS)) {
      return refuse(c, 503, 'this media host is full; try again later')
    }
    // Another publisher of this room is on air (this key's, or an OBS encoder's): it stays.
    const live = o.lives.byKey.get(checked.roomUrlKey)
    const other = byName.get(name)
    const otherOnAir =
      other?.isOpen && (!other.isConnected || Date.now() - other.lastPacketAt < ON_AIR_MS)
    const rtmpOnAir = live?.publishing && live.inputKind === 'rtmp'
    if (otherOnAir || rtmpOnAir) {
      return refuse(c, 409, 'this room already has a publisher on air; end it first')
    }
    const session = new WhipSession(o.peer, offer.layers)
    const started = { accepted: false }
    let fed: Promise<Live | undefined> = Promise.resolve(undefined)
    sessions.set(session.id, { session, name })
    // The new session is the key's before the silent one it replaces goes, so that one's going
    // does not tell the site the publisher left.
    byName.set(name, session)
    session.onClosed((why) => {
      sessions.delete(session.id)
      if (byName.get(name) === session) byName.delete(name)
      // Once its start is settled (the site's on_publish answered): a live the site took for it
      // waits for its publisher, unless another publisher of the key or an OBS encoder feeds it.
      void fed
        .then((mine) => {
          if (!started.accepted || byName.has(name)) return
          const now = o.lives.byName.get(name)
          if (mine ? mine.ended || now !== mine || mine.inputKind !== 'whip' : now?.publishing) {
            return
          }
          o.log(`${checked.roomUrlKey}: browser publisher gone (${why})`)
          if (mine) o.lives.release(name)
          return tellGone(name)
        })
        .catch((e: unknown) => o.log(`whip: publish_done not told: ${String(e)}`))
    })
    // A silent session of this key (its network went): the new one takes over.
    other?.close('replaced')
    let answer: string
    try {
      answer = await session.answer(offer.sdp)
    } catch (error) {
      session.close('bad offer')
      return refuse(c, 400, `the offer could not be answered: ${String(error).slice(0, 200)}`)
    }
    fed = goLive(session, name, offer, started).catch((e: unknown) => {
      o.log(`whip: could not start the live: ${String(e)}`)
      session.close('failed')
      return undefined
    })
    c.header('Location', `${WHIP_PATH}/sessions/${session.id}`)
    c.header('Content-Type', SDP_CONTENT_TYPE)
    return c.body(answer, 201)
  }

  const sessionOf = (c: Context) => {
    const id = c.req.param('id') ?? ''
    return sessions.get(id)
  }

  app.delete(`${WHIP_PATH}/sessions/:id{[\\w-]{1,64}}`, (c) => {
    const found = sessionOf(c)
    if (!found) return refuse(c, 404, 'no such session')
    const name = bearer(c)
    if (!name) return refuse(c, 401, 'the stream key is missing (Authorization: Bearer <key>)')
    if (!timingSafeEqual(digest(name), digest(found.name))) {
      return refuse(c, 403, 'this session is not of this key')
    }
    found.session.close('ended by the publisher')
    return c.body(null, 200)
  })

  app.on('PATCH', `${WHIP_PATH}/sessions/:id{[\\w-]{1,64}}`, (c) => {
    c.header('Allow', 'DELETE')
    return c.text(
      'ICE restart and trickle are not offered: POST a new offer with the same key',
      405,
    )
  })

  app.options(WHIP_PATH, (c) => {
    c.header('Allow', 'POST, OPTIONS')
    c.header('Accept-Post', SDP_CONTENT_TYPE)
    return c.body(null, 204)
  })

  return {
    app,
    sessions,
    drop(name) {
      byName.get(name)?.close('the live is over')
    },
    close() {
      for (const { session } of sessions.values()) session.close('the host is stopping')
    },
  }
}
