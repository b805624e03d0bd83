import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import { ageGateRedirect } from '../../domain/age-gate.ts'
import type { ApiFailure, Notice } from '../../domain/api-failure.ts'
import type { CurrentUser, ServiceSettings } from '../../domain/api-types.ts'
import { mayReloadChunk, type ChunkReloads } from '../../domain/chunk-reload.ts'
import type { Locale } from '../../domain/locale.ts'
import { checkNavigation } from '../../domain/navigation.ts'
import { newTermsRedirect } from '../../domain/terms.ts'
import { notProvided } from '../not-provided.ts'

/** What is loaded before every route (SPEC.md §2). */
export interface SessionSnapshot {
  user: CurrentUser
  onliveNum: number
}

export interface AppInput {
  locale: Locale
  origin: string
  isWebview: boolean
  settings: ServiceSettings
  chunkReloads: ChunkReloads
}

export interface AppContext extends AppInput {
  user: CurrentUser | null
  onliveNum: number | null
  /** SPEC.md §4 error state: set by network and timeout errors, cleared by the user. */
  error: { key: string } | null
  /** 503 while the service is in maintenance. */
  statusCode: number | null
  seq: number
  navigation: { seq: number; path: string; nowMs: number } | null
  pendingLocale: { locale: Locale; path: string } | null
  /**
   * The page an account was on when it was sent to agree to new terms, or to get a guardian's
   * consent (under 13): it goes back there.
   */
  termsReturnPath: string | null
}

export type AppEvent =
  | { type: 'navigation.start'; path: string; nowMs: number }
  | { type: 'navigation.done'; path: string; title: string }
  | { type: 'session.refresh'; nowMs: number }
  | { type: 'menu.toggle' }
  | { type: 'menu.close' }
  | { type: 'locale.set'; locale: Locale; path: string }
  | { type: 'locale.sync'; locale: Locale }
  | { type: 'api.failed'; failure: ApiFailure }
  | { type: 'error.dismiss' }
  | { type: 'chunk.failed'; path: string; nowMs: number }
  | { type: 'auth.required'; reason: 'login-required' | 'forbidden' }
  | { type: 'wallet.updated'; gold: number; expiringGold: number }

/** What the app machine tells the page around it (`app.on(type, …)`), rather than flags to read. */
export type AppEmitted =
  /** The answer to navigation `seq`: go on (null), or go to `redirectTo` first. */
  | { type: 'navigation.decided'; seq: number; redirectTo: string | null }
  /** A guard met an anonymous visitor: the login modal opens. */
  | { type: 'login.requested' }

const failure = (event: AppEvent) => {
  assertEvent(event, 'api.failed')
  return event.failure
}

/**
 * Where a failure's `errors[0].redirect_url` leads, when it is on our site or an allow-listed
 * host; null with none, or one refused. The guard that follows it and the navigation read it here.
 */
export function allowedRedirectOf(
  context: Pick<AppContext, 'origin' | 'settings'>,
  f: ApiFailure,
): string | null {
  if (f.kind !== 'server' || !f.redirectUrl) return null
  const check = checkNavigation(f.redirectUrl, {
    origin: context.origin,
    allowedHosts: context.settings.external_hosts,
  })
  return check.ok ? check.href : null
}

/** The agree_new_terms page `user` is sent to from the page being opened, or null. */
export function termsRedirectOf(
  context: Pick<AppContext, 'navigation' | 'isWebview'>,
  user: CurrentUser,
): string | null {
  if (context.navigation === null) return null
  return newTermsRedirect(user, { path: context.navigation.path, isWebview: context.isWebview })
}

/**
 * Where the age gate sends `user` from the page being opened: home (no birthday), the guardian
 * consent page (under 13 without agreement), or null to let them through.
 */
export function ageGateRedirectOf(
  context: Pick<AppContext, 'navigation' | 'isWebview'>,
  user: CurrentUser,
): string | null {
  if (context.navigation === null) return null
  return ageGateRedirect(user, {
    path: context.navigation.path,
    nowMs: context.navigation.nowMs,
    isWebview: context.isWebview,
  })
}

/** Effects and rules of the app machine, named so tests and src/main.tsx can provide them. */
export const appSetup = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
    emitted: {} as AppEmitted,
  },
  actors: {
    loadSession: fromPromise<SessionSnapshot>(notProvided('loadSession')),
    loadMessages: fromPromise<unknown, { locale: Locale }>(notProvided('loadMessages')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    navigateTo: (_, _params: { href: string }) => {},
    navigateExternal: (_, _params: { href: string }) => {},
    reloadPage: () => {},
    rememberChunkReloads: (_, _reloads: ChunkReloads) => {},
    persistLocale: (_, _params: { locale: Locale }) => {},
    relocalize: (_, _params: { locale: Locale; path: string }) => {},
    trackPageView: (_, _params: { path: string; title: string }) => {},

    beginNavigation: assign(({ context, event }) => {
      assertEvent(event, 'navigation.start')
      const seq = context.seq + 1
      return { seq, navigation: { seq, path: event.path, nowMs: event.nowMs } }
    }),
    /**
     * The account changed: the page on show is checked again, now. Before the first navigation
     * there is no page yet, and none is made up (the age gate then has nothing to check).
     */
    refreshNavigation: assign(({ context, event }) => {
      assertEvent(event, 'session.refresh')
      const seq = context.seq + 1
      const shown = context.navigation
      return { seq, navigation: shown && { seq, path: shown.path, nowMs: event.nowMs } }
    }),
    storeSession: assign((_, session: SessionSnapshot) => ({
      user: session.user,
      onliveNum: session.onliveNum,
      statusCode: null,
    })),
    decide: emit(({ context }, params: { redirectTo: string | null }) => ({
      type: 'navigation.decided' as const,
      seq: context.seq,
      redirectTo: params.redirectTo,
    })),
    setError: assign((_, params: { key: string }) => ({ error: { key: params.key } })),
    clearError: assign({ error: null }),
    markMaintenance: assign({ statusCode: 503 }),
    setLocale: assign((_, params: { locale: Locale }) => ({ locale: params.locale })),
    holdLocale: assign(({ event }) => {
      assertEvent(event, 'locale.set')
      return { pendingLocale: { locale: event.locale, path: event.path } }
    }),
    dropPendingLocale: assign({ pendingLocale: null }),
    holdTermsReturn: assign(({ context }) => ({
      termsReturnPath: context.navigation?.path ?? null,
    })),
    recordChunkReload: assign(({ context, event }) => {
      assertEvent(event, 'chunk.failed')
      return { chunkReloads: { ...context.chunkReloads, [event.path]: event.nowMs } }
    }),
    updateWallet: assign(({ context, event }) => {
      assertEvent(event, 'wallet.updated')
      // An anonymous visitor has no wallet to show.
      if (!context.user) return {}
      return { user: { ...context.user, gold: event.gold, expiring_gold: event.expiringGold } }
    }),
    requestLogin: emit({ type: 'login.requested' as const }),
  },
  guards: {
    needsNewTerms: ({ context }, params: { user: CurrentUser }) =>
      termsRedirectOf(context, params.user) !== null,
    failsAgeGate: ({ context }, params: { user: CurrentUser }) =>
      ageGateRedirectOf(context, params.user) !== null,
    isMaintenance: (_, params: { error: unknown }) =>
      params.error instanceof Error &&
      'failure' in params.error &&
      (params.error as { failure: ApiFailure }).failure.kind === 'maintenance',
    isAborted: ({ event }) => failure(event).kind === 'aborted',
    isTimeout: ({ event }) => failure(event).kind === 'timeout',
    isNetworkFailure: ({ event }) => failure(event).kind === 'network',
    isMaintenanceFailure: ({ event }) => failure(event).kind === 'maintenance',
    hasAllowedRedirect: ({ context, event }) => allowedRedirectOf(context, failure(event)) !== null,
    hasRefusedRedirect: ({ event }) => {
      const f = failure(event)
      return f.kind === 'server' && f.redirectUrl !== null
    },
    /** Another locale than the one shown, or than the one already being switched to. */
    isOtherLocale: ({ context, event }) => {
      assertEvent(event, 'locale.set')
      return event.locale !== (context.pendingLocale?.locale ?? context.locale)
    },
    mayReloadChunk: ({ context, event }) => {
      assertEvent(event, 'chunk.failed')
      return mayReloadChunk(context.chunkReloads, event.path, event.nowMs)
    },
    isLoginRequired: ({ event }) => {
      assertEvent(event, 'auth.required')
      return event.reason === 'login-required'
    },
  },
})
