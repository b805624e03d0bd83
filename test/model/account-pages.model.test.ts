import { afterAll, describe, expect, it } from 'vitest'
import type { EventFromLogic } from 'xstate'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { mypageMachine } from '../../src/machines/mypage/mypage.machine.ts'
import { passwordResetMachine } from '../../src/machines/password-reset/password-reset.machine.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

const error = new ApiRequestError({
  kind: 'server',
  status: 400,
  message: '認証コードが正しくないか、有効期限が切れています',
  errorType: null,
  redirectUrl: null,
})
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output })
const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, error })

const results: WalkResult[] = []
afterAll(() => {
  for (const r of results) console.log(coverageLine(r))
})

describe('my page machine graph', () => {
  it('reaches every state and transition; a failed save keeps the form with its message', () => {
    const account = { account_id: 'demo_viewer', name: 'デモ', gold: 1 }
    const result = walkMachine(mypageMachine, {
      input: undefined,
      events: [
        { type: 'profile.save', form: { name: 'x', birthday: '' } },
        { type: 'account.retry' },
        done('loadAccount', account),
        failed('loadAccount'),
        done('saveProfile', { ok: 1 }),
        failed('saveProfile'),
      ] as Array<EventFromLogic<typeof mypageMachine>>,
      key: (s) => ({ value: s.value, error: s.context.error, has: s.context.account !== null }),
      invariant: (from, event, to) => {
        if ((event.type as string) === 'xstate.error.actor.saveProfile' && from.matches('saving')) {
          expect(to.matches('ready')).toBe(true)
          expect(to.context.error).toBe(error.message)
          expect(to.context.account).toBe(from.context.account)
        }
      },
    })
    results.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })
})

describe('password reset machine graph', () => {
  it('reaches every state and transition; only a confirmed code finishes', () => {
    const result = walkMachine(passwordResetMachine, {
      input: undefined,
      events: [
        { type: 'reset.start', accountId: ' demo_viewer ' },
        { type: 'reset.send' },
        {
          type: 'reset.finish',
          code: '123456',
          password: 'new-password',
          passwordConfirm: 'new-password',
        },
        { type: 'reset.restart' },
        done('startReset', { phone: '090****0001' }),
        failed('startReset'),
        done('sendCode', { phone: '090****0001' }),
        failed('sendCode'),
        done('finishReset', { ok: 1 }),
        failed('finishReset'),
      ] as Array<EventFromLogic<typeof passwordResetMachine>>,
      key: (s) => ({ value: s.value, error: s.context.error, phone: s.context.phone }),
      invariant: (from, event, to) => {
        if (to.matches('done') && !from.matches('done'))
          expect(from.matches('finishing')).toBe(true)
        if (event.type === 'reset.start' && to.matches('finding'))
          expect(to.context.accountId).toBe('demo_viewer')
      },
    })
    results.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })
})
