import { createContext, useCallback, useContext } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import type {
  ActorOptions,
  ActorRefFrom,
  AnyActorLogic,
  InspectionEvent,
  Observer,
  SnapshotFrom,
} from 'xstate'
import type { appMachine } from '../machines/app/app.machine.ts'
import type { Locale } from '../domain/locale.ts'
import type { AuthActor, AuthPort } from '../auth-port.ts'
import { translate, translateValue } from '../effects/i18n.ts'

export type AppActor = ActorRefFrom<typeof appMachine>
export type AppSnapshot = SnapshotFrom<typeof appMachine>

export const AppActorContext = createContext<AppActor | null>(null)
/** The auth actor, loaded: given to the auth modals once it is there (AuthModals.tsx). */
export const AuthActorContext = createContext<AuthActor | null>(null)
/** The auth actor as any view reaches it, loaded or not (src/auth-port.ts). */
export const AuthPortContext = createContext<AuthPort | null>(null)
/** The app's `inspect` observer (the flow visualizer), when it has one. */
export const InspectContext = createContext<Observer<InspectionEvent> | undefined>(undefined)

/** `useActorRef` with the app's inspector, so the flow visualizer sees the page's actors. */
export function usePageActor<L extends AnyActorLogic>(logic: L, options: ActorOptions<L> = {}) {
  const inspect = useContext(InspectContext)
  return useActorRef(logic, inspect ? { ...options, inspect } : options)
}

/** Sends to the auth actor from any view (it loads on the first event if need be). */
export function useAuth(): AuthPort {
  const port = useContext(AuthPortContext)
  if (!port) throw new Error('useAuth outside <AuthPortContext.Provider>')
  return port
}

export function useAuthActor(): AuthActor {
  const actor = useContext(AuthActorContext)
  if (!actor) throw new Error('useAuthActor outside <AuthActorContext.Provider>')
  return actor
}

export function useAppActor(): AppActor {
  const actor = useContext(AppActorContext)
  if (!actor) throw new Error('useAppActor outside <AppActorContext.Provider>')
  return actor
}

/** A narrow slice of the app's state; re-renders only when the slice changes. */
export function useApp<T>(
  select: (snapshot: AppSnapshot) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(useAppActor(), select, compare)
}

export const selectLocale = (s: AppSnapshot): Locale => s.context.locale

/** `t(key, params)` in the active locale; re-renders when the locale changes. */
export function useT() {
  const locale = useApp(selectLocale)
  const t = useCallback(
    (key: string, params?: Record<string, unknown>) => translate(locale, key, params),
    [locale],
  )
  const tv = useCallback((key: string) => translateValue(locale, key), [locale])
  return { t, tv, locale }
}
