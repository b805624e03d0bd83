import { permissionsSetup, bodyOfForm } from './navigator-permissions.setup.ts'

export {
  ACCOUNT_ID_MAX,
  navigatorFormProblems,
  type NavigatorForm,
  type NavigatorPermissionsContext,
  type NavigatorPermissionsEvent,
  type PermissionsLoad,
  type PermissionsMode,
  type RoomLink,
} from './navigator-permissions.setup.ts'

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error })

/**
 * A room's navigators (issue #23): on the organizer's page their rights are granted, changed
 * and (after a confirm) revoked, and a new navigator added by account id, what was typed kept
 * through every refusal; on the owner's page (`/room/manage/navigator`) they are only read, and
 * the owner accepts or declines the organizer's link, after a confirm.
 */
export const navigatorPermissionsMachine = permissionsSetup.createMachine({
  id: 'navigatorPermissions',
  context: ({ input }) => ({
    mode: input.mode,
    roomId: input.roomId,
    roomUrlKey: input.roomUrlKey,
    answer: null,
    link: null,
    form: null,
    fieldErrors: {},
    revoking: null,
    decision: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPermissions',
        src: 'loadPermissions',
        input: ({ context }) => ({
          mode: context.mode,
          roomId: context.roomId,
          roomUrlKey: context.roomUrlKey,
        }),
        onDone: {
          target: 'ready',
          actions: { type: 'storeLoad', params: ({ event }) => event.output },
        },
        onError: [
          {
            guard: { type: 'isLoginLost', params: errorParams },
            target: 'failed',
            actions: 'requireLogin',
            description: 'The login has expired: the login modal opens; the page can load again.',
          },
          { target: 'failed', actions: { type: 'reportError', params: errorParams } },
        ],
      },
    },
    failed: { on: { 'permissions.retry': 'loading' } },
    ready: {
      description: 'The navigators, each with the rights they hold; the owner only reads.',
      on: {
        'navigator.add': { guard: 'canEdit', target: 'editing', actions: 'openNew' },
        'navigator.edit': { guard: 'isKnownNavigator', target: 'editing', actions: 'openEdit' },
        'navigator.revoke': {
          guard: 'isKnownNavigator',
          target: 'confirmingRevoke',
          actions: 'askRevoke',
        },
        'link.accept': { guard: 'mayAccept', target: 'confirmingLink', actions: 'askDecision' },
        'link.decline': { guard: 'mayDecline', target: 'confirmingLink', actions: 'askDecision' },
      },
    },
    editing: {
      on: {
        'form.account': {
          guard: 'isNewNavigator',
          actions: 'typeAccount',
          description: 'Only a new navigator’s account is typed; an existing one’s is fixed.',
        },
        'form.right': { actions: 'tickRight' },
        'form.submit': [
          { guard: 'formPasses', target: 'saving' },
          {
            actions: 'checkForm',
            description: 'Every field that does not pass says why by its side; nothing is sent.',
          },
        ],
        'form.cancel': { target: 'ready', actions: 'closeForm' },
      },
    },
    saving: {
      invoke: {
        id: 'savePermission',
        src: 'savePermission',
        // `saving` is only entered from a form that passed.
        input: ({ context }) =>
          bodyOfForm(context.roomId, context.form ?? { accountId: '', rights: [], isNew: true }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'storeSaved', params: ({ event }) => event.output },
            { type: 'notify', params: { tone: 'success', key: 'navigator.saved' } },
          ],
        },
        onError: [
          {
            guard: { type: 'hasFieldErrors', params: errorParams },
            target: 'editing',
            actions: { type: 'storeFieldErrors', params: errorParams },
            description: 'Refused (an unknown account): the message by the field, the text kept.',
          },
          {
            guard: { type: 'isLoginLost', params: errorParams },
            target: 'editing',
            actions: 'requireLogin',
            description: 'The login has expired: the login modal opens; the form waits.',
          },
          { target: 'editing', actions: { type: 'reportError', params: errorParams } },
        ],
      },
    },
    confirmingRevoke: {
      description: 'Revoking every right of a navigator is asked first.',
      on: {
        'confirm.yes': 'revoking',
        'confirm.no': { target: 'ready', actions: 'endRevoke' },
      },
    },
    revoking: {
      invoke: {
        id: 'savePermission',
        src: 'savePermission',
        input: ({ context }) => ({
          room_id: context.roomId,
          account_id: context.revoking ?? '',
          rights: [],
        }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'storeSaved', params: ({ event }) => event.output },
            { type: 'notify', params: { tone: 'success', key: 'navigator.revoked' } },
          ],
        },
        onError: [
          {
            guard: { type: 'isLoginLost', params: errorParams },
            target: 'ready',
            actions: ['endRevoke', 'requireLogin'],
          },
          {
            target: 'ready',
            actions: ['endRevoke', { type: 'reportError', params: errorParams }],
          },
        ],
      },
    },
    confirmingLink: {
      description: 'The owner confirms accepting or declining the organizer’s link.',
      on: {
        'confirm.yes': 'deciding',
        'confirm.no': { target: 'ready', actions: 'endDecision' },
      },
    },
    deciding: {
      invoke: {
        id: 'decideLink',
        src: 'decideLink',
        input: ({ context }) => ({ roomId: context.roomId, accept: context.decision === 'accept' }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'storeLink', params: ({ event }) => event.output },
            { type: 'notify', params: { tone: 'success', key: 'navigator.linkDecided' } },
          ],
        },
        onError: [
          {
            guard: { type: 'isLoginLost', params: errorParams },
            target: 'ready',
            actions: ['endDecision', 'requireLogin'],
          },
          {
            target: 'ready',
            actions: ['endDecision', { type: 'reportError', params: errorParams }],
          },
        ],
      },
    },
  },
})
