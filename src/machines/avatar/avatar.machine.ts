import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type {
  AvatarFavAnswer,
  AvatarsAnswer,
  ChooseAvatarAnswer,
  OwnedAvatar,
} from '../../contract/avatar.ts'
import { failureOf, type Notice, isLoginLost } from '../../domain/api-failure.ts'
import { notProvided } from '../not-provided.ts'

export interface AvatarContext {
  /** The avatars owned, in the server's order (favourites first, as the page was opened). */
  avatars: OwnedAvatar[]
  currentAvatarId: number
  /** The favourites filter: only the avatars marked as favourites show. */
  favsOnly: boolean
  /** The avatar whose request (wear it, or mark it) is on its way; null when none is. */
  pendingId: number | null
}

export type AvatarEvent =
  | { type: 'avatar.choose'; avatarId: number }
  | { type: 'avatar.fav'; avatarId: number; isFav: boolean }
  | { type: 'avatar.filter'; favsOnly: boolean }
  | { type: 'avatar.retry' }

/** The server's message for a refused avatar (`field_errors.avatar_id`); null for other failures. */
function refusal(error: unknown): string | null {
  const failure = failureOf(error)
  return failure.kind === 'server' ? (failure.fieldErrors?.avatar_id ?? null) : null
}

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error })

/** The failures of a request, in order: a refusal says why, a lost login asks for it again. */
const failed = [
  {
    guard: { type: 'isRefused', params: errorParams },
    target: 'ready',
    description: 'Not owned (any more): the server’s reason shows as a toast; nothing changed.',
    actions: [
      'release',
      {
        type: 'notify',
        params: ({ event }: { event: { error: unknown } }) => ({
          tone: 'error' as const,
          text: refusal(event.error) ?? '',
        }),
      },
    ],
  },
  {
    guard: { type: 'isLoginLost', params: errorParams },
    target: 'ready',
    description: 'The login has expired: the login modal opens; the page stays as it was.',
    actions: ['release', 'requireLogin'],
  },
  { target: 'ready', actions: ['release', { type: 'reportError', params: errorParams }] },
] as const

/**
 * `/user_avatar`: the avatars the user owns, wearing one (the header, comments and gift logs
 * show it from then on) and marking favourites; one request at a time, a failure keeps the page.
 */
export const avatarMachine = setup({
  types: {
    context: {} as AvatarContext,
    events: {} as AvatarEvent,
  },
  actors: {
    loadAvatars: fromPromise<AvatarsAnswer>(notProvided('loadAvatars')),
    chooseAvatar: fromPromise<ChooseAvatarAnswer, { avatarId: number }>(
      notProvided('chooseAvatar'),
    ),
    setAvatarFav: fromPromise<AvatarFavAnswer, { avatarId: number; isFav: boolean }>(
      notProvided('setAvatarFav'),
    ),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    requireLogin: () => {},
    /** The avatar worn changed: the app's user (the header) is loaded again. */
    avatarChanged: (_, _params: { avatarId: number; avatarUrl: string }) => {},
    store: assign((_, answer: AvatarsAnswer) => ({
      avatars: answer.avatars,
      currentAvatarId: answer.current_avatar_id,
    })),
    hold: assign(({ event }) => {
      assertEvent(event, ['avatar.choose', 'avatar.fav'])
      return { pendingId: event.avatarId }
    }),
    release: assign({ pendingId: null }),
    wear: assign((_, answer: ChooseAvatarAnswer) => ({
      currentAvatarId: answer.avatar_id,
      pendingId: null,
    })),
    /** The mark as the server answered it; the list keeps its order, so nothing jumps. */
    mark: assign(({ context }, answer: AvatarFavAnswer) => ({
      avatars: context.avatars.map((a) =>
        a.avatar_id === answer.avatar_id ? { ...a, is_fav: answer.is_fav } : a,
      ),
      pendingId: null,
    })),
    filter: assign(({ event }) => {
      assertEvent(event, 'avatar.filter')
      return { favsOnly: event.favsOnly }
    }),
  },
  guards: {
    /** An avatar on the list, not the one worn: wearing it again would change nothing. */
    mayChoose: ({ context, event }) => {
      assertEvent(event, 'avatar.choose')
      return (
        event.avatarId !== context.currentAvatarId &&
        context.avatars.some((a) => a.avatar_id === event.avatarId)
      )
    },
    /** An avatar on the list whose mark is not already what is asked. */
    mayFav: ({ context, event }) => {
      assertEvent(event, 'avatar.fav')
      return context.avatars.some((a) => a.avatar_id === event.avatarId && a.is_fav !== event.isFav)
    },
    isRefused: (_, { error }: { error: unknown }) => refusal(error) !== null,
    isLoginLost: (_, { error }: { error: unknown }) => isLoginLost(error),
  },
}).createMachine({
  id: 'avatar',
  context: { avatars: [], currentAvatarId: 0, favsOnly: false, pendingId: null },
  initial: 'loading',
  on: {
    'avatar.filter': {
      actions: 'filter',
      description: 'The favourites filter only changes what shows, in every state.',
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadAvatars',
        src: 'loadAvatars',
        onDone: {
          target: 'ready',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: { target: 'loadFailed', actions: { type: 'reportError', params: errorParams } },
      },
    },
    loadFailed: { on: { 'avatar.retry': 'loading' } },
    ready: {
      on: {
        'avatar.choose': { guard: 'mayChoose', target: 'choosing', actions: 'hold' },
        'avatar.fav': { guard: 'mayFav', target: 'faving', actions: 'hold' },
      },
    },
    choosing: {
      description: 'Wearing the avatar: other choices and marks wait until the answer.',
      invoke: {
        id: 'chooseAvatar',
        src: 'chooseAvatar',
        input: ({ event }) => {
          assertEvent(event, 'avatar.choose')
          return { avatarId: event.avatarId }
        },
        onDone: {
          target: 'ready',
          actions: [
            { type: 'wear', params: ({ event }) => event.output },
            { type: 'notify', params: { tone: 'success', key: 'avatar.chosen' } },
            {
              type: 'avatarChanged',
              params: ({ event }) => ({
                avatarId: event.output.avatar_id,
                avatarUrl: event.output.avatar_url,
              }),
            },
          ],
        },
        onError: failed,
      },
    },
    faving: {
      description: 'Marking or unmarking a favourite: other choices and marks wait.',
      invoke: {
        id: 'setAvatarFav',
        src: 'setAvatarFav',
        input: ({ event }) => {
          assertEvent(event, 'avatar.fav')
          return { avatarId: event.avatarId, isFav: event.isFav }
        },
        onDone: { target: 'ready', actions: { type: 'mark', params: ({ event }) => event.output } },
        onError: failed,
      },
    },
  },
})
