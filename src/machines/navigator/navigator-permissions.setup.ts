import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type {
  NavigatorPermissionBody,
  NavigatorPermissionsAnswer,
  RoomOrganizerAnswer,
} from '../../contract/navigator.ts'
import { failureOf, type Notice, isLoginLost } from '../../domain/api-failure.ts'
import type { NavigatorRight } from '../../domain/navigator.ts'
import { notProvided } from '../not-provided.ts'

/** The organizer edits (`/organizer/room/{id}/navigator-permissions`); the owner reads. */
export type PermissionsMode = 'organizer' | 'owner'
export type RoomLink = NonNullable<RoomOrganizerAnswer['link']>
export type NavigatorField = 'account_id' | 'rights'

/** What the form holds: one navigator's account (typed for a new one) and the rights ticked. */
export interface NavigatorForm {
  accountId: string
  rights: NavigatorRight[]
  isNew: boolean
}

/** The page's load: the room (the owner's is found by its key), its navigators, its organizer. */
export interface PermissionsLoad {
  roomId: number
  permissions: NavigatorPermissionsAnswer
  /** The owner's organizer link (null for the organizer's page, or none). */
  link: RoomOrganizerAnswer['link']
}

export interface NavigatorPermissionsContext {
  mode: PermissionsMode
  /** The organizer's page gets it from the path; the owner's is found by `roomUrlKey`. */
  roomId: number
  roomUrlKey: string
  answer: NavigatorPermissionsAnswer | null
  link: RoomOrganizerAnswer['link']
  form: NavigatorForm | null
  /** A refused field's message: an i18n key from the form's check, or the server's text. */
  fieldErrors: Partial<Record<NavigatorField, string>>
  /** The navigator whose rights are being revoked (asked, then sent). */
  revoking: string | null
  /** The owner's answer to the organizer's link, being asked or sent. */
  decision: 'accept' | 'decline' | null
}

export type NavigatorPermissionsEvent =
  | { type: 'permissions.retry' }
  | { type: 'navigator.add' }
  | { type: 'navigator.edit'; accountId: string }
  | { type: 'navigator.revoke'; accountId: string }
  | { type: 'form.account'; value: string }
  | { type: 'form.right'; right: NavigatorRight; on: boolean }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'link.accept' }
  | { type: 'link.decline' }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' }

/** SPEC §7: an account id is at most this long (the body's `Text(100)`). */
export const ACCOUNT_ID_MAX = 100

/** The form's own check, field by field (i18n keys); empty when it may be sent. */
export function navigatorFormProblems(
  form: NavigatorForm,
): Partial<Record<NavigatorField, string>> {
  const problems: Partial<Record<NavigatorField, string>> = {}
  const id = form.accountId.trim()
  if (id === '') problems.account_id = 'navigator.accountRequired'
  else if (Array.from(id).length > ACCOUNT_ID_MAX) problems.account_id = 'navigator.accountTooLong'
  if (form.rights.length === 0) problems.rights = 'navigator.rightsRequired'
  return problems
}

/** The form as it is sent (its check has passed). */
export const bodyOfForm = (roomId: number, form: NavigatorForm): NavigatorPermissionBody => ({
  room_id: roomId,
  account_id: form.accountId.trim(),
  rights: form.rights,
})

/** The server's refusals of this form's fields; null when it named none of them. */
function refusedFields(error: unknown): Partial<Record<NavigatorField, string>> | null {
  const failure = failureOf(error)
  if (failure.kind !== 'server' || !failure.fieldErrors) return null
  const errors: Partial<Record<NavigatorField, string>> = {}
  for (const field of ['account_id', 'rights'] as const) {
    const message = failure.fieldErrors[field]
    if (message) errors[field] = message
  }
  return Object.keys(errors).length > 0 ? errors : null
}

const navigatorOf = (c: NavigatorPermissionsContext, accountId: string) =>
  c.answer?.navigators.find((n) => n.account_id === accountId)

/** The navigator permissions machine's types, actors, actions and guards. */
export const permissionsSetup = setup({
  types: {
    context: {} as NavigatorPermissionsContext,
    events: {} as NavigatorPermissionsEvent,
    input: {} as { mode: PermissionsMode; roomId: number; roomUrlKey: string },
  },
  actors: {
    loadPermissions: fromPromise<
      PermissionsLoad,
      { mode: PermissionsMode; roomId: number; roomUrlKey: string }
    >(notProvided('loadPermissions')),
    savePermission: fromPromise<NavigatorPermissionsAnswer, NavigatorPermissionBody>(
      notProvided('savePermission'),
    ),
    decideLink: fromPromise<RoomOrganizerAnswer, { roomId: number; accept: boolean }>(
      notProvided('decideLink'),
    ),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    requireLogin: () => {},
    storeLoad: assign((_, load: PermissionsLoad) => ({
      roomId: load.roomId,
      answer: load.permissions,
      link: load.link,
    })),
    storeSaved: assign((_, answer: NavigatorPermissionsAnswer) => ({
      answer,
      form: null,
      fieldErrors: {},
      revoking: null,
    })),
    openNew: assign({ form: { accountId: '', rights: [], isNew: true }, fieldErrors: {} }),
    openEdit: assign(({ context, event }) => {
      assertEvent(event, 'navigator.edit')
      const navigator = navigatorOf(context, event.accountId)
      return {
        form: { accountId: event.accountId, rights: navigator?.rights ?? [], isNew: false },
        fieldErrors: {},
      }
    }),
    typeAccount: assign(({ context, event }) => {
      assertEvent(event, 'form.account')
      if (!context.form) return {}
      const { account_id: _fixed, ...fieldErrors } = context.fieldErrors
      return { form: { ...context.form, accountId: event.value }, fieldErrors }
    }),
    tickRight: assign(({ context, event }) => {
      assertEvent(event, 'form.right')
      if (!context.form) return {}
      const others = context.form.rights.filter((r) => r !== event.right)
      const { rights: _fixed, ...fieldErrors } = context.fieldErrors
      return {
        form: { ...context.form, rights: event.on ? [...others, event.right] : others },
        fieldErrors,
      }
    }),
    checkForm: assign(({ context }) => ({
      fieldErrors: context.form ? navigatorFormProblems(context.form) : {},
    })),
    storeFieldErrors: assign((_, { error }: { error: unknown }) => {
      const fieldErrors = refusedFields(error)
      return fieldErrors ? { fieldErrors } : {}
    }),
    closeForm: assign({ form: null, fieldErrors: {} }),
    askRevoke: assign(({ event }) => {
      assertEvent(event, 'navigator.revoke')
      return { revoking: event.accountId }
    }),
    endRevoke: assign({ revoking: null }),
    askDecision: assign(({ event }) => {
      assertEvent(event, ['link.accept', 'link.decline'])
      return { decision: event.type === 'link.accept' ? ('accept' as const) : ('decline' as const) }
    }),
    storeLink: assign((_, answer: RoomOrganizerAnswer) => ({ link: answer.link, decision: null })),
    endDecision: assign({ decision: null }),
  },
  guards: {
    canEdit: ({ context }) => context.mode === 'organizer' && context.answer?.can_edit === true,
    /** The organizer may change (or revoke) the rights of a navigator the list shows. */
    isKnownNavigator: ({ context, event }) => {
      assertEvent(event, ['navigator.edit', 'navigator.revoke'])
      return (
        context.mode === 'organizer' &&
        context.answer?.can_edit === true &&
        navigatorOf(context, event.accountId) !== undefined
      )
    },
    isNewNavigator: ({ context }) => context.form?.isNew === true,
    formPasses: ({ context }) =>
      context.form !== null && Object.keys(navigatorFormProblems(context.form)).length === 0,
    /** Only the owner answers the organizer's link: accept a pending one, or end it. */
    mayAccept: ({ context }) => context.mode === 'owner' && context.link?.status === 'pending',
    mayDecline: ({ context }) => context.mode === 'owner' && context.link !== null,
    hasFieldErrors: (_, { error }: { error: unknown }) => refusedFields(error) !== null,
    isLoginLost: (_, { error }: { error: unknown }) => isLoginLost(error),
  },
})
