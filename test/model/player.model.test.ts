import { afterAll, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, type EventFromLogic } from 'xstate'
import {
  MAX_RECOVERIES,
  playableStreams,
  playerMachine,
  type EngineCommand,
  type EngineInput,
  type StreamOption,
} from '../../src/machines/player/player.machine.ts'
import {
  coverageLine,
  delayedEvents,
  mergeWalks,
  walkMachine,
  type WalkResult,
} from './graph-walk.ts'

type Event = EventFromLogic<typeof playerMachine>

const streams: StreamOption[] = [
  { id: 1, type: 'lhls', label: 'オリジナル画質', url: '/hls/a/source/index.m3u8', quality: 1000 },
  { id: 4, type: 'hls', label: '低画質', url: '/hls/a/low/index.m3u8', quality: 100 },
  { id: 2, type: 'hls', label: 'オリジナル画質', url: '/hls/a/source/index.m3u8', quality: 1000 },
  { id: 100, type: 'hls_all', label: '自動', url: '/hls/a/abr.m3u8' },
]
// The walk never touches the element; the engine is not started by xstate/graph.
const element = {} as HTMLVideoElement

const events = [
  { type: 'video.attach', element },
  { type: 'video.detach' },
  { type: 'quality.select', id: 4 },
  { type: 'quality.select', id: 100 },
  { type: 'quality.select', id: 999 },
  { type: 'mute.toggle' },
  { type: 'player.play' },
  { type: 'player.retry' },
  { type: 'engine.playing' },
  { type: 'engine.needsGesture' },
  { type: 'engine.error', kind: 'network' },
  { type: 'engine.error', kind: 'media' },
  { type: 'engine.error', kind: 'other' },
  ...delayedEvents(playerMachine),
] as Event[]

const results: WalkResult[] = []
afterAll(() => {
  console.log(coverageLine(mergeWalks(results)))
})

describe('player machine graph', () => {
  for (const [name, list] of [
    ['with streams', streams],
    ['off air (no streams)', []],
  ] as const) {
    it(`reaches its states ${name}; failures stay bounded and only known qualities play`, () => {
      const result = walkMachine(playerMachine, {
        input: { streams: [...list] },
        events,
        key: (s) => ({
          value: s.value,
          selected: s.context.selectedId,
          muted: s.context.muted,
          failures: s.context.failures,
          attached: s.context.element !== null,
        }),
        invariant: (from, event, to) => {
          expect(to.context.failures).toBeGreaterThanOrEqual(0)
          expect(to.context.failures).toBeLessThanOrEqual(MAX_RECOVERIES + 1)
          if (to.matches('active')) expect(to.context.element).not.toBeNull()
          if (to.context.streams.length > 0)
            expect(to.context.streams.some((s) => s.id === to.context.selectedId)).toBe(true)
          if (to.matches('failed') && !from.matches('failed')) {
            expect(event.type).toBe('engine.error')
            const kind = (event as { kind?: string }).kind
            expect(kind === 'other' || from.context.failures >= MAX_RECOVERIES).toBe(true)
          }
          if (event.type === 'engine.playing' && to.matches({ active: 'playing' }))
            expect(to.context.failures).toBe(0)
        },
      })
      results.push(result)
      if (list.length === 0) expect(result.states.missing).toContain('active')
    })
  }

  it('reaches every state and transition over both walks', () => {
    const merged = mergeWalks(results)
    expect(merged.states.missing).toEqual([])
    expect(merged.transitions.missing).toEqual([])
  })

  it('offers 自動 first, then one entry per quality best first, its low-latency playlist where there is one', () => {
    expect(playableStreams(streams).map((s) => s.id)).toEqual([100, 1, 4])
    const plainOnly = streams.filter((s) => s.type !== 'lhls')
    expect(playableStreams(plainOnly).map((s) => s.id)).toEqual([100, 2, 4])
  })
})

describe('player recovery', () => {
  it('reloads after a network error with a growing wait, resets the decoder on a media error, then gives up', async () => {
    vi.useFakeTimers()
    try {
      const commands: EngineCommand[] = []
      const inputs: EngineInput[] = []
      const actor = createActor(
        playerMachine.provide({
          actors: {
            engine: fromCallback<EngineCommand, EngineInput>(({ input, receive }) => {
              inputs.push(input)
              receive((c) => commands.push(c))
            }),
          },
        }),
        { input: { streams } },
      ).start()
      actor.send({ type: 'video.attach', element })
      expect(inputs.map((i) => i.url)).toEqual(['/hls/a/abr.m3u8'])
      expect(inputs[0]?.muted).toBe(true)

      actor.send({ type: 'engine.error', kind: 'network' })
      await vi.advanceTimersByTimeAsync(999)
      expect(commands).toEqual([])
      await vi.advanceTimersByTimeAsync(1)
      expect(commands).toEqual([{ type: 'engine.recover', kind: 'network' }])
      actor.send({ type: 'engine.error', kind: 'network' })
      await vi.advanceTimersByTimeAsync(1999)
      expect(commands).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(commands).toHaveLength(2)
      actor.send({ type: 'engine.error', kind: 'media' })
      await vi.advanceTimersByTimeAsync(0)
      expect(commands[2]).toEqual({ type: 'engine.recover', kind: 'media' })
      // A fourth fatal error in a row: the player stops and offers a retry.
      actor.send({ type: 'engine.error', kind: 'network' })
      expect(actor.getSnapshot().value).toBe('failed')
      actor.send({ type: 'player.retry' })
      expect(inputs).toHaveLength(2)
      actor.send({ type: 'engine.playing' })
      expect(actor.getSnapshot().matches({ active: 'playing' })).toBe(true)

      // Choosing a quality loads its own playlist; mute goes to the element.
      actor.send({ type: 'quality.select', id: 4 })
      expect(inputs.at(-1)?.url).toBe('/hls/a/low/index.m3u8')
      actor.send({ type: 'mute.toggle' })
      expect(commands.at(-1)).toEqual({ type: 'engine.mute', muted: false })
    } finally {
      vi.useRealTimers()
    }
  })
})
