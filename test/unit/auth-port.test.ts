import { describe, expect, it } from 'vitest'
import { authPort, type AuthEvent } from '../../src/auth-port.ts'
import type { AuthActor } from '../../src/auth-port.ts'

/** A stand-in actor that records what it is sent. */
function recorder() {
  const sent: AuthEvent[] = []
  const actor = { send: (event: AuthEvent) => void sent.push(event) } as unknown as AuthActor
  return { actor, sent }
}

const open = { type: 'login.open', kind: 1 } as const
const register = { type: 'register.open' } as const
const sms = { type: 'sms.open' } as const

describe('auth port', () => {
  it('loads the actor on the first event and delivers every event sent meanwhile, in order', async () => {
    const { actor, sent } = recorder()
    let starts = 0
    let release: (a: AuthActor) => void = () => {}
    const port = authPort(() => {
      starts++
      return new Promise<AuthActor>((resolve) => (release = resolve))
    })
    expect(port.current()).toBeNull()
    port.send(open)
    port.send(register)
    expect(starts).toBe(1)
    expect(sent).toEqual([])

    let heard = 0
    port.subscribe(() => heard++)
    release(actor)
    await port.load()
    // Sent at once, but after the two that waited.
    port.send(sms)
    await new Promise((r) => setTimeout(r, 0))
    expect(sent).toEqual([open, register, sms])
    expect(port.current()).toBe(actor)
    expect(heard).toBe(1)
    port.send(open)
    expect(sent).toHaveLength(4)
  })

  it('tries again on the next event when its code failed to load', async () => {
    const { actor, sent } = recorder()
    let starts = 0
    const port = authPort(() =>
      ++starts === 1 ? Promise.reject(new Error('chunk failed')) : Promise.resolve(actor),
    )
    port.send(open)
    await expect(port.load()).rejects.toThrow('chunk failed')
    expect(sent).toEqual([])
    port.send(register)
    await port.load()
    await new Promise((r) => setTimeout(r, 0))
    expect(starts).toBe(2)
    expect(sent).toEqual([register])
  })
})
