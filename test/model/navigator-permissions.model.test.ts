import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type EventFromLogic } from 'xstate'
import type {
  NavigatorEntry,
  NavigatorPermissionBody,
  NavigatorPermissionsAnswer,
} from '../../src/contract/navigator.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import {
  navigatorFormProblems,
  navigatorPermissionsMachine,
  type PermissionsLoad,
  type PermissionsMode,
} from '../../src/machines/navigator/navigator-permissions.machine.ts'
import { coverageLine, mergeWalks, walkMachine, type WalkResult } from './graph-walk.ts'

const lost = new ApiRequestError({ kind: 'network', status: null })
const loggedOut = new ApiRequestError({
  kind: 'server',
  status: 401,
  message: null,
  errorType: null,
  redirectUrl: null,
})
const unknownAccount = new ApiRequestError({
  kind: 'server',
  status: 400,
  message: '入力内容を確認してください',
  errorType: null,
  redirectUrl: null,
  fieldErrors: { account_id: 'このアカウントIDのユーザーはいません' },
})

const navigator = (accountId: string, rights: NavigatorEntry['rights']): NavigatorEntry => ({
  user_id: accountId.length,
  account_id: accountId,
  name: `ナビ ${accountId}`,
  avatar_url: '/img/avatar/2.svg',
  rights,
  updated_at: 1_764_000_000,
})
const answer = (
  canEdit: boolean,
  navigators: NavigatorEntry[] = [navigator('nav_a', ['telop'])],
): NavigatorPermissionsAnswer => ({
  room_id: 7,
  room_name: 'デモライバーの部屋',
  room_url_key: 'demo_liver_room',
  organizer: { user_id: 9, name: 'きらりイベント' },
  can_edit: canEdit,
  navigators,
})
const organizerLoad: PermissionsLoad = { roomId: 7, permissions: answer(true), link: null }
const ownerLoad: PermissionsLoad = {
  roomId: 7,
  permissions: answer(false),
  link: { organizer_name: 'きらりイベント', status: 'pending' },
}
const saved = answer(true, [navigator('nav_a', ['telop']), navigator('nav_bb', ['stats'])])

const events = [
  { type: 'xstate.done.actor.loadPermissions', output: organizerLoad },
  { type: 'xstate.done.actor.loadPermissions', output: ownerLoad },
  { type: 'xstate.error.actor.loadPermissions', error: lost },
  { type: 'xstate.error.actor.loadPermissions', error: loggedOut },
  { type: 'permissions.retry' },
  { type: 'navigator.add' },
  { type: 'navigator.edit', accountId: 'nav_a' },
  { type: 'navigator.edit', accountId: 'ghost' },
  { type: 'navigator.revoke', accountId: 'nav_a' },
  { type: 'navigator.revoke', accountId: 'ghost' },
  { type: 'form.account', value: 'nav_bb' },
  { type: 'form.account', value: '' },
  { type: 'form.right', right: 'telop', on: true },
  { type: 'form.right', right: 'telop', on: false },
  { type: 'form.submit' },
  { type: 'form.cancel' },
  { type: 'link.accept' },
  { type: 'link.decline' },
  { type: 'confirm.yes' },
  { type: 'confirm.no' },
  { type: 'xstate.done.actor.savePermission', output: saved },
  { type: 'xstate.error.actor.savePermission', error: unknownAccount },
  { type: 'xstate.error.actor.savePermission', error: loggedOut },
  { type: 'xstate.error.actor.savePermission', error: lost },
  {
    type: 'xstate.done.actor.decideLink',
    output: { link: { organizer_name: 'きらりイベント', status: 'accepted' } },
  },
  { type: 'xstate.done.actor.decideLink', output: { link: null } },
  { type: 'xstate.error.actor.decideLink', error: loggedOut },
  { type: 'xstate.error.actor.decideLink', error: lost },
] as Array<EventFromLogic<typeof navigatorPermissionsMachine>>

type Snapshot = ReturnType<typeof navigatorPermissionsMachine.transition>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

function walk(mode: PermissionsMode) {
  return walkMachine(navigatorPermissionsMachine, {
    input: { mode, roomId: mode === 'organizer' ? 7 : 0, roomUrlKey: 'demo_liver_room' },
    events,
    key: (s) => ({
      value: s.value,
      canEdit: s.context.answer?.can_edit,
      count: s.context.answer?.navigators.length,
      link: s.context.link?.status ?? null,
      form: s.context.form,
      errors: s.context.fieldErrors,
      revoking: s.context.revoking,
      decision: s.context.decision,
    }),
    invariant: (from: Snapshot, sent, to: Snapshot) => {
      const event = sent as { type: string; error?: unknown }
      // What was typed survives every refusal and failure of a save.
      if (from.matches('saving') && event.type.startsWith('xstate.error.'))
        expect(to.context.form).toEqual(from.context.form)
      if (from.matches('saving') && event.error === unknownAccount)
        expect(to.context.fieldErrors.account_id).toBe('このアカウントIDのユーザーはいません')
      // Only a form its own check passes is sent.
      if (to.matches('saving') && !from.matches('saving')) {
        expect(to.context.form).not.toBeNull()
        if (to.context.form) expect(navigatorFormProblems(to.context.form)).toEqual({})
      }
      // The owner only reads; the organizer alone edits, and only the owner answers a link.
      if (to.context.mode === 'owner' || to.context.answer?.can_edit === false) {
        if (!from.matches('editing')) expect(to.matches('editing')).toBe(false)
        expect(to.matches('confirmingRevoke')).toBe(false)
      }
      if (to.context.mode === 'organizer') expect(to.matches('confirmingLink')).toBe(false)
      // A revocation is always asked first.
      if (to.matches('revoking') && !from.matches('revoking'))
        expect(from.matches('confirmingRevoke')).toBe(true)
      if (to.matches('deciding') && !from.matches('deciding'))
        expect(from.matches('confirmingLink')).toBe(true)
      // An existing navigator's account id is never retyped.
      if (from.context.form?.isNew === false && to.context.form)
        expect(to.context.form.accountId).toBe(from.context.form.accountId)
    },
  })
}

describe('navigator permissions machine graph', () => {
  it('grants, changes and revokes (after a confirm) on the organizer’s page; the owner reads and answers the link', () => {
    const merged = mergeWalks([walk('organizer'), walk('owner')])
    walks.push(merged)
    expect(merged.states.missing).toEqual([])
    expect(merged.transitions.missing).toEqual([])
  })

  it('sends the new navigator as typed, and a revocation as an empty list', async () => {
    const sent: NavigatorPermissionBody[] = []
    const actor = createActor(
      navigatorPermissionsMachine.provide({
        actors: {
          loadPermissions: fromPromise(() => Promise.resolve(organizerLoad)),
          savePermission: fromPromise(({ input }) => {
            sent.push(input)
            return Promise.resolve(saved)
          }),
        },
      }),
      { input: { mode: 'organizer', roomId: 7, roomUrlKey: '' } },
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'navigator.add' })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      account_id: 'navigator.accountRequired',
      rights: 'navigator.rightsRequired',
    })
    actor.send({ type: 'form.account', value: '  nav_bb ' })
    actor.send({ type: 'form.right', right: 'stats', on: true })
    actor.send({ type: 'form.right', right: 'telop', on: true })
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'navigator.revoke', accountId: 'nav_a' })
    expect(actor.getSnapshot().value).toBe('confirmingRevoke')
    actor.send({ type: 'confirm.yes' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(sent).toEqual([
      { room_id: 7, account_id: 'nav_bb', rights: ['stats', 'telop'] },
      { room_id: 7, account_id: 'nav_a', rights: [] },
    ])
    actor.stop()
  })
})
