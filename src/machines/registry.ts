import type { AnyStateMachine } from 'xstate'
import { adWatchMachine } from './ad-watch/ad-watch.machine.ts'
import { animationsMachine } from './animations/animations.machine.ts'
import { siteDialogMachine } from './site-dialog/site-dialog.machine.ts'
import { appMachine } from './app/app.machine.ts'
import { appUpdateMachine } from './app-update/app-update.machine.ts'
import { authMachine } from './auth/auth.machine.ts'
import { avatarMachine } from './avatar/avatar.machine.ts'
import { broadcastMachine } from './broadcast/broadcast.machine.ts'
import { liverThemeMachine } from './liver-theme/liver-theme.machine.ts'
import { campaignMachine } from './campaign/campaign.machine.ts'
import { checkoutMachine } from './povo/checkout.machine.ts'
import { ecEditorMachine } from './ec-shop/ec-editor.machine.ts'
import { ecShopMachine } from './ec-shop/ec-shop.machine.ts'
import { timeLimitedPackMachine } from './povo/time-limited-pack.machine.ts'
import { commentStreamMachine } from './comment-stream/comment-stream.machine.ts'
import { eventMachine } from './event/event.machine.ts'
import { organizerEventsMachine } from './organizer/organizer-events.machine.ts'
import { navigatorPermissionsMachine } from './navigator/navigator-permissions.machine.ts'
import { organizerRoomsMachine } from './navigator/organizer-rooms.machine.ts'
import { gradeMachine } from './grade/grade.machine.ts'
import { medalMachine } from './medal/medal.machine.ts'
import { memoryMachine } from './memory/memory.machine.ts'
import { missionMachine } from './mission/mission.machine.ts'
import { searchBoxMachine } from './search/search-box.machine.ts'
import { searchResultsMachine } from './search/search-results.machine.ts'
import { upcomingMachine } from './upcoming/upcoming.machine.ts'
import { rankingMachine } from './ranking/ranking.machine.ts'
import { followMachine } from './follow/follow.machine.ts'
import { flowsMachine } from './flows/flows.machine.ts'
import { gachaMachine } from './gacha/gacha.machine.ts'
import { giftMachine } from './gift/gift.machine.ts'
import { inquiryMachine } from './inquiry/inquiry.machine.ts'
import { invoiceMachine } from './invoice/invoice.machine.ts'
import { organizerApplicationMachine } from './organizer-application/organizer-application.machine.ts'
import { jewelHistMachine } from './jewel-hist/jewel-hist.machine.ts'
import { mypageMachine } from './mypage/mypage.machine.ts'
import { onlivesMachine } from './onlives/onlives.machine.ts'
import { opinionMachine } from './opinion/opinion.machine.ts'
import { nextLiveMachine } from './next-live/next-live.machine.ts'
import { greetingMachine } from './greeting/greeting.machine.ts'
import { hcMachine } from './hc/hc.machine.ts'
import { partyChannelsMachine } from './party/party-channels.machine.ts'
import { liveTagsMachine } from './live-tags/live-tags.machine.ts'
import { taggedLivesMachine } from './live-tags/tagged-lives.machine.ts'
import { roomNoticeMachine } from './room-notice/room-notice.machine.ts'
import { pushDevicesMachine } from './push-devices/push-devices.machine.ts'
import { noticeMachine } from './notice/notice.machine.ts'
import { noticesMachine } from './notice/notices.machine.ts'
import { ownerMachine } from './owner/owner.machine.ts'
import { ingestStatusMachine } from './ingest-status/ingest-status.machine.ts'
import { passwordResetMachine } from './password-reset/password-reset.machine.ts'
import { playerMachine } from './player/player.machine.ts'
import { pollingMachine } from './polling/polling.machine.ts'
import { regulationMachine } from './regulation/regulation.machine.ts'
import { reportMachine } from './report/report.machine.ts'
import { roomMachine } from './room/room.machine.ts'
import { roomBackgroundMachine } from './room-background/room-background.machine.ts'
import { roomOffAirMachine, roomOnAirMachine } from './room/room-visit.machine.ts'
import { termsAgreementMachine } from './terms/terms-agreement.machine.ts'
import { guardianConsentMachine } from './guardian-consent/guardian-consent.machine.ts'
import { welcomeEditorMachine } from './welcome-editor/welcome-editor.machine.ts'
import { virtualMachine } from './virtual/virtual.machine.ts'

export interface RegisteredMachine {
  /** The folder under src/machines (where a COVERAGE.md may explain a gap in its graph walk). */
  dir: string
  machine: AnyStateMachine
}

/**
 * Every machine of src/machines, for the flow visualizer (/dev/flows) and the graph-coverage
 * report. A new machine is added here (test/unit/machine-registry.test.ts checks none is missing).
 */
export const MACHINES: readonly RegisteredMachine[] = [
  { dir: 'app', machine: appMachine },
  { dir: 'app-update', machine: appUpdateMachine },
  { dir: 'site-dialog', machine: siteDialogMachine },
  { dir: 'animations', machine: animationsMachine },
  { dir: 'auth', machine: authMachine },
  { dir: 'onlives', machine: onlivesMachine },
  { dir: 'mypage', machine: mypageMachine },
  { dir: 'invoice', machine: invoiceMachine },
  { dir: 'avatar', machine: avatarMachine },
  { dir: 'jewel-hist', machine: jewelHistMachine },
  { dir: 'room-background', machine: roomBackgroundMachine },
  { dir: 'liver-theme', machine: liverThemeMachine },
  { dir: 'inquiry', machine: inquiryMachine },
  { dir: 'opinion', machine: opinionMachine },
  { dir: 'password-reset', machine: passwordResetMachine },
  { dir: 'terms', machine: termsAgreementMachine },
  { dir: 'guardian-consent', machine: guardianConsentMachine },
  { dir: 'room', machine: roomMachine },
  // One machine, two starting states: walked together under one id (roomVisit).
  { dir: 'room', machine: roomOnAirMachine },
  { dir: 'room', machine: roomOffAirMachine },
  { dir: 'player', machine: playerMachine },
  { dir: 'comment-stream', machine: commentStreamMachine },
  { dir: 'polling', machine: pollingMachine },
  { dir: 'report', machine: reportMachine },
  { dir: 'welcome-editor', machine: welcomeEditorMachine },
  { dir: 'gift', machine: giftMachine },
  { dir: 'owner', machine: ownerMachine },
  { dir: 'ingest-status', machine: ingestStatusMachine },
  { dir: 'regulation', machine: regulationMachine },
  { dir: 'broadcast', machine: broadcastMachine },
  { dir: 'gacha', machine: gachaMachine },
  { dir: 'ad-watch', machine: adWatchMachine },
  { dir: 'flows', machine: flowsMachine },
  { dir: 'povo', machine: checkoutMachine },
  { dir: 'povo', machine: timeLimitedPackMachine },
  { dir: 'ec-shop', machine: ecShopMachine },
  { dir: 'ec-shop', machine: ecEditorMachine },
  { dir: 'event', machine: eventMachine },
  { dir: 'organizer', machine: organizerEventsMachine },
  { dir: 'navigator', machine: organizerRoomsMachine },
  { dir: 'navigator', machine: navigatorPermissionsMachine },
  { dir: 'organizer-application', machine: organizerApplicationMachine },
  { dir: 'ranking', machine: rankingMachine },
  { dir: 'grade', machine: gradeMachine },
  { dir: 'medal', machine: medalMachine },
  { dir: 'memory', machine: memoryMachine },
  { dir: 'mission', machine: missionMachine },
  { dir: 'follow', machine: followMachine },
  { dir: 'next-live', machine: nextLiveMachine },
  { dir: 'live-tags', machine: liveTagsMachine },
  { dir: 'live-tags', machine: taggedLivesMachine },
  { dir: 'greeting', machine: greetingMachine },
  { dir: 'party', machine: partyChannelsMachine },
  { dir: 'hc', machine: hcMachine },
  { dir: 'room-notice', machine: roomNoticeMachine },
  { dir: 'push-devices', machine: pushDevicesMachine },
  { dir: 'notice', machine: noticesMachine },
  { dir: 'notice', machine: noticeMachine },
  { dir: 'search', machine: searchBoxMachine },
  { dir: 'search', machine: searchResultsMachine },
  { dir: 'upcoming', machine: upcomingMachine },
  { dir: 'virtual', machine: virtualMachine },
  { dir: 'campaign', machine: campaignMachine },
]
