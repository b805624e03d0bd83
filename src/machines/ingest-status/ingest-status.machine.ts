import { assign, fromPromise, setup } from 'xstate'
import type { IngestStatusAnswer } from '../../contract/ingest.ts'
import { failureOf } from '../../domain/api-failure.ts'
import { ingestWarnings, type IngestWarning } from '../../domain/ingest.ts'
import { notProvided } from '../not-provided.ts'

/** How often the owner's panel asks what the media host receives. */
export const INGEST_POLL_MS = 5000
/** How long it waits after a failed ask (the media host down, the network lost). */
export const INGEST_RETRY_MS = 10_000

/**
 * Why the last ask failed: the media host cannot be reached (our server's 503, which the API
 * client reads as `maintenance`), or anything else that may pass (a timeout, an odd answer).
 */
export type IngestProblem = 'unreachable' | 'failed'

export interface IngestStatusContext {
  roomId: number
  /** The last answer; null until the first, and after a failure (never shown stale). */
  answer: IngestStatusAnswer | null
  /** What in the answer will hurt viewers (domain/ingest.ts), most urgent first. */
  warnings: IngestWarning[]
  problem: IngestProblem | null
}

export type IngestStatusEvent = { type: 'ingest.retry' }

/** Refusals that asking again will not change: logged out, not the owner, no such room. */
const isRefusal = (error: unknown) => {
  const f = failureOf(error)
  return f.kind === 'server' && (f.status === 401 || f.status === 403 || f.status === 404)
}

const problemOf = (error: unknown): IngestProblem =>
  failureOf(error).kind === 'maintenance' ? 'unreachable' : 'failed'

/**
 * The broadcaster menu's "受信状況" (issue #38): asks `/api/live/ingest_status` at once and
 * every 5 s while the menu is shown, waits longer after a failure, and stops at a refusal until
 * asked to retry. Failures are told in the panel only, never reported to the app: they would
 * come every few seconds, and the app takes any 503 for the site's maintenance.
 */
export const ingestStatusMachine = setup({
  types: {
    context: {} as IngestStatusContext,
    events: {} as IngestStatusEvent,
    input: {} as { roomId: number },
    children: {} as { loadStatus: 'loadStatus' },
  },
  actors: {
    loadStatus: fromPromise<IngestStatusAnswer, { roomId: number }>(notProvided('loadStatus')),
  },
  actions: {
    store: assign((_, answer: IngestStatusAnswer) => ({
      answer,
      warnings: answer.ingest ? ingestWarnings(answer.ingest) : [],
      problem: null,
    })),
    storeProblem: assign((_, { error }: { error: unknown }) => ({
      answer: null,
      warnings: [],
      problem: problemOf(error),
    })),
    clear: assign({ answer: null, warnings: [], problem: null }),
  },
  guards: {
    isRefusal: (_, { error }: { error: unknown }) => isRefusal(error),
  },
  delays: {
    interval: INGEST_POLL_MS,
    retry: INGEST_RETRY_MS,
  },
}).createMachine({
  id: 'ingestStatus',
  context: ({ input }) => ({ roomId: input.roomId, answer: null, warnings: [], problem: null }),
  initial: 'fetching',
  states: {
    fetching: {
      description: 'The last answer stays shown while the next is on its way.',
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        input: ({ context }) => ({ roomId: context.roomId }),
        onDone: {
          target: 'showing',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: 'clear',
            description: 'Asking again would be refused again: no more asking until a retry.',
          },
          {
            target: 'failed',
            actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) },
            description: 'Asked again after a while (the media host back, the network back).',
          },
        ],
      },
    },
    showing: {
      after: { interval: 'fetching' },
    },
    failed: {
      after: { retry: 'fetching' },
      on: { 'ingest.retry': 'fetching' },
    },
    refused: {
      on: { 'ingest.retry': 'fetching' },
    },
  },
})
