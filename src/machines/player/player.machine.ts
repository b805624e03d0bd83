import { assertEvent, assign, fromCallback, sendTo, setup } from 'xstate'

import type { StreamOption } from '../../domain/room.ts'
import { notProvided } from '../not-provided.ts'

export type { StreamOption }

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
  /** The automatic entry first, then each quality (lhls entries are left to other clients). */
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

/** The entries a viewer chooses from: `hls_all` (自動) first, then the `hls` qualities, best first. */
export function playableStreams(list: readonly StreamOption[]): StreamOption[] {
  const auto = list.filter((s) => s.type === 'hls_all')
  const qualities = list
    .filter((s) => s.type === 'hls')
    .sort((a, b) => (b.quality ?? 0) - (a.quality ?? 0))
  return [...auto, ...qualities]
}

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
    countFailure: assign(({ context, event }) => ({
      failures: context.failures + 1,
      lastError: event.type === 'engine.error' ? event.kind : context.lastError,
    })),
    resetFailures: assign({ failures: 0, lastError: null }),
    recover: sendTo('engine', ({ context }) => ({
      type: 'engine.recover' as const,
      kind: context.lastError === 'media' ? ('media' as const) : ('network' as const),
    })),
  },
  guards: {
    hasStream: ({ context }) => context.streams.length > 0,
    isKnownStream: ({ context, event }) =>
      event.type === 'quality.select' &&
      event.id !== context.selectedId &&
      context.streams.some((s) => s.id === event.id),
    canRecover: ({ context, event }) =>
      event.type === 'engine.error' && event.kind !== 'other' && context.failures < MAX_RECOVERIES,
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
      invoke: {
        id: 'engine',
        src: 'engine',
        input: ({ context }) => ({
          // `active` is only entered with an element attached.
          element: context.element as HTMLVideoElement,
          url: context.streams.find((s) => s.id === context.selectedId)?.url ?? '',
          muted: context.muted,
        }),
      },
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
