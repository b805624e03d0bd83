import type { ActorRefFrom, EventFromLogic } from 'xstate'
import type { authMachine } from './machines/auth/auth.machine.ts'
import { once } from './lazy-once.ts'

export type AuthEvent = EventFromLogic<typeof authMachine>
/** The auth actor once loaded (here, not in the views, so the views import this file and not back). */
export type AuthActor = ActorRefFrom<typeof authMachine>

/**
 * The auth actor as the site reaches it before its code has loaded: events sent meanwhile load
 * it and then go to it, in order. Only the modals, which open once it is there, read its state.
 */
export interface AuthPort {
  send: (event: AuthEvent) => void
  /** Loads the actor (once) and resolves with it. */
  load: () => Promise<AuthActor>
  /** The actor once loaded, else null; `subscribe` hears when it arrives. */
  current: () => AuthActor | null
  subscribe: (listener: () => void) => () => void
}

export function authPort(start: () => Promise<AuthActor>): AuthPort {
  let actor: AuthActor | null = null
  /** Events sent before the actor was there, not yet delivered: later ones wait behind them. */
  let waiting = 0
  const listeners = new Set<() => void>()
  // A chunk that failed to load may load on the next try.
  const load = once(() =>
    start().then((started) => {
      actor = started
      for (const listener of listeners) listener()
      return started
    }),
  )
  return {
    send: (event) => {
      if (actor && waiting === 0) {
        actor.send(event)
        return
      }
      waiting++
      void load()
        .then(
          (a) => a.send(event),
          () => {},
        )
        .finally(() => waiting--)
    },
    load,
    current: () => actor,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
