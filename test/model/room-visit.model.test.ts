import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { LoadedRoom } from '../../src/domain/room.ts'
import { pollingMachine, type PollResult } from '../../src/machines/polling/polling.machine.ts'
import { reportMachine, type ReportCategory } from '../../src/machines/report/report.machine.ts'
import { roomOnAirMachine } from '../../src/machines/room/room-visit.machine.ts'
import { loaded } from './room-fixtures.ts'

describe('room end screen', () => {
  it('counts 60 seconds down and then goes to the next room, once', async () => {
    vi.useFakeTimers()
    try {
      const visits: string[] = []
      const actor = createActor(
        roomOnAirMachine.provide({
          actors: {
            pushSocket: fromCallback(() => () => {}),
            polling: pollingMachine.provide({
              actors: { poll: fromPromise(() => new Promise<PollResult>(() => {})) },
            }),
            findNextRoom: fromPromise(
              (): Promise<{ roomUrlKey: string; mainName: string } | null> =>
                Promise.resolve({ roomUrlKey: 'aoi_music', mainName: '青井 そら' }),
            ),
          },
          actions: { goToRoom: (_, { roomUrlKey }) => visits.push(roomUrlKey) },
        }),
        { input: { roomUrlKey: 'kirari_hoshino', userId: null, loaded: loaded(true) } },
      ).start()
      actor.send({ type: 'push.liveEnd' })
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().context.countdown).toBe(60)
      await vi.advanceTimersByTimeAsync(30_000)
      expect(actor.getSnapshot().context.countdown).toBe(30)
      expect(visits).toEqual([])
      await vi.advanceTimersByTimeAsync(30_000)
      expect(visits).toEqual(['aoi_music'])
      await vi.advanceTimersByTimeAsync(10_000)
      expect(visits).toEqual(['aoi_music'])
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('room mutes and reports', () => {
  const comment = (userId: number, text: string, at: number) => ({
    comment: text,
    name: `user${userId}`,
    user_id: userId,
    avatar_id: 1,
    avatar_url: '',
    ua: 0,
    aft: 0,
    created_at: at,
  })

  const start = (userId: number | null, muted: LoadedRoom['muted']) => {
    const saved: Array<{ roomId: number; muted: LoadedRoom['muted'] }> = []
    const logins: string[] = []
    const room: LoadedRoom = {
      ...loaded(true),
      muted,
      commentLog: [comment(3, 'ミュート済み', 2), comment(2, 'こんばんは', 1)],
    }
    const actor = createActor(
      roomOnAirMachine.provide({
        actors: {
          pushSocket: fromCallback(() => () => {}),
          polling: pollingMachine.provide({
            actors: { poll: fromPromise(() => new Promise<PollResult>(() => {})) },
          }),
          report: reportMachine.provide({
            actors: { loadCategories: fromPromise(() => new Promise<ReportCategory[]>(() => {})) },
          }),
        },
        actions: {
          saveMutes: (_, params) => saved.push(params),
          requireLogin: () => logins.push('login'),
        },
      }),
      { input: { roomUrlKey: 'kirari_hoshino', userId, loaded: room } },
    ).start()
    const visibleTexts = () =>
      (
        actor.getSnapshot().children.comments?.getSnapshot() as
          { context: { comments: Array<{ comment: string }> } } | undefined
      )?.context.comments.map((c) => c.comment)
    const reportState = () =>
      (actor.getSnapshot().children.report?.getSnapshot() as { value: string } | undefined)?.value
    return { actor, saved, logins, visibleTexts, reportState }
  }

  it('opens with the session mute list, mutes and unmutes, and saves the list each time', () => {
    const { actor, saved, visibleTexts } = start(1, [{ userId: 3, name: 'user3' }])
    expect(actor.getSnapshot().matches('live')).toBe(true)
    expect(visibleTexts()).toEqual(['こんばんは'])

    actor.send({ type: 'user.mute', userId: 2, name: 'user2' })
    expect(visibleTexts()).toEqual([])
    expect(saved.at(-1)).toEqual({
      roomId: 1,
      muted: [
        { userId: 3, name: 'user3' },
        { userId: 2, name: 'user2' },
      ],
    })
    actor.send({ type: 'push.comments', comments: [comment(2, 'まだいる？', 3)] })
    actor.send({ type: 'push.comments', comments: [comment(4, 'はじめまして', 4)] })
    expect(visibleTexts()).toEqual(['はじめまして'])

    actor.send({ type: 'user.unmute', userId: 2 })
    expect(saved.at(-1)).toEqual({ roomId: 1, muted: [{ userId: 3, name: 'user3' }] })
    actor.send({ type: 'push.comments', comments: [comment(2, 'おかえり', 5)] })
    expect(visibleTexts()).toEqual(['はじめまして', 'おかえり'])
    actor.stop()
  })

  it('asks an anonymous visitor to log in before a report, and opens the dialog for a user', () => {
    const anonymous = start(null, [])
    anonymous.actor.send({ type: 'report.open', target: { kind: 'live' } })
    expect(anonymous.logins).toEqual(['login'])
    expect(anonymous.reportState()).toBe('closed')
    anonymous.actor.stop()

    const viewer = start(1, [])
    viewer.actor.send({
      type: 'report.open',
      target: { kind: 'user', userId: 2, name: 'user2' },
    })
    expect(viewer.logins).toEqual([])
    expect(viewer.reportState()).toBe('loading')
    viewer.actor.stop()
  })
})

describe('room video interruption (OBS, t:205)', () => {
  const start = (room: LoadedRoom) =>
    createActor(
      roomOnAirMachine.provide({
        actors: {
          pushSocket: fromCallback(() => () => {}),
          polling: pollingMachine.provide({
            actors: { poll: fromPromise(() => new Promise<PollResult>(() => {})) },
          }),
        },
      }),
      { input: { roomUrlKey: 'kirari_hoshino', userId: 1, loaded: room } },
    ).start()

  it('opens interrupted when live_info said so, and follows the pushes both ways', () => {
    const actor = start(loaded(true, false, true))
    expect(actor.getSnapshot().context.interrupted).toBe(true)
    actor.send({ type: 'push.interrupted', interrupted: false, reason: 'disconnected' })
    expect(actor.getSnapshot().context.interrupted).toBe(false)
    actor.send({ type: 'push.interrupted', interrupted: true, reason: 'stalled' })
    expect(actor.getSnapshot().context.interrupted).toBe(true)
    // Interrupted is not ended: the live goes on.
    expect(actor.getSnapshot().matches('live')).toBe(true)
    actor.stop()
  })

  it('opens uninterrupted when live_info said nothing (an older server, or a failed read)', () => {
    const { interrupted: _, ...room } = loaded(true)
    const actor = start(room)
    expect(actor.getSnapshot().context.interrupted).toBe(false)
    actor.stop()
  })
})
