import { assertEvent, enqueueActions } from 'xstate'
import {
  NETWORK_MESSAGE_KEY,
  SYSTEM_MESSAGE_KEY,
  TIMEOUT_MESSAGE_KEY,
} from '../../domain/api-failure.ts'
import { ageGateRedirectOf, allowedRedirectOf, appSetup, termsRedirectOf } from './app.setup.ts'

export type { AppContext, AppEmitted, AppEvent, AppInput, SessionSnapshot } from './app.setup.ts'

/** The app shell: session and on-air count before every route, locale, menu, global errors. */
export const appMachine = appSetup.createMachine({
  id: 'app',
  type: 'parallel',
  context: ({ input }) => ({
    ...input,
    user: null,
    onliveNum: null,
    error: null,
    statusCode: null,
    seq: 0,
    navigation: null,
    pendingLocale: null,
    termsReturnPath: null,
  }),
  on: {
    'wallet.updated': {
      actions: 'updateWallet',
      description: 'A gift or a gacha draw answered the new balance: the header shows it.',
    },
    'api.failed': [
      { guard: 'isAborted', description: 'The caller gave up: nothing to show.' },
      {
        guard: 'isTimeout',
        description: 'SPEC §8: a timeout sets the error flag with 通信エラーが発生しました.',
        actions: { type: 'setError', params: { key: TIMEOUT_MESSAGE_KEY } },
      },
      {
        guard: 'isNetworkFailure',
        description: 'SPEC §8: a network error sets the flag and shows an error toast.',
        actions: [
          { type: 'setError', params: { key: NETWORK_MESSAGE_KEY } },
          { type: 'notify', params: { tone: 'error', key: NETWORK_MESSAGE_KEY } },
        ],
      },
      {
        guard: 'isMaintenanceFailure',
        description: 'SPEC §8: 503 shows nothing and leads to /maintenance.',
        actions: ['markMaintenance', { type: 'navigateTo', params: { href: '/maintenance' } }],
      },
      {
        guard: 'hasAllowedRedirect',
        description:
          'errors[0].redirect_url on our site or an allow-listed host: go there (replace).',
        // Where the failure says (`hasAllowedRedirect` has just found it allowed).
        actions: enqueueActions(({ context, event, enqueue }) => {
          const href = allowedRedirectOf(context, event.failure)
          if (href !== null) enqueue({ type: 'navigateExternal', params: { href } })
        }),
      },
      {
        guard: 'hasRefusedRedirect',
        description: 'A redirect to a host that is not allowed is refused with a message.',
        actions: { type: 'notify', params: { tone: 'error', key: 'L_NAVIGATION_NOT_ALLOWED' } },
      },
      {
        description: "Otherwise the server's error_user_msg, or the system error text.",
        actions: {
          type: 'notify',
          params: ({ event }) =>
            event.failure.kind === 'server' && event.failure.message
              ? { tone: 'error' as const, text: event.failure.message }
              : { tone: 'error' as const, key: SYSTEM_MESSAGE_KEY },
        },
      },
    ],
    'error.dismiss': { actions: 'clearError' },
    'chunk.failed': [
      {
        guard: 'mayReloadChunk',
        description: 'SPEC §8: reload at most once per 10 s per path.',
        actions: [
          'recordChunkReload',
          { type: 'rememberChunkReloads', params: ({ context }) => context.chunkReloads },
          'reloadPage',
        ],
      },
      { actions: { type: 'notify', params: { tone: 'error', key: 'L_CHUNK_LOAD_FAILED' } } },
    ],
    'auth.required': [
      {
        guard: 'isLoginRequired',
        description: 'An anonymous visitor hit a guarded page: back home, and ask for a login.',
        actions: [
          'requestLogin',
          { type: 'notify', params: { tone: 'show', key: 'L_LOGIN_REQUIRED' } },
        ],
      },
      { actions: { type: 'notify', params: { tone: 'error', key: 'L_FORBIDDEN' } } },
    ],
  },
  states: {
    navigation: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'navigation.start': { target: 'guarding', actions: 'beginNavigation' },
            'session.refresh': {
              target: 'guarding',
              actions: 'refreshNavigation',
              description:
                'After the account changed (e.g. SMS authentication): load the user again.',
            },
            'navigation.done': {
              actions: {
                type: 'trackPageView',
                params: ({ event }) => ({ path: event.path, title: event.title }),
              },
            },
          },
        },
        guarding: {
          description: 'Loads the current user and the on-air count, then applies the age gate.',
          invoke: {
            id: 'loadSession',
            src: 'loadSession',
            onDone: [
              {
                guard: {
                  type: 'needsNewTerms',
                  params: ({ event }) => ({ user: event.output.user }),
                },
                target: 'idle',
                description:
                  'New terms not agreed to yet: their agree_new_terms page first (SPEC §2), then back.',
                actions: [
                  { type: 'storeSession', params: ({ event }) => event.output },
                  'holdTermsReturn',
                  {
                    type: 'decide',
                    params: ({ context, event }) => ({
                      redirectTo: termsRedirectOf(context, event.output.user),
                    }),
                  },
                ],
              },
              {
                guard: {
                  type: 'failsAgeGate',
                  params: ({ event }) => ({ user: event.output.user }),
                },
                target: 'idle',
                description:
                  'No birthday: back to the home page; under 13 without agreement: to the page where a guardian gives it.',
                actions: [
                  { type: 'storeSession', params: ({ event }) => event.output },
                  'holdTermsReturn',
                  {
                    type: 'decide',
                    params: ({ context, event }) => ({
                      redirectTo: ageGateRedirectOf(context, event.output.user),
                    }),
                  },
                  {
                    type: 'notify',
                    params: ({ context, event }) => ({
                      tone: 'show' as const,
                      key:
                        ageGateRedirectOf(context, event.output.user) === '/'
                          ? 'L_AGE_GATE'
                          : 'L_AGE_GATE_GUARDIAN',
                    }),
                  },
                ],
              },
              {
                target: 'idle',
                actions: [
                  { type: 'storeSession', params: ({ event }) => event.output },
                  { type: 'decide', params: { redirectTo: null } },
                ],
              },
            ],
            onError: [
              {
                guard: { type: 'isMaintenance', params: ({ event }) => ({ error: event.error }) },
                target: 'idle',
                actions: [
                  'markMaintenance',
                  { type: 'decide', params: { redirectTo: '/maintenance' } },
                ],
              },
              {
                target: 'idle',
                description: 'The page still opens; the failure is reported like any other.',
                actions: [
                  { type: 'decide', params: { redirectTo: null } },
                  { type: 'setError', params: { key: NETWORK_MESSAGE_KEY } },
                ],
              },
            ],
          },
          on: {
            'navigation.start': {
              target: 'guarding',
              reenter: true,
              description:
                'A newer navigation replaces the one being checked; the old one is let go on (the router drops it).',
              actions: [{ type: 'decide', params: { redirectTo: null } }, 'beginNavigation'],
            },
          },
        },
      },
    },
    locale: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            'locale.set': { guard: 'isOtherLocale', target: 'switching', actions: 'holdLocale' },
            'locale.sync': {
              actions: { type: 'setLocale', params: ({ event }) => ({ locale: event.locale }) },
            },
          },
        },
        switching: {
          description: 'SPEC §2: load the messages first, then redirect to the localized path.',
          invoke: {
            id: 'loadMessages',
            src: 'loadMessages',
            // The locale asked for: `switching` is only entered by a `locale.set`.
            input: ({ event }) => {
              assertEvent(event, 'locale.set')
              return { locale: event.locale }
            },
            onDone: {
              target: 'ready',
              // The switch held on the way in (`holdLocale`): shown, stored, and the page
              // asked for in it.
              actions: enqueueActions(({ context, enqueue }) => {
                const pending = context.pendingLocale
                if (pending) {
                  const { locale, path } = pending
                  enqueue({ type: 'setLocale', params: { locale } })
                  enqueue({ type: 'persistLocale', params: { locale } })
                  enqueue({ type: 'relocalize', params: { locale, path } })
                }
                enqueue('dropPendingLocale')
              }),
            },
            onError: {
              target: 'ready',
              actions: [
                'dropPendingLocale',
                { type: 'notify', params: { tone: 'error', key: 'L_LOCALE_LOAD_FAILED' } },
              ],
            },
          },
          on: {
            'locale.set': {
              guard: 'isOtherLocale',
              target: 'switching',
              reenter: true,
              actions: 'holdLocale',
            },
          },
        },
      },
    },
    menu: {
      initial: 'closed',
      states: {
        closed: { on: { 'menu.toggle': 'open' } },
        open: {
          on: {
            'menu.toggle': 'closed',
            'menu.close': 'closed',
            'navigation.start': {
              target: 'closed',
              description: 'SPEC §2: the menu closes before every navigation.',
            },
          },
        },
      },
    },
  },
})
