import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import type { AvatarsAnswer, OwnedAvatar } from '../../src/contract/avatar.ts'
import { ApiRequestError, type Notice } from '../../src/domain/api-failure.ts'
import { AVATAR_NOT_OWNED_MESSAGE, avatarUrl } from '../../src/domain/avatar.ts'
import { avatarMachine } from '../../src/machines/avatar/avatar.machine.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

const lost = new ApiRequestError({ kind: 'network', status: null })
const loggedOut = new ApiRequestError({
  kind: 'server',
  status: 401,
  message: null,
  errorType: null,
  redirectUrl: null,
})
const notOwned = new ApiRequestError({
  kind: 'server',
  status: 400,
  message: '入力内容を確認してください',
  errorType: 'INVALID_FIELDS',
  redirectUrl: null,
  fieldErrors: { avatar_id: AVATAR_NOT_OWNED_MESSAGE },
})

const entry = (avatar_id: number, prize: boolean): OwnedAvatar => ({
  avatar_id,
  avatar_url: avatarUrl(avatar_id),
  name: prize ? 'アバター「ひよこ」' : `ベーシック ${avatar_id + 1}`,
  is_default: !prize,
  is_fav: false,
  rarity: prize ? 'SSR' : null,
  acquired_num: prize ? 1 : 0,
})
const owned: AvatarsAnswer = {
  current_avatar_id: 3,
  avatars: [entry(105, true), entry(0, false), entry(3, false)],
}

const events = [
  { type: 'avatar.choose', avatarId: 105 },
  { type: 'avatar.choose', avatarId: 3 },
  { type: 'avatar.choose', avatarId: 203 },
  { type: 'avatar.fav', avatarId: 105, isFav: true },
  { type: 'avatar.fav', avatarId: 105, isFav: false },
  { type: 'avatar.fav', avatarId: 203, isFav: true },
  { type: 'avatar.filter', favsOnly: true },
  { type: 'avatar.filter', favsOnly: false },
  { type: 'avatar.retry' },
  { type: 'xstate.done.actor.loadAvatars', output: owned },
  { type: 'xstate.error.actor.loadAvatars', error: lost },
  {
    type: 'xstate.done.actor.chooseAvatar',
    output: { avatar_id: 105, avatar_url: '/img/avatar/105.svg' },
  },
  { type: 'xstate.error.actor.chooseAvatar', error: notOwned },
  { type: 'xstate.error.actor.chooseAvatar', error: loggedOut },
  { type: 'xstate.error.actor.chooseAvatar', error: lost },
  { type: 'xstate.done.actor.setAvatarFav', output: { avatar_id: 105, is_fav: true } },
  { type: 'xstate.done.actor.setAvatarFav', output: { avatar_id: 105, is_fav: false } },
  { type: 'xstate.error.actor.setAvatarFav', error: notOwned },
  { type: 'xstate.error.actor.setAvatarFav', error: loggedOut },
  { type: 'xstate.error.actor.setAvatarFav', error: lost },
] as Array<EventFromLogic<typeof avatarMachine>>

type Snapshot = ReturnType<typeof avatarMachine.transition>
const busy = (s: Snapshot) => s.matches('choosing') || s.matches('faving')

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('avatar machine graph', () => {
  it('loads, wears and marks owned avatars one request at a time; failures keep the page', () => {
    const result = walkMachine(avatarMachine, {
      input: undefined,
      events,
      key: (s) => ({
        value: s.value,
        current: s.context.currentAvatarId,
        favs: s.context.avatars.filter((a) => a.is_fav).map((a) => a.avatar_id),
        favsOnly: s.context.favsOnly,
        pendingId: s.context.pendingId,
      }),
      invariant: (from: Snapshot, sent, to: Snapshot) => {
        // The walk also sends the actors' done and error events, which the event type leaves out.
        const event = sent as { type: string; avatarId?: number; error?: unknown }
        // A request is on its way exactly while one is pending, for the avatar it names.
        expect(to.context.pendingId !== null).toBe(busy(to))
        if (busy(to) && !busy(from)) {
          expect(to.context.pendingId).toBe(event.avatarId)
          // Only an avatar owned is asked for; never the one already worn.
          expect(from.context.avatars.some((a) => a.avatar_id === event.avatarId)).toBe(true)
          if (to.matches('choosing')) expect(event.avatarId).not.toBe(from.context.currentAvatarId)
        }
        // One request at a time: nothing else starts while one is on its way.
        if (busy(from) && busy(to)) expect(to.context.pendingId).toBe(from.context.pendingId)
        // The avatar worn changes only by the load or a wear the server answered.
        if (
          to.context.currentAvatarId !== from.context.currentAvatarId &&
          event.type !== 'xstate.done.actor.loadAvatars'
        )
          expect(event.type).toBe('xstate.done.actor.chooseAvatar')
        // A failure changes nothing the page shows but the pending mark.
        const answered =
          (from.matches('choosing') && event.type === 'xstate.error.actor.chooseAvatar') ||
          (from.matches('faving') && event.type === 'xstate.error.actor.setAvatarFav')
        if (answered) {
          expect(to.matches('ready')).toBe(true)
          expect(to.context.avatars).toEqual(from.context.avatars)
          expect(to.context.currentAvatarId).toBe(from.context.currentAvatarId)
        }
        // The filter survives everything but itself.
        if (event.type !== 'avatar.filter') expect(to.context.favsOnly).toBe(from.context.favsOnly)
      },
    })
    walks.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })

  it('tells the app the new avatar once worn, and shows the server’s refusal', async () => {
    const changed: Array<{ avatarId: number; avatarUrl: string }> = []
    const notices: Notice[] = []
    const reported: unknown[] = []
    const asked: number[] = []
    const actor = createActor(
      avatarMachine.provide({
        actors: {
          loadAvatars: fromPromise(() => Promise.resolve(owned)),
          chooseAvatar: fromPromise(({ input }) => {
            asked.push(input.avatarId)
            return input.avatarId === 0
              ? Promise.reject(notOwned)
              : Promise.resolve({
                  avatar_id: input.avatarId,
                  avatar_url: avatarUrl(input.avatarId),
                })
          }),
        },
        actions: {
          avatarChanged: (_, params) => changed.push(params),
          notify: (_, notice) => notices.push(notice),
          reportError: (_, { error }) => reported.push(error),
        },
      }),
    ).start()
    const settle = () => new Promise((r) => setTimeout(r, 0))
    await settle()
    actor.send({ type: 'avatar.choose', avatarId: 105 })
    // A second choice while the first is on its way is not sent.
    actor.send({ type: 'avatar.choose', avatarId: 0 })
    expect(actor.getSnapshot().context.pendingId).toBe(105)
    await settle()
    expect(asked).toEqual([105])
    expect(actor.getSnapshot().context.currentAvatarId).toBe(105)
    expect(changed).toEqual([{ avatarId: 105, avatarUrl: '/img/avatar/105.svg' }])
    expect(notices).toEqual([{ tone: 'success', key: 'avatar.chosen' }])

    actor.send({ type: 'avatar.choose', avatarId: 0 })
    await settle()
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context.currentAvatarId).toBe(105)
    expect(notices.at(-1)).toEqual({ tone: 'error', text: AVATAR_NOT_OWNED_MESSAGE })
    expect(changed).toHaveLength(1)
    expect(reported).toEqual([])
    actor.stop()
  })
})
