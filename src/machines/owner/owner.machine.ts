import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate'
import { failureOf, type Notice } from '../../domain/api-failure.ts'
import type { LiveResult } from '../../contract/grade.ts'
import type { NavigatorRight } from '../../domain/navigator.ts'
import type { RegulationStatus, StreamerFlags } from '../../domain/regulation.ts'
import { regulationMachine } from '../regulation/regulation.machine.ts'
import { notProvided } from '../not-provided.ts'

/** What the owner panel loads: where OBS publishes, the key, and the room's regulation. */
export interface OwnerPanelData {
  streamUrl: string
  streamKey: string
  /** The WHIP endpoint (OBS 30+ over WebRTC), the same key its Bearer token. */
  whipUrl?: string
  regulationStatus: RegulationStatus
  /** The owner's own age class and whether they stream from abroad (live_info). */
  flags: StreamerFlags
  /** A navigator's rights over the room (issue #23); absent for the owner, who holds them all. */
  rights?: NavigatorRight[]
  /** The room's last ended live in numbers, for a navigator with `stats` (null: none yet). */
  lastLive?: LiveResult | null
}

/** One call of the owner panel (SPEC §7 Encoder, obs_key, regulation). */
export type OwnerOp =
  | { op: 'rotateKey' }
  | { op: 'saveTelop'; telop: string }
  | { op: 'deleteTelop' }
  | { op: 'startVote'; options: number }
  | { op: 'endVote' }
  | { op: 'endLive' }
  | { op: 'setRegulation'; on: boolean }

export interface OwnerResult {
  streamKey?: string
  regulationStatus?: RegulationStatus
}

export interface OwnerContext {
  roomId: number
  liveId: number
  streamUrl: string
  streamKey: string
  whipUrl: string
  revealed: boolean
  telopDraft: string
  voteOptions: number
  voteOpen: boolean
  regulationStatus: RegulationStatus
  flags: StreamerFlags
  /** A navigator's panel (issue #23): only the tools of `rights`, and no stream key. */
  navigator: boolean
  rights: NavigatorRight[]
  lastLive: LiveResult | null
  /** The call on its way, if any (the panel disables its button). */
  pending: OwnerOp['op'] | null
}

export type OwnerEvent =
  | { type: 'key.reveal' }
  | { type: 'key.hide' }
  | { type: 'key.copy' }
  | { type: 'telop.change'; text: string }
  | { type: 'vote.options'; options: number }
  | { type: 'owner.do'; call: OwnerOp }
  | { type: 'owner.retry' }

export const TELOP_MAX = 40
export const VOTE_OPTIONS = { min: 2, max: 10 } as const

/** Flags the countdown follows: a limited room counts as under 18 even with an adult owner. */
/** The right a navigator needs for a call; null for the owner's own (key, regulation, end). */
export function rightOfCall(op: OwnerOp['op']): NavigatorRight | null {
  if (op === 'saveTelop' || op === 'deleteTelop') return 'telop'
  if (op === 'startVote' || op === 'endVote') return 'enquete'
  return null
}

/** The owner may make every call; a navigator only those of the rights held. */
const mayCall = (c: Pick<OwnerContext, 'navigator' | 'rights'>, op: OwnerOp['op']) => {
  if (!c.navigator) return true
  const right = rightOfCall(op)
  return right !== null && c.rights.includes(right)
}

const countdownFlags = (c: Pick<OwnerContext, 'flags' | 'regulationStatus'>): StreamerFlags => ({
  ...c.flags,
  isUnder18: c.flags.isUnder18 || c.regulationStatus === 2,
})

/**
 * The owner's panel on their room page (issue #6): the stream URL and key (hidden until revealed,
 * copy, rotate), the telop, votes, ending the live, the under-18 switch, and — for a regulated
 * room — the streaming-window countdown of the regulation machine. A navigator's panel (issue
 * #23) is the same machine with only the calls of the rights held; a call refused for want of a
 * right reads the rights again.
 */
export const ownerMachine = setup({
  types: {
    context: {} as OwnerContext,
    events: {} as OwnerEvent,
    input: {} as { roomId: number; liveId: number; telop: string; navigator?: boolean },
    children: {} as { loadPanel: 'loadPanel'; regulation: 'regulation'; call: 'call' },
  },
  actors: {
    loadPanel: fromPromise<OwnerPanelData, { roomId: number; navigator: boolean }>(
      notProvided('loadPanel'),
    ),
    call: fromPromise<OwnerResult, { roomId: number; liveId: number; call: OwnerOp }>(
      notProvided('call'),
    ),
    regulation: regulationMachine,
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    copyKey: (_, _params: { key: string }) => {},
    store: assign(({ context }, data: OwnerPanelData) => ({
      rights: data.rights ?? context.rights,
      lastLive: data.lastLive ?? null,
      streamUrl: data.streamUrl,
      streamKey: data.streamKey,
      whipUrl: data.whipUrl ?? '',
      regulationStatus: data.regulationStatus,
      flags: data.flags,
    })),
    setTelop: assign(({ event }) => {
      assertEvent(event, 'telop.change')
      return { telopDraft: event.text }
    }),
    setOptions: assign(({ event }) => {
      assertEvent(event, 'vote.options')
      return {
        voteOptions: Math.min(
          VOTE_OPTIONS.max,
          Math.max(VOTE_OPTIONS.min, Math.floor(event.options) || VOTE_OPTIONS.min),
        ),
      }
    }),
    markPending: assign(({ event }) => {
      assertEvent(event, 'owner.do')
      return { pending: event.call.op }
    }),
    settle: assign(({ context }, result: OwnerResult) => ({
      pending: null,
      streamKey: result.streamKey ?? context.streamKey,
      regulationStatus: result.regulationStatus ?? context.regulationStatus,
      telopDraft: context.pending === 'deleteTelop' ? '' : context.telopDraft,
      liveId: context.pending === 'endLive' ? 0 : context.liveId,
      voteOpen:
        context.pending === 'startVote'
          ? true
          : context.pending === 'endVote'
            ? false
            : context.voteOpen,
    })),
    clearPending: assign({ pending: null }),
  },
  guards: {
    isRegulationCall: ({ context }) => context.pending === 'setRegulation',
    /** Refused for want of a right (a navigator's, revoked meanwhile). */
    isForbidden: (_, { error }: { error: unknown }) => {
      const failure = failureOf(error)
      return failure.kind === 'server' && failure.status === 403
    },
    isValidCall: ({ context, event }) => {
      if (event.type !== 'owner.do') return false
      const call = event.call
      if (!mayCall(context, call.op)) return false
      if (call.op === 'saveTelop') {
        const length = Array.from(call.telop.trim()).length
        return length > 0 && length <= TELOP_MAX
      }
      if (call.op === 'startVote') return !context.voteOpen
      if (call.op === 'endVote') return context.voteOpen
      return true
    },
  },
}).createMachine({
  id: 'owner',
  context: ({ input }) => ({
    roomId: input.roomId,
    liveId: input.liveId,
    streamUrl: '',
    streamKey: '',
    whipUrl: '',
    revealed: false,
    telopDraft: input.telop,
    voteOptions: 4,
    voteOpen: false,
    regulationStatus: 0,
    flags: { isAbroad: false, isUnder16: false, isUnder18: false },
    navigator: input.navigator ?? false,
    rights: [],
    lastLive: null,
    pending: null,
  }),
  initial: 'loading',
  on: {
    'telop.change': { actions: 'setTelop' },
    'vote.options': { actions: 'setOptions' },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadPanel',
        src: 'loadPanel',
        input: ({ context }) => ({ roomId: context.roomId, navigator: context.navigator }),
        onDone: {
          target: 'ready',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { 'owner.retry': 'loading' } },
    ready: {
      invoke: {
        id: 'regulation',
        src: 'regulation',
        // The time comes with the clock's first tick, at once.
        input: ({ context }) => ({ ...countdownFlags(context), nowMs: 0 }),
      },
      on: {
        'key.reveal': { actions: assign({ revealed: true }) },
        'key.hide': { actions: assign({ revealed: false }) },
        'key.copy': {
          actions: [
            { type: 'copyKey', params: ({ context }) => ({ key: context.streamKey }) },
            { type: 'notify', params: { tone: 'success', key: 'owner.keyCopied' } },
          ],
        },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'owner.do': { guard: 'isValidCall', target: 'working', actions: 'markPending' },
          },
        },
        working: {
          invoke: {
            id: 'call',
            src: 'call',
            input: ({ context, event }) => {
              assertEvent(event, 'owner.do')
              return {
                roomId: context.roomId,
                liveId: context.liveId,
                call: event.call,
              }
            },
            onDone: [
              {
                guard: 'isRegulationCall',
                target: '#owner.ready',
                reenter: true,
                actions: [
                  { type: 'settle', params: ({ event }) => event.output },
                  { type: 'notify', params: { tone: 'success', key: 'owner.done' } },
                ],
                description: 'The countdown restarts with the new regulation.',
              },
              {
                target: 'idle',
                actions: [
                  { type: 'settle', params: ({ event }) => event.output },
                  { type: 'notify', params: { tone: 'success', key: 'owner.done' } },
                ],
              },
            ],
            onError: [
              {
                guard: { type: 'isForbidden', params: ({ event }) => ({ error: event.error }) },
                target: '#owner.loading',
                actions: [
                  'clearPending',
                  { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                ],
                description:
                  'A right revoked meanwhile: the toast says so and the panel reads its rights again.',
              },
              {
                target: 'idle',
                actions: [
                  'clearPending',
                  { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                ],
                description: 'The toast explains; the typed telop stays.',
              },
            ],
          },
        },
      },
    },
  },
})

export type RegulationActor = ActorRefFrom<typeof regulationMachine>
