import { assertEvent, assign, enqueueActions, fromCallback, sendTo, setup, stopChild } from 'xstate'

import type { StreamOption } from '../../domain/room.ts'
import { playableStreams } from '../../domain/streams.ts'
import { notProvided } from '../not-provided.ts'

export type { StreamOption }
export { playableStreams }

/** Fatal errors recovered in a row before the player gives up and offers a retry. */
export const MAX_RECOVERIES = 3
/** First wait before reloading after a network error; doubles with each failure. */
export const RECOVERY_BASE_MS = 1000

export type EngineErrorKind = 'network' | 'media' | 'other'

/** What the engine (hls.js or native HLS on a video element) tells the player. */
export type EngineEvent =
  | { type: 'engine.playing' }
  | { type: 'engine.needsGesture' }
  | { type: 'engine.error'; kind: EngineErrorKind }

/** What the player tells the engine. */
export type EngineCommand =
  | { type: 'engine.recover'; kind: 'network' | 'media' }
  | { type: 'engine.mute'; muted: boolean }
  | { type: 'engine.play' }

export interface EngineInput {
  element: HTMLVideoElement
  url: string
  muted: boolean
}

export interface PlayerContext {
  /** The automatic entry first, then each quality (its low-latency playlist where there is one). */
  streams: StreamOption[]
  selectedId: number
  muted: boolean
  element: HTMLVideoElement | null
  /** Fatal errors since the last time playback ran. */
  failures: number
  lastError: EngineErrorKind | null
}

export type PlayerEvent =
  | EngineEvent
  | { type: 'video.attach'; element: HTMLVideoElement }
  | { type: 'video.detach' }
  | { type: 'quality.select'; id: number }
  | { type: 'mute.toggle' }
  | { type: 'player.play' }
  | { type: 'player.retry' }

/**
 * What the engine plays: the attached element, the chosen quality's playlist; null with no element
 * attached or no such quality. The guard that starts playing and the engine's start read it here.
 */
export function engineOf(
  c: Pick<PlayerContext, 'element' | 'streams' | 'selectedId' | 'muted'>,
): EngineInput | null {
  const stream = c.streams.find((s) => s.id === c.selectedId)
  if (c.element === null || stream === undefined) return null
  return { element: c.element, url: stream.url, muted: c.muted }
}

/** How the last fatal error is recovered from; null after one that cannot be (or none). */
const recoveryOf = (c: PlayerContext): 'network' | 'media' | null =>
  c.lastError === 'network' || c.lastError === 'media' ? c.lastError : null

/**
 * The room's video player: attaches to the page's video element, plays the chosen quality, and
 * recovers from network errors (reload after a growing wait) and media errors (decoder reset)
 * before giving up with a retry button.
 */
export const playerMachine = setup({
  types: {
    context: {} as PlayerContext,
    events: {} as PlayerEvent,
    input: {} as { streams: StreamOption[] },
  },
  actors: {
    engine: fromCallback<EngineCommand, EngineInput>(notProvided('engine')),
  },
  actions: {
    attach: assign(({ event }) => {
      assertEvent(event, 'video.attach')
      return { element: event.element, failures: 0, lastError: null }
    }),
    detach: assign({ element: null }),
    select: assign(({ event }) => {
      assertEvent(event, 'quality.select')
      return { selectedId: event.id, failures: 0 }
    }),
    toggleMute: assign(({ context }) => ({ muted: !context.muted })),
    sendMute: sendTo('engine', ({ context }) => ({
      type: 'engine.mute' as const,
      muted: context.muted,
    })),
    sendPlay: sendTo('engine', { type: 'engine.play' as const }),
    countFailure: assign(({ context, event }) => {
      assertEvent(event, 'engine.error')
      return { failures: context.failures + 1, lastError: event.kind }
    }),
    resetFailures: assign({ failures: 0, lastError: null }),
    /** The error `canRecover` has just let through: a reload, or a decoder reset. */
    recover: enqueueActions(({ context, enqueue }) => {
      const kind = recoveryOf(context)
      if (kind) enqueue.sendTo('engine', { type: 'engine.recover', kind } satisfies EngineCommand)
    }),
  },
  guards: {
    /** The element attached has a quality to play. */
    hasStream: ({ context, event }) => {
      assertEvent(event, 'video.attach')
      return engineOf({ ...context, element: event.element }) !== null
    },
    isKnownStream: ({ context, event }) => {
      assertEvent(event, 'quality.select')
      return event.id !== context.selectedId && context.streams.some((s) => s.id === event.id)
    },
    canRecover: ({ context, event }) => {
      assertEvent(event, 'engine.error')
      return event.kind !== 'other' && context.failures < MAX_RECOVERIES
    },
  },
  delays: {
    recoveryWait: ({ context }) =>
      context.lastError === 'media' ? 0 : RECOVERY_BASE_MS * 2 ** (context.failures - 1),
  },
}).createMachine({
  id: 'player',
  context: ({ input }) => {
    const streams = playableStreams(input.streams)
    return {
      streams,
      selectedId: streams[0]?.id ?? 0,
      // Rooms open muted: browsers only start playback with sound after a gesture.
      muted: true,
      element: null,
      failures: 0,
      lastError: null,
    }
  },
  initial: 'detached',
  on: {
    'mute.toggle': { actions: 'toggleMute' },
  },
  states: {
    detached: {
      on: {
        'video.attach': [
          { guard: 'hasStream', target: 'active', actions: 'attach' },
          { target: 'unavailable', actions: 'attach' },
        ],
        'quality.select': { guard: 'isKnownStream', actions: 'select' },
      },
    },
    unavailable: {
      description: 'streaming_url listed nothing playable.',
      on: { 'video.detach': { target: 'detached', actions: 'detach' } },
    },
    active: {
      // The engine plays the element attached and the quality chosen: `active` is entered from
      // `detached` by an attach `hasStream` let through, and from `failed` or itself with the
      // element still attached and a quality `isKnownStream` let through.
      entry: enqueueActions(({ context, enqueue }) => {
        const engine = engineOf(context)
        if (engine) enqueue.spawnChild('engine', { id: 'engine', input: engine })
      }),
      exit: stopChild('engine'),
      on: {
        'video.detach': { target: 'detached', actions: 'detach' },
        'quality.select': {
          guard: 'isKnownStream',
          target: 'active',
          reenter: true,
          actions: 'select',
          description: 'Loads the chosen quality from its own playlist.',
        },
        'mute.toggle': { actions: ['toggleMute', 'sendMute'] },
        'engine.error': [
          { guard: 'canRecover', target: '.recovering', actions: 'countFailure' },
          { target: 'failed', actions: 'countFailure' },
        ],
      },
      initial: 'starting',
      states: {
        starting: {
          on: {
            'engine.playing': { target: 'playing', actions: 'resetFailures' },
            'engine.needsGesture': 'blocked',
          },
        },
        playing: {
          on: { 'engine.needsGesture': 'blocked' },
        },
        blocked: {
          description: 'The browser refused to start playback without a tap.',
          on: {
            'player.play': { target: 'starting', actions: 'sendPlay' },
            'engine.playing': { target: 'playing', actions: 'resetFailures' },
          },
        },
        recovering: {
          after: { recoveryWait: { target: 'starting', actions: 'recover' } },
        },
      },
    },
    failed: {
      on: {
        'player.retry': { target: 'active', actions: 'resetFailures' },
        'quality.select': { guard: 'isKnownStream', target: 'active', actions: 'select' },
        'video.detach': { target: 'detached', actions: 'detach' },
      },
    },
  },
})
