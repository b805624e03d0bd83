import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, type EventFromLogic } from 'xstate'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import type { CommentEntry } from '../../src/domain/comments.ts'
import type { GiftLogEntry } from '../../src/domain/gifts.ts'
import { isStreamingAllowed } from '../../src/domain/regulation.ts'
import {
  BroadcastFailure,
  broadcastMachine,
  broadcastPhase,
  type BroadcastRoom,
  type Capture,
  type LiveSession,
  type PublishCommand,
  type PublishInput,
  type PublishReport,
  type WhipCredentials,
} from '../../src/machines/broadcast/broadcast.machine.ts'
import {
  connectionWarnings,
  figuresBetween,
  reconnectDelayMs,
} from '../../src/machines/broadcast/broadcast.rules.ts'
import { pollingMachine } from '../../src/machines/polling/polling.machine.ts'
import { regulationMachine } from '../../src/machines/regulation/regulation.machine.ts'
import { coverageLine, delayedEvents, walkMachine, type WalkResult } from './graph-walk.ts'

type Event = EventFromLogic<typeof broadcastMachine>

const tokyo = (h: number, m: number) => Date.UTC(2026, 10, 23, h - 9, m, 0)
const NOON = tokyo(12, 0)
const EVENING = tokyo(20, 30)

const adultRoom: BroadcastRoom = {
  roomId: 7,
  roomUrlKey: 'kirari',
  mainName: 'きらり',
  isOwner: true,
  flags: { isAbroad: false, isUnder16: false, isUnder18: false },
}
const minorRoom: BroadcastRoom = {
  ...adultRoom,
  flags: { isAbroad: false, isUnder16: true, isUnder18: true },
}
const someoneElses: BroadcastRoom = { ...adultRoom, isOwner: false }
const front: Capture = { stream: {} as MediaStream, facing: 'user' }
const back: Capture = { stream: {} as MediaStream, facing: 'environment' }
const credentials: WhipCredentials = {
  whipUrl: 'http://127.0.0.1:8080/whip',
  key: 'k_7',
  iceServers: [],
}
const session: LiveSession = {
  liveId: 70,
  startedAtMs: NOON - 65_000,
  pushKey: 'push70',
  ownerPushKey: 'owner70',
}
const comment: CommentEntry = {
  comment: 'こんばんは',
  name: 'みく',
  user_id: 3,
  avatar_id: 1,
  avatar_url: '/a.png',
  ua: 0,
  aft: 0,
  created_at: 1,
}
const gift: GiftLogEntry = {
  avatar_id: 1,
  avatar_url: '/a.png',
  name: 'みく',
  gift_id: 1,
  num: 10,
  ua: 0,
  created_at: 2,
  user_id: 3,
  aft: 0,
  image: '/g.png',
  image2: '',
}
const denied = new BroadcastFailure({ kind: 'camera', reason: 'denied' })
const offline = new ApiRequestError({ kind: 'network', status: null })

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

// The real children are replaced by ones that do nothing: the walk sends their events itself.
const quiet = broadcastMachine.provide({
  actors: {
    regulation: regulationMachine.provide({ actors: { clock: fromCallback(() => () => {}) } }),
    polling: pollingMachine.provide({ actors: { poll: fromPromise(() => new Promise(() => {})) } }),
  },
})

describe('broadcast machine graph', () => {
  it('sends only as the owner, inside the window, with the camera; ends with nothing left open', () => {
    const events = [
      { type: 'xstate.done.actor.loadRoom', output: adultRoom },
      { type: 'xstate.done.actor.loadRoom', output: minorRoom },
      { type: 'xstate.done.actor.loadRoom', output: someoneElses },
      { type: 'xstate.error.actor.loadRoom', error: offline },
      { type: 'xstate.done.actor.acquire', output: front },
      { type: 'xstate.error.actor.acquire', error: denied },
      { type: 'xstate.done.actor.recapture', output: back },
      { type: 'xstate.error.actor.recapture', error: denied },
      { type: 'xstate.done.actor.loadCredentials', output: credentials },
      { type: 'xstate.error.actor.loadCredentials', error: offline },
      { type: 'xstate.done.actor.loadLive', output: session },
      { type: 'xstate.done.actor.loadLive', output: null },
      { type: 'xstate.error.actor.loadLive', error: offline },
      { type: 'xstate.done.actor.endLive', output: {} },
      { type: 'xstate.error.actor.endLive', error: offline },
      { type: 'broadcast.retry' },
      { type: 'broadcast.again' },
      { type: 'broadcast.start' },
      { type: 'camera.switch' },
      { type: 'camera.toggle' },
      { type: 'mic.toggle' },
      { type: 'end.request' },
      { type: 'end.confirm' },
      { type: 'end.cancel' },
      { type: 'whip.answered' },
      { type: 'whip.refused', status: 409, message: '配信中です' },
      { type: 'whip.refused', status: 401, message: 'キーが違います' },
      { type: 'whip.unreachable' },
      { type: 'connection.up' },
      { type: 'connection.down' },
      { type: 'connection.lost' },
      { type: 'connection.failed' },
      { type: 'stats.sampled', stats: { bitrateKbps: 2400, lossPct: 0, rttMs: 40 } },
      { type: 'page.hidden' },
      { type: 'page.visible' },
      { type: 'network.changed' },
      { type: 'clock.tick', nowMs: NOON },
      { type: 'clock.tick', nowMs: EVENING },
      { type: 'clock.tick', nowMs: tokyo(19, 59.5) },
      { type: 'push.comments', comments: [comment] },
      { type: 'push.gift', gift },
      { type: 'push.interrupted', interrupted: true, reason: 'lost' },
      { type: 'push.connected', reconnected: true },
      { type: 'push.connected', reconnected: false },
      { type: 'push.liveEnd' },
      { type: 'polling.result', viewers: 12, liveEnd: false },
      { type: 'polling.result', viewers: null, liveEnd: true },
      ...delayedEvents(broadcastMachine),
    ] as Event[]
    const walk = walkMachine(quiet, {
      input: { roomUrlKey: 'kirari', userId: 1 },
      events,
      key: (s) => ({
        value: s.value,
        minor: s.context.room?.flags.isUnder16 ?? null,
        open: s.context.room ? isStreamingAllowed(s.context.room.flags, s.context.nowMs) : null,
        capture: s.context.capture !== null,
        hidden: s.context.hidden,
        recapturing: s.context.recapturing,
        publishing: s.context.publishing,
        attempts: s.context.attempts,
      }),
      invariant: (from, sent, to) => {
        const event = sent as { type: string; status?: number }
        const phase = broadcastPhase(to)
        // Nothing is sent without the owner's room, the key and the camera.
        if (to.context.publishing) {
          expect(to.context.room?.isOwner).toBe(true)
          expect(to.context.credentials).not.toBeNull()
          expect(to.context.capture).not.toBeNull()
        }
        if (['preview', 'starting', 'live', 'reconnecting', 'ending'].includes(phase))
          expect(to.context.capture).not.toBeNull()
        if (phase === 'live' || phase === 'reconnecting') expect(to.context.live).not.toBeNull()
        if (to.matches({ live: 'onAir' }) || to.matches({ live: 'away' }))
          expect(to.context.publishing).toBe(true)
        // Over: the camera closed and the session ended, with a reason.
        if (phase === 'ended') {
          expect(to.context.capture).toBeNull()
          expect(to.context.publishing).toBe(false)
          expect(to.context.endReason).not.toBeNull()
        }
        if (phase === 'forbidden') expect(to.context.capture).toBeNull()
        // A minor outside the window never starts, and is never left on air.
        const room = to.context.room
        const closed = room !== null && !isStreamingAllowed(room.flags, to.context.nowMs)
        if (event.type === 'broadcast.start' && from.matches('preview'))
          expect(to.matches('starting')).toBe(!closed)
        if (closed && event.type === 'clock.tick') expect(to.matches('live')).toBe(false)
        // The background sends no video.
        if (to.matches({ live: 'away' })) expect(to.context.hidden).toBe(true)
        // A refusal that will not change stops the reconnecting, and says why.
        if (event.type === 'whip.refused' && from.matches({ live: { reconnecting: 'offering' } })) {
          expect(to.matches('ended')).toBe(event.status === 401)
          if (event.status === 401) expect(to.context.problem?.kind).toBe('refused')
        }
        // Errors are kept, never lost on the way to the page that shows them.
        if (phase === 'error') expect(to.context.problem).not.toBeNull()
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })
})

/** A fake sender per WHIP session: what it was given, what it was told, when it was closed. */
function fakeSessions() {
  const sessions: Array<{
    input: PublishInput
    commands: PublishCommand[]
    closed: boolean
    send: (report: PublishReport) => void
  }> = []
  const publish = fromCallback<PublishCommand, PublishInput>(({ input, sendBack, receive }) => {
    const s = { input, commands: [] as PublishCommand[], closed: false, send: sendBack }
    sessions.push(s)
    receive((c) => s.commands.push(c))
    return () => {
      s.closed = true
      log.push('session closed')
    }
  })
  const log: string[] = []
  return { sessions, publish, log }
}

interface Setup {
  room?: BroadcastRoom
  acquire?: () => Promise<Capture>
  live?: () => Promise<LiveSession | null>
  recapture?: (facing: 'user' | 'environment') => Promise<Capture>
}

function start(options: Setup = {}) {
  const fake = fakeSessions()
  const stopped: Capture[] = []
  const ended: Array<{ roomId: number; liveId: number }> = []
  const mic: boolean[] = []
  let clockSend: ((e: { type: 'clock.tick'; nowMs: number }) => void) | null = null
  let pushSend: ((e: Event) => void) | null = null
  let pageSend: ((e: Event) => void) | null = null
  let pushInput: { key: string; ownerKey: string } | null = null
  const acquired: string[] = []
  const logic = broadcastMachine.provide({
    actors: {
      loadRoom: fromPromise(() => Promise.resolve(options.room ?? adultRoom)),
      acquire: fromPromise(({ input }) => {
        acquired.push(input.facing)
        return options.acquire ? options.acquire() : Promise.resolve(front)
      }),
      recapture: fromPromise(({ input }) =>
        options.recapture ? options.recapture(input.facing) : Promise.resolve(input.capture),
      ),
      loadCredentials: fromPromise(() => Promise.resolve(credentials)),
      loadLive: fromPromise(() => (options.live ? options.live() : Promise.resolve(session))),
      endLive: fromPromise(({ input }) => {
        ended.push(input)
        fake.log.push('live_end')
        return Promise.resolve({})
      }),
      publish: fake.publish,
      pageWatch: fromCallback(({ sendBack }) => {
        pageSend = sendBack
        return () => {}
      }),
      captureKeeper: fromCallback(() => () => {}),
      wakeLock: fromCallback(() => () => {}),
      clock: fromCallback(({ sendBack }) => {
        clockSend = sendBack
        sendBack({ type: 'clock.tick', nowMs: NOON })
        return () => {}
      }),
      pushSocket: fromCallback(({ sendBack, input }) => {
        pushSend = sendBack
        pushInput = input
        return () => {}
      }),
      polling: pollingMachine.provide({
        actors: { poll: fromPromise(() => new Promise(() => {})) },
      }),
      regulation: regulationMachine.provide({ actors: { clock: fromCallback(() => () => {}) } }),
    },
    actions: {
      stopCapture: (_, { capture }) => {
        if (capture) stopped.push(capture)
        fake.log.push('camera stopped')
      },
      syncMicrophone: (_, { on }) => mic.push(on),
    },
  })
  const actor = createActor(logic, { input: { roomUrlKey: 'kirari', userId: 1 } }).start()
  return {
    actor,
    ...fake,
    stopped,
    ended,
    mic,
    acquired,
    phase: () => broadcastPhase(actor.getSnapshot()),
    tick: (nowMs: number) => clockSend?.({ type: 'clock.tick', nowMs }),
    push: (e: Event) => pushSend?.(e),
    page: (e: Event) => pageSend?.(e),
    pushInput: () => pushInput,
  }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

async function goLive(t: ReturnType<typeof start>) {
  await settle()
  expect(t.phase()).toBe('preview')
  t.actor.send({ type: 'broadcast.start' })
  await settle()
  expect(t.phase()).toBe('starting')
  t.sessions.at(-1)?.send({ type: 'whip.answered' })
  await settle()
  expect(t.phase()).toBe('live')
}

describe('going live from the phone', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('opens the camera, goes live on 配信開始, shows comments, gifts and viewers, and ends on the second tap', async () => {
    vi.useFakeTimers()
    const t = start()
    await settle()
    expect(t.acquired).toEqual(['user'])
    expect(t.actor.getSnapshot().context.capture).toBe(front)
    await goLive(t)
    // One session, with the key, sending the camera.
    expect(t.sessions).toHaveLength(1)
    expect(t.sessions[0]?.input).toEqual({ credentials, capture: front, sendVideo: true })
    expect(t.pushInput()).toEqual(expect.objectContaining({ key: 'push70', ownerKey: 'owner70' }))
    t.push({ type: 'push.comments', comments: [comment] })
    t.push({ type: 'push.gift', gift })
    t.actor.send({ type: 'polling.result', viewers: 12, liveEnd: false })
    const s = t.actor.getSnapshot()
    expect(s.children.comments?.getSnapshot().context.comments.map((c) => c.comment)).toEqual([
      'こんばんは',
    ])
    expect(s.context.gifts).toEqual([gift])
    expect(s.context.viewers).toBe(12)
    // A stray tap asks; a cancel keeps the live; the question also goes by itself.
    t.actor.send({ type: 'end.request' })
    expect(t.actor.getSnapshot().matches({ live: 'confirmingEnd' })).toBe(true)
    t.actor.send({ type: 'end.cancel' })
    expect(t.actor.getSnapshot().matches({ live: 'onAir' })).toBe(true)
    t.actor.send({ type: 'end.request' })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(t.actor.getSnapshot().matches({ live: 'onAir' })).toBe(true)
    t.actor.send({ type: 'end.request' })
    t.actor.send({ type: 'end.confirm' })
    await settle()
    expect(t.phase()).toBe('ended')
    expect(t.ended).toEqual([{ roomId: 7, liveId: 70 }])
    // live_end first, then the session and the camera.
    expect(t.log[0]).toBe('live_end')
    expect([...t.log].sort()).toEqual(['camera stopped', 'live_end', 'session closed'])
    expect(t.actor.getSnapshot().context.endReason).toBe('liver')
  })

  it('tells someone else the page is the owner’s, and opens no camera', async () => {
    vi.useFakeTimers()
    const t = start({ room: someoneElses })
    await settle()
    expect(t.phase()).toBe('forbidden')
    expect(t.acquired).toEqual([])
  })

  it('says the camera was refused, and tries again on retry', async () => {
    vi.useFakeTimers()
    let refuse = true
    const t = start({
      acquire: () => (refuse ? Promise.reject(denied) : Promise.resolve(front)),
    })
    await settle()
    expect(t.phase()).toBe('error')
    expect(t.actor.getSnapshot().context.problem).toEqual({ kind: 'camera', reason: 'denied' })
    refuse = false
    t.actor.send({ type: 'broadcast.retry' })
    await settle()
    expect(t.phase()).toBe('preview')
    expect(t.actor.getSnapshot().context.problem).toBeNull()
  })

  it("shows the site's words when WHIP refuses, and keeps the preview", async () => {
    vi.useFakeTimers()
    const t = start()
    await settle()
    t.actor.send({ type: 'broadcast.start' })
    await settle()
    t.sessions[0]?.send({ type: 'whip.refused', status: 409, message: 'このルームは配信中です' })
    await settle()
    expect(t.phase()).toBe('preview')
    expect(t.sessions[0]?.closed).toBe(true)
    expect(t.actor.getSnapshot().context.problem).toEqual({
      kind: 'refused',
      status: 409,
      message: 'このルームは配信中です',
    })
    expect(t.actor.getSnapshot().context.capture).toBe(front)
  })

  it('gives up when the room never shows the live, and closes the session', async () => {
    vi.useFakeTimers()
    const t = start({ live: () => Promise.resolve(null) })
    await settle()
    t.actor.send({ type: 'broadcast.start' })
    await settle()
    t.sessions[0]?.send({ type: 'whip.answered' })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(t.phase()).toBe('preview')
    expect(t.actor.getSnapshot().context.problem).toEqual({ kind: 'notOnAir' })
    expect(t.sessions[0]?.closed).toBe(true)
  })

  it('stops the video in the background and puts it back, reopening the camera', async () => {
    vi.useFakeTimers()
    const t = start({ recapture: () => Promise.resolve({ ...front }) })
    await goLive(t)
    t.page({ type: 'page.hidden' })
    expect(t.actor.getSnapshot().matches({ live: 'away' })).toBe(true)
    expect(t.sessions[0]?.commands.at(-1)).toEqual(
      expect.objectContaining({ type: 'publish.tracks', sendVideo: false }),
    )
    t.page({ type: 'page.visible' })
    await settle()
    expect(t.actor.getSnapshot().matches({ live: 'onAir' })).toBe(true)
    expect(t.sessions[0]?.commands.at(-1)).toEqual(
      expect.objectContaining({ type: 'publish.tracks', sendVideo: true }),
    )
    // The reopened camera is the one sent.
    expect(t.sessions[0]?.commands.at(-1)?.capture).toBe(t.actor.getSnapshot().context.capture)
  })

  it('mutes the microphone and turns the camera off without a new session', async () => {
    vi.useFakeTimers()
    const t = start()
    await goLive(t)
    t.actor.send({ type: 'mic.toggle' })
    expect(t.mic.at(-1)).toBe(false)
    t.actor.send({ type: 'camera.toggle' })
    expect(t.sessions[0]?.commands.at(-1)?.sendVideo).toBe(false)
    expect(t.sessions).toHaveLength(1)
  })

  it('switches to the back camera, and says so when it cannot', async () => {
    vi.useFakeTimers()
    let works = true
    const t = start({
      recapture: (facing) => Promise.resolve(works && facing === 'environment' ? back : front),
    })
    await goLive(t)
    t.actor.send({ type: 'camera.switch' })
    await settle()
    expect(t.actor.getSnapshot().context.capture).toBe(back)
    expect(t.sessions[0]?.commands.at(-1)?.capture).toBe(back)
    works = false
    t.actor.send({ type: 'camera.switch' })
    await settle()
    t.actor.send({ type: 'camera.switch' })
    await settle()
    expect(t.actor.getSnapshot().context.problem).toEqual({ kind: 'switchFailed' })
    expect(t.actor.getSnapshot().context.capture).toBe(front)
  })

  it('reconnects after a lasting disconnect with a new session and the same key', async () => {
    vi.useFakeTimers()
    const t = start()
    await goLive(t)
    // A blip passes.
    t.sessions[0]?.send({ type: 'connection.down' })
    await vi.advanceTimersByTimeAsync(2000)
    t.sessions[0]?.send({ type: 'connection.up' })
    await vi.advanceTimersByTimeAsync(5000)
    expect(t.phase()).toBe('live')
    // A loss that lasts 3 s: the old session goes, a new one is offered at once.
    t.sessions[0]?.send({ type: 'connection.down' })
    await vi.advanceTimersByTimeAsync(3000)
    expect(t.phase()).toBe('reconnecting')
    expect(t.sessions[0]?.closed).toBe(true)
    expect(t.sessions).toHaveLength(2)
    t.sessions[1]?.send({ type: 'whip.unreachable' })
    await settle()
    expect(t.sessions[1]?.closed).toBe(true)
    await vi.advanceTimersByTimeAsync(reconnectDelayMs(1))
    expect(t.sessions).toHaveLength(3)
    expect(t.sessions[2]?.input.credentials.key).toBe('k_7')
    t.sessions[2]?.send({ type: 'whip.answered' })
    await settle()
    expect(t.phase()).toBe('live')
    expect(t.actor.getSnapshot().context.live?.liveId).toBe(70)
  })

  it('stops reconnecting when the key is refused, and says why', async () => {
    vi.useFakeTimers()
    const t = start()
    await goLive(t)
    t.page({ type: 'network.changed' })
    expect(t.phase()).toBe('reconnecting')
    t.sessions[1]?.send({ type: 'whip.refused', status: 401, message: 'キーが変わりました' })
    await settle()
    expect(t.phase()).toBe('ended')
    expect(t.actor.getSnapshot().context.endReason).toBe('refused')
    expect(t.actor.getSnapshot().context.problem).toEqual({
      kind: 'refused',
      status: 401,
      message: 'キーが変わりました',
    })
    expect(t.stopped).toEqual([front])
  })

  it('gives up after the grace when the site cannot be reached', async () => {
    vi.useFakeTimers()
    const t = start()
    await goLive(t)
    t.sessions[0]?.send({ type: 'connection.failed' })
    for (let i = 0; i < 30; i++) {
      t.sessions.at(-1)?.send({ type: 'whip.unreachable' })
      await vi.advanceTimersByTimeAsync(1000)
    }
    expect(t.phase()).toBe('ended')
    expect(t.actor.getSnapshot().context.endReason).toBe('lost')
    expect(t.sessions.every((s) => s.closed)).toBe(true)
  })

  it('stops when the site ends the live, and tells a minor the window closed', async () => {
    vi.useFakeTimers()
    const adult = start()
    await goLive(adult)
    adult.push({ type: 'push.liveEnd' })
    await settle()
    expect(adult.phase()).toBe('ended')
    expect(adult.actor.getSnapshot().context.endReason).toBe('site')
    expect(adult.ended).toEqual([])

    const minor = start({ room: minorRoom })
    await goLive(minor)
    minor.actor.send({ type: 'clock.tick', nowMs: tokyo(19, 59) })
    expect(minor.phase()).toBe('live')
    minor.tick(tokyo(20, 0))
    await settle()
    expect(minor.phase()).toBe('ended')
    expect(minor.ended).toEqual([{ roomId: 7, liveId: 70 }])
    expect(minor.actor.getSnapshot().context.endReason).toBe('window')
  })

  it("has no start outside a minor's window", async () => {
    vi.useFakeTimers()
    const t = start({ room: minorRoom })
    await settle()
    expect(t.actor.getSnapshot().can({ type: 'broadcast.start' })).toBe(true)
    t.tick(EVENING)
    expect(t.actor.getSnapshot().can({ type: 'broadcast.start' })).toBe(false)
    t.actor.send({ type: 'broadcast.start' })
    expect(t.phase()).toBe('preview')
    expect(t.sessions).toHaveLength(0)
  })
})

describe('the connection in plain words', () => {
  it('reads bitrate, loss and round trip between two readings', () => {
    const first = {
      atMs: 0,
      bytesSent: 0,
      packetsSent: 0,
      packetsLost: 0,
      fractionLost: null,
      rttS: 0.08,
    }
    expect(figuresBetween(null, first)).toEqual({ bitrateKbps: null, lossPct: null, rttMs: 80 })
    const next = { ...first, atMs: 1000, bytesSent: 312_500, packetsSent: 400, packetsLost: 24 }
    expect(figuresBetween(first, next)).toEqual({ bitrateKbps: 2500, lossPct: 6, rttMs: 80 })
    expect(figuresBetween(first, { ...next, fractionLost: 0.02 }).lossPct).toBe(2)
    expect(figuresBetween(first, { ...next, bandwidthLimited: false }).bandwidthLimited).toBe(false)
  })

  it('warns when viewers will suffer', () => {
    expect(connectionWarnings({ bitrateKbps: 2500, lossPct: 1, rttMs: 80 }, true)).toEqual([])
    expect(connectionWarnings({ bitrateKbps: 200, lossPct: 5.1, rttMs: 501 }, true)).toEqual([
      'loss',
      'rtt',
      'bitrate',
    ])
    // No video sent (camera off): a low bitrate is expected.
    expect(connectionWarnings({ bitrateKbps: 30, lossPct: 0, rttMs: 80 }, false)).toEqual([])
    // A plain scene needs little: a low bitrate the network does not hold back is no warning.
    const plain = { bitrateKbps: 220, lossPct: 0, rttMs: 3 }
    expect(connectionWarnings({ ...plain, bandwidthLimited: false }, true)).toEqual([])
    expect(connectionWarnings({ ...plain, bandwidthLimited: true }, true)).toEqual(['bitrate'])
  })
})
