import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import type { LiverTheme, RoomLiverThemeBody } from '../../src/contract/liver-theme.ts'
import { ApiRequestError, type Notice } from '../../src/domain/api-failure.ts'
import {
  liverThemeMachine,
  type LiverThemeLoaded,
} from '../../src/machines/liver-theme/liver-theme.machine.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

const lost = new ApiRequestError({ kind: 'network', status: null })
const unknownTheme = new ApiRequestError({
  kind: 'server',
  status: 400,
  message: 'そのテーマは見つかりません',
  errorType: 'UNKNOWN_THEME',
  redirectUrl: null,
})

const theme = (id: number, name: string): LiverTheme => ({
  theme_id: id,
  name,
  description: `${name}の説明`,
  frame_color: '#f4a7c0',
  accent_color: '#c2336a',
  background_color: '#2a1b2e',
  stamps: ['🌸', 'きれい'],
  image_url: `/img/liver_theme/${id}.svg`,
  is_pick_up: id === 1,
})
const yozakura = theme(1, '夜桜')
const hoshizora = theme(2, '星空')
const loaded: LiverThemeLoaded = { theme: yozakura, themes: [yozakura, hoshizora] }

const events = [
  { type: 'theme.pick', themeId: 2 },
  { type: 'theme.pick', themeId: 0 },
  { type: 'theme.pick', themeId: 1 },
  { type: 'theme.pick', themeId: 99 },
  { type: 'theme.retry' },
  { type: 'xstate.done.actor.loadTheme', output: loaded },
  { type: 'xstate.error.actor.loadTheme', error: lost },
  { type: 'xstate.done.actor.saveTheme', output: { room_id: 7, liver_theme: hoshizora } },
  { type: 'xstate.done.actor.saveTheme', output: { room_id: 7, liver_theme: null } },
  { type: 'xstate.error.actor.saveTheme', error: unknownTheme },
] as Array<EventFromLogic<typeof liverThemeMachine>>

type Snapshot = ReturnType<typeof liverThemeMachine.transition>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

const walk = (isOwner: boolean) =>
  walkMachine(liverThemeMachine, {
    input: { roomId: 7, isOwner },
    events,
    key: (s) => ({ value: s.value, theme: s.context.theme?.theme_id, picking: s.context.picking }),
    invariant: (from: Snapshot, sent, to: Snapshot) => {
      const event = sent as { type: string; themeId?: number }
      // A pick is marked while it is saved, and only then.
      expect(to.context.picking !== null).toBe(to.matches('saving'))
      // Only a save's answer (or a load) changes the theme the room wears.
      if (event.type === 'xstate.error.actor.saveTheme')
        expect(to.context.theme).toBe(from.context.theme)
      // Only the owner saves, one pick at a time, never the theme already worn or an unknown one.
      if (to.matches('saving') && !from.matches('saving')) {
        expect(to.context.isOwner).toBe(true)
        expect(event.themeId).not.toBe(from.context.theme?.theme_id ?? 0)
        expect(event.themeId).not.toBe(99)
      }
    },
  })

describe('liver theme machine graph', () => {
  it('loads the room’s theme; the owner picks one at a time; a failure keeps the theme', () => {
    const owner = walk(true)
    walks.push(owner)
    expect(owner.states.missing).toEqual([])
    expect(owner.transitions.missing).toEqual([])
    // A viewer never saves.
    const viewer = walk(false)
    expect(viewer.states.missing).toEqual(['saving'])
  })

  it('saves the pick, toasts it and wears the answer; a refusal is reported', async () => {
    const saved: RoomLiverThemeBody[] = []
    const notices: Notice[] = []
    const errors: unknown[] = []
    let refuse = false
    const actor = createActor(
      liverThemeMachine.provide({
        actors: {
          loadTheme: fromPromise(() => Promise.resolve(loaded)),
          saveTheme: fromPromise(({ input }) => {
            saved.push(input)
            if (refuse) return Promise.reject(unknownTheme)
            return Promise.resolve({
              room_id: 7,
              liver_theme: input.theme_id === 2 ? hoshizora : null,
            })
          }),
        },
        actions: {
          notify: (_, notice) => notices.push(notice),
          reportError: (_, { error }) => errors.push(error),
        },
      }),
      { input: { roomId: 7, isOwner: true } },
    ).start()
    const settle = () => new Promise((r) => setTimeout(r, 0))
    await settle()
    expect(actor.getSnapshot().context.theme).toBe(yozakura)
    actor.send({ type: 'theme.pick', themeId: 2 })
    actor.send({ type: 'theme.pick', themeId: 0 })
    await settle()
    expect(saved).toEqual([{ room_id: 7, theme_id: 2 }])
    expect(actor.getSnapshot().context.theme).toBe(hoshizora)
    expect(notices).toEqual([{ tone: 'success', key: 'liverTheme.saved' }])
    actor.send({ type: 'theme.pick', themeId: 0 })
    await settle()
    expect(actor.getSnapshot().context.theme).toBeNull()
    expect(notices[1]).toEqual({ tone: 'success', key: 'liverTheme.cleared' })
    refuse = true
    actor.send({ type: 'theme.pick', themeId: 1 })
    await settle()
    expect(errors).toEqual([unknownTheme])
    expect(actor.getSnapshot().context.theme).toBeNull()
    expect(actor.getSnapshot().matches('ready')).toBe(true)
  })

  it('retries a failed load', async () => {
    let fail = true
    const actor = createActor(
      liverThemeMachine.provide({
        actors: {
          loadTheme: fromPromise(() => (fail ? Promise.reject(lost) : Promise.resolve(loaded))),
        },
      }),
      { input: { roomId: 7, isOwner: false } },
    ).start()
    await new Promise((r) => setTimeout(r, 0))
    expect(actor.getSnapshot().value).toBe('failed')
    fail = false
    actor.send({ type: 'theme.retry' })
    await new Promise((r) => setTimeout(r, 0))
    expect(actor.getSnapshot().context.theme).toBe(yozakura)
  })
})
