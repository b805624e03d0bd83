import { createContext, useCallback, useContext } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { appMachine } from '../machines/app/app.machine.ts'
import type { authMachine } from '../machines/auth/auth.machine.ts'
import type { Locale } from '../domain/locale.ts'
import { translate, translateValue } from '../effects/i18n.ts'

export type AppActor = ActorRefFrom<typeof appMachine>
export type AppSnapshot = SnapshotFrom<typeof appMachine>

export type AuthActor = ActorRefFrom<typeof authMachine>

export const AppActorContext = createContext<AppActor | null>(null)
export const AuthActorContext = createContext<AuthActor | null>(null)

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
