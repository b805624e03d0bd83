import { describe, expect, it } from 'vitest'
import { isRedirect } from '@tanstack/react-router'
import { createActor, fromPromise } from 'xstate'
import { ForbiddenPageError } from '../../src/domain/access.ts'
import { appMachine, type SessionSnapshot } from '../../src/machines/app/app.machine.ts'
import { requireAccess } from '../../src/routes/-guards.ts'
import { settings, user } from '../model/fixtures.ts'

function appWith(u: ReturnType<typeof user> | null) {
  // The session load is answered by hand below.
  const machine = appMachine.provide({
    actors: { loadSession: fromPromise(() => new Promise<SessionSnapshot>(() => {})) },
  })
  const app = createActor(machine, {
    input: {
      locale: 'ja',
      origin: 'http://localhost',
      isWebview: false,
      settings,
      chunkReloads: {},
    },
  }).start()
  if (u) {
    // What the root route's session load leaves behind.
    app.send({ type: 'navigation.start', path: '/mypage', nowMs: 0 })
    app.send({ type: 'xstate.done.actor.loadSession', output: { user: u, onliveNum: 0 } } as never)
  }
  return app
}

/** The login requests the app machine emits from now on. */
function loginRequests(app: ReturnType<typeof appWith>) {
  const asked: unknown[] = []
  app.on('login.requested', (e) => asked.push(e))
  return asked
}

function thrown(fn: () => void): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  return undefined
}

describe('route guards', () => {
  it('send an anonymous visitor to / and ask for a login', () => {
    const app = appWith(null)
    const asked = loginRequests(app)
    const error = thrown(() => requireAccess('auth')({ context: { app } }))
    expect(isRedirect(error)).toBe(true)
    expect((error as { options: { to: string } }).options.to).toBe('/')
    expect(asked).toHaveLength(1)
  })

  it('let a viewer into auth and auth-user pages, but not organizer pages', () => {
    const app = appWith(user())
    const asked = loginRequests(app)
    expect(thrown(() => requireAccess('auth')({ context: { app } }))).toBeUndefined()
    expect(thrown(() => requireAccess('auth-user')({ context: { app } }))).toBeUndefined()
    // Not this kind of account: the 403 page in the page's place, no redirect, no login asked.
    expect(thrown(() => requireAccess('auth-organizer')({ context: { app } }))).toBeInstanceOf(
      ForbiddenPageError,
    )
    expect(asked).toEqual([])
  })

  it('let an organizer into organizer pages only', () => {
    const app = appWith(user({ is_organizer: true }))
    expect(thrown(() => requireAccess('auth-organizer')({ context: { app } }))).toBeUndefined()
    expect(thrown(() => requireAccess('auth-user')({ context: { app } }))).toBeInstanceOf(
      ForbiddenPageError,
    )
  })
})
