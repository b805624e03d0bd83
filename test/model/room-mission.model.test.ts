import { describe, expect, it } from 'vitest'
import {
  createActor,
  fromCallback,
  fromPromise,
  waitFor,
  type ActorRefFrom,
  type AnyActorRef,
} from 'xstate'
import type { Notice } from '../../src/domain/api-failure.ts'
import type { GiftResult } from '../../src/domain/gifts.ts'
import type { LoadedRoom } from '../../src/domain/room.ts'
import { giftMachine, type GiftPanelData } from '../../src/machines/gift/gift.machine.ts'
import type { missionMachine } from '../../src/machines/mission/mission.machine.ts'
import { pollingMachine, type PollResult } from '../../src/machines/polling/polling.machine.ts'
import { roomOnAirMachine } from '../../src/machines/room/room-visit.machine.ts'
import { roomMissionMachine } from '../../src/machines/room/room.mission.ts'
import { findMission } from '../../src/machines/mission/mission.lists.ts'
import { load, mission, received } from './mission-fixtures.ts'

const room: LoadedRoom = {
  room: {
    roomId: 1,
    roomUrlKey: 'kirari_hoshino',
    roomName: '星野きらりの部屋',
    mainName: '星野 きらり',
    description: '',
    image: '/img/room/1.svg',
    followerNum: 1,
    isLive: true,
    liveId: 10,
    broadcastKey: '000001:abcdefgh',
    ownerBroadcastKey: '',
    isOwner: false,
    isFollowing: false,
  },
  commentLog: [],
  streams: [],
  telop: '',
  welcome: '',
  banners: [],
  recommended: [],
  muted: [],
  giftLog: [],
  giftSound: false,
  event: null,
}

const panel: GiftPanelData = {
  groups: [],
  wallet: { gold: 0, expiringGold: 0, freeNums: {} },
  confirmPaid: false,
  fanLevel: 0,
}

/** A live room whose comment completes a mission, with a mission panel that hands out stars. */
function start(rewardType: 'gift' | 'avatar') {
  const seen = { missionLoads: 0, giftLoads: 0, refreshes: 0, notices: [] as Notice[] }
  const actor = createActor(
    roomOnAirMachine.provide({
      actors: {
        pushSocket: fromCallback(() => () => {}),
        polling: pollingMachine.provide({
          actors: { poll: fromPromise(() => new Promise<PollResult>(() => {})) },
        }),
        postComment: fromPromise(({ input }) =>
          Promise.resolve({ text: input.text, missionAchieved: true }),
        ),
        gift: giftMachine.provide({
          actors: {
            loadPanel: fromPromise(() => {
              seen.giftLoads++
              return Promise.resolve(panel)
            }),
            sendGift: fromPromise(() => new Promise<GiftResult>(() => {})),
          },
        }),
        mission: roomMissionMachine.provide({
          actors: {
            loadMissions: fromPromise(() => {
              seen.missionLoads++
              return Promise.resolve(load())
            }),
            receiveMission: fromPromise(() =>
              Promise.resolve(received(mission(1, { reward: 'completed' }), rewardType)),
            ),
            clock: fromCallback(() => () => {}),
          },
        }),
      },
      actions: {
        notify: (_, notice) => void seen.notices.push(notice),
        refreshUser: () => {
          seen.refreshes++
        },
      },
    }),
    { input: { roomUrlKey: 'kirari_hoshino', userId: 1, loaded: room } },
  ).start()
  const child = (id: 'mission' | 'gift'): AnyActorRef => {
    const ref = actor.getSnapshot().children[id]
    if (!ref) throw new Error(`no ${id} child`)
    return ref
  }
  return { actor, seen, child }
}

describe('the mission panel in a room', () => {
  it('a comment that completes a mission toasts it and the panel loads again', async () => {
    const { actor, seen, child } = start('gift')
    const panelActor = child('mission') as ActorRefFrom<typeof missionMachine>
    await waitFor(panelActor, (s) => s.matches('ready'))
    expect(seen.missionLoads).toBe(1)
    actor.send({ type: 'draft.change', text: 'こんにちは' })
    actor.send({ type: 'comment.submit' })
    await waitFor(
      panelActor,
      (s) => s.matches({ ready: { lists: 'current' } }) && seen.missionLoads === 2,
    )
    expect(seen.notices).toEqual([{ tone: 'success', key: 'mission.achievedToast' }])
    actor.stop()
  })

  it('free stars from a mission reload the user and the gift panel; an avatar does not', async () => {
    for (const [rewardType, reloads] of [
      ['gift', 1],
      ['avatar', 0],
    ] as const) {
      const { actor, seen, child } = start(rewardType)
      const panelActor = child('mission') as ActorRefFrom<typeof missionMachine>
      await waitFor(panelActor, (s) => s.matches('ready'))
      await waitFor(child('gift') as ActorRefFrom<typeof giftMachine>, (s) => s.matches('ready'))
      panelActor.send({ type: 'mission.receive', missionId: 1 })
      await waitFor(panelActor, (s) => s.matches({ ready: { receipt: 'idle' } }))
      await waitFor(child('gift') as ActorRefFrom<typeof giftMachine>, (s) => s.matches('ready'))
      expect(seen.refreshes).toBe(reloads)
      expect(seen.giftLoads).toBe(1 + reloads)
      // The mission answered replaces the old one in the panel's lists.
      expect(findMission(panelActor.getSnapshot().context.genres, 1)?.reward).toBe('completed')
      actor.stop()
    }
  })
})
