import { fromPromise } from 'xstate'
import type { Effects } from './effects.ts'
import type { AppPorts } from './ports.ts'
import {
  finishSmsReset,
  getAccount,
  sendSmsReset,
  startSmsReset,
  updateAccount,
} from '../effects/api/account.ts'
import { getInquiryCategories, postInquiry, postOpinion } from '../effects/api/inquiry.ts'
import { getInvoice, updateInvoice } from '../effects/api/invoice.ts'
import {
  getOrganizerApplication,
  postOrganizerApplication,
} from '../effects/api/organizer-application.ts'
import { chooseAvatar, getAvatars, setAvatarFav } from '../effects/api/avatar.ts'
import { getJewelHist } from '../effects/api/jewel.ts'
import { getRoomBackgrounds, saveRoomBackground } from '../effects/api/room-background.ts'
import { getFollowGenres, getFollowList, getFollowRooms } from '../effects/api/follow.ts'
import { getNotice, getNotices } from '../effects/api/notice.ts'
import { agreeToNewTerms } from '../effects/api/terms.ts'
import { getGuardianConsent, postGuardianConsent } from '../effects/api/guardian.ts'
import { guardianConsentMachine } from '../machines/guardian-consent/guardian-consent.machine.ts'
import { termsAgreementMachine } from '../machines/terms/terms-agreement.machine.ts'
import { inquiryDrafts } from '../effects/inquiry-draft.ts'
import { inquiryMachine } from '../machines/inquiry/inquiry.machine.ts'
import { opinionMachine } from '../machines/opinion/opinion.machine.ts'
import { followMachine } from '../machines/follow/follow.machine.ts'
import { noticeMachine } from '../machines/notice/notice.machine.ts'
import { noticesMachine } from '../machines/notice/notices.machine.ts'
import { invoiceMachine } from '../machines/invoice/invoice.machine.ts'
import { organizerApplicationMachine } from '../machines/organizer-application/organizer-application.machine.ts'
import { avatarMachine } from '../machines/avatar/avatar.machine.ts'
import { jewelHistMachine } from '../machines/jewel-hist/jewel-hist.machine.ts'
import { roomBackgroundMachine } from '../machines/room-background/room-background.machine.ts'
import { mypageMachine } from '../machines/mypage/mypage.machine.ts'
import { pushDevicesMachine } from '../machines/push-devices/push-devices.machine.ts'
import { passwordResetMachine } from '../machines/password-reset/password-reset.machine.ts'

export type AccountMachines = ReturnType<typeof accountMachines>

/**
 * /mypage's, /invoice's, /jewel_hist's, /room_background's, /follow's, /notice's, the SMS password reset's and the inquiry and
 * opinion pages' machines with real effects. Loaded with the first of those pages
 * (src/compose/app.ts), not with the site.
 */
export function accountMachines(effects: Effects, ports: AppPorts) {
  const common = {
    notify: (_: unknown, notice: Parameters<AppPorts['notify']>[0]) => ports.notify(notice),
    reportError: (_: unknown, { error }: { error: unknown }) => ports.reportError(error),
  }
  const drafts = inquiryDrafts(effects.sessionStore)
  return {
    mypage: mypageMachine.provide({
      actors: {
        loadAccount: fromPromise(() => getAccount(effects.api)),
        saveProfile: fromPromise(({ input }) =>
          updateAccount(effects.api, {
            name: input.name,
            ...(input.birthday ? { birthday: input.birthday } : {}),
          }),
        ),
      },
      actions: { ...common, refreshSession: ports.refreshSession },
    }),
    // The devices that take the user's notices (issue #41), on /mypage.
    pushDevices: pushDevicesMachine.provide({
      actors: {
        loadDevices: fromPromise(async () => {
          const web = await import('../effects/web-push.ts')
          const [devices, thisEndpoint] = await Promise.all([
            web.listDevices(effects.api),
            web.thisDeviceEndpoint().catch(() => null),
          ])
          return { devices, thisEndpoint }
        }),
        removeDevice: fromPromise(({ input }) =>
          import('../effects/web-push.ts').then((m) => m.removeDevice(effects.api, input.id)),
        ),
        savePreferences: fromPromise(({ input }) =>
          import('../effects/web-push.ts').then((m) =>
            m.setDevicePreferences(effects.api, input.id, input.preferences),
          ),
        ),
      },
      actions: common,
    }),
    invoice: invoiceMachine.provide({
      actors: {
        loadInvoice: fromPromise(({ input }) => getInvoice(effects.api, input.holder)),
        saveInvoice: fromPromise(({ input }) =>
          updateInvoice(effects.api, input.holder, input.body),
        ),
      },
      actions: {
        ...common,
        requireLogin: ports.requireLogin,
        goTo: (_, { path }) => effects.go(path),
      },
    }),
    avatar: avatarMachine.provide({
      actors: {
        loadAvatars: fromPromise(() => getAvatars(effects.api)),
        chooseAvatar: fromPromise(({ input }) => chooseAvatar(effects.api, input.avatarId)),
        setAvatarFav: fromPromise(({ input }) =>
          setAvatarFav(effects.api, input.avatarId, input.isFav),
        ),
      },
      // The header reads the user from the app machine: it is loaded again, with the new avatar.
      actions: { ...common, requireLogin: ports.requireLogin, avatarChanged: ports.refreshSession },
    }),
    organizerApplication: organizerApplicationMachine.provide({
      actors: {
        loadApplication: fromPromise(() => getOrganizerApplication(effects.api)),
        submitApplication: fromPromise(({ input }) =>
          postOrganizerApplication(effects.api, input.body),
        ),
      },
      actions: {
        reportError: common.reportError,
        requireLogin: ports.requireLogin,
        refreshSession: ports.refreshSession,
      },
    }),
    jewelHist: jewelHistMachine.provide({
      actors: {
        loadJewelHist: fromPromise(({ input }) =>
          getJewelHist(effects.api, input.roomId, input.month),
        ),
      },
      actions: { reportError: common.reportError, requireLogin: ports.requireLogin },
    }),
    roomBackground: roomBackgroundMachine.provide({
      actors: {
        loadBackgrounds: fromPromise(() => getRoomBackgrounds(effects.api)),
        saveBackground: fromPromise(({ input }) => saveRoomBackground(effects.api, input)),
      },
      actions: { ...common, requireLogin: ports.requireLogin },
    }),
    inquiry: inquiryMachine.provide({
      actors: {
        readDraft: fromPromise(() => Promise.resolve(drafts.read())),
        loadCategories: fromPromise(() => getInquiryCategories(effects.api)),
        sendInquiry: fromPromise(({ input }) => postInquiry(effects.api, input.body)),
      },
      actions: {
        reportError: common.reportError,
        goTo: (_, { path }) => effects.go(path),
        redirectTo: (_, { path }) => effects.navigate(path),
        keepDraft: (_, form) => drafts.write(form),
        forgetDraft: () => drafts.clear(),
      },
    }),
    opinion: opinionMachine.provide({
      actors: { sendOpinion: fromPromise(({ input }) => postOpinion(effects.api, input.body)) },
      actions: { reportError: common.reportError, goTo: (_, { path }) => effects.go(path) },
    }),
    follow: followMachine.provide({
      actors: {
        loadGenres: fromPromise(() => getFollowGenres(effects.api)),
        loadList: fromPromise(({ input }) => getFollowList(effects.api, input.tab, input.genre)),
        loadMoreRooms: fromPromise(({ input }) =>
          getFollowRooms(effects.api, input.genre, input.page),
        ),
      },
      actions: { reportError: common.reportError },
    }),
    notices: noticesMachine.provide({
      actors: { loadPage: fromPromise(({ input }) => getNotices(effects.api, input.page)) },
      actions: { reportError: common.reportError },
    }),
    notice: noticeMachine.provide({
      actors: { loadNotice: fromPromise(({ input }) => getNotice(effects.api, input.id)) },
      // Read now: the header's unread dot comes from the current user, fetched again.
      actions: { reportError: common.reportError, signalRead: ports.refreshSession },
    }),
    termsAgreement: termsAgreementMachine.provide({
      actors: {
        agree: fromPromise(({ input }) =>
          agreeToNewTerms(effects.api, input.holder, input.version),
        ),
      },
      actions: {
        ...common,
        requireLogin: ports.requireLogin,
        reloadPage: () => effects.reloadPage(),
        goTo: (_, { path }) => effects.go(path),
      },
    }),
    guardianConsent: guardianConsentMachine.provide({
      actors: {
        loadConsent: fromPromise(() => getGuardianConsent(effects.api)),
        submitConsent: fromPromise(({ input }) => postGuardianConsent(effects.api, input.body)),
      },
      actions: {
        ...common,
        requireLogin: ports.requireLogin,
        goTo: (_, { path }) => effects.go(path),
      },
    }),
    passwordReset: passwordResetMachine.provide({
      actors: {
        startReset: fromPromise(({ input }) => startSmsReset(effects.api, input.accountId)),
        sendCode: fromPromise(({ input }) => sendSmsReset(effects.api, input.accountId)),
        finishReset: fromPromise(({ input }) =>
          finishSmsReset(effects.api, {
            account_id: input.accountId,
            code: input.code,
            password: input.password,
            password_confirm: input.passwordConfirm,
          }),
        ),
      },
      actions: common,
    }),
  }
}
