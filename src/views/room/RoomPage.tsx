import { useState, type CSSProperties, type ReactNode } from 'react'
import './room.css'
import { useSelector } from '@xstate/react'
import type { ownerMachine } from '../../machines/owner/owner.machine.ts'
import type { roomMachine } from '../../machines/room/room.machine.ts'
import { useApp, useT, usePageActor } from '../app-context.tsx'
import { BottomSheet } from '../components/BottomSheet.tsx'
import { Player } from '../components/Player.tsx'
import { RoomLoading } from './RoomLoading.tsx'
import { NotFoundPage } from '../pages/NotFoundPage.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { CommentForm } from './CommentForm.tsx'
import { CommentList } from './CommentList.tsx'
import { EndScreen } from './EndScreen.tsx'
import { EventBadge } from './EventBadge.tsx'
import { ReportDialog } from './ReportDialog.tsx'
import { Banners, RoomInfo, Telop } from './RoomInfo.tsx'
import { GiftPanel } from './GiftPanel.tsx'
import { GiftStage, RoomGiftLog, VoteResults } from './GiftStage.tsx'
import { LiveInterrupted } from './LiveInterrupted.tsx'
import type { RoomActor, RoomSideLogic } from './types.ts'
import { GreetingCard } from './Greeting.tsx'
import { LiveTagsLine, LiveTagsScope } from './LiveTags.tsx'
import { NextLiveLine, NextLiveScope } from './NextLive.tsx'
import { NavigatorPanel } from './NavigatorPanel.tsx'
import { OwnerPanel } from './OwnerPanel.tsx'
import { RoomThemeScope, ThemeStamps } from '../liver-theme/RoomTheme.tsx'
import { PartyStrip } from '../party/PartyStrip.tsx'
import { MissionPanel } from '../mission/MissionPanel.tsx'
import { MissionButton, MissionSheet } from '../mission/MissionSheet.tsx'
import { RoomAnimations } from '../animations/RoomAnimations.tsx'

/** 'full' is /r/{room_url_key}; 'lite' is /lite/{room_url_key}: the video and the comments only. */
export type RoomVariant = 'full' | 'lite'

/** A room visit: the video, the comment stream and box, and what a viewer or the owner does. */
export function RoomPage({
  logic,
  ownerLogic,
  sideLogic,
  roomUrlKey,
  variant = 'full',
}: {
  logic: typeof roomMachine
  ownerLogic: typeof ownerMachine
  sideLogic: RoomSideLogic
  roomUrlKey: string
  variant?: RoomVariant
}) {
  const { t } = useT()
  const userId = useApp((s) => (s.context.user?.is_login ? s.context.user.user_id : null))
  const room = usePageActor(logic, { input: { roomUrlKey, userId } })
  const failed = useSelector(room, (s) => s.matches('failed'))
  const notFound = useSelector(room, (s) => s.context.notFound)
  const visit = useSelector(room, (s) => s.children.visit)
  const info = useSelector(visit, (s) => s?.context.room)
  useDocumentTitle(info?.mainName, info?.roomName)

  if (failed && notFound) {
    return <NotFoundPage path={`/${variant === 'lite' ? 'lite' : 'r'}/${roomUrlKey}`} />
  }
  if (failed) {
    return (
      <section className="room room--message">
        <p role="alert">{t('room.loadFailed')}</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => room.send({ type: 'room.retry' })}
        >
          {t('common.retry')}
        </button>
      </section>
    )
  }
  if (!visit) return <RoomLoading />
  return (
    <LoadedRoom
      room={visit}
      userId={userId}
      ownerLogic={ownerLogic}
      sideLogic={sideLogic}
      roomUrlKey={roomUrlKey}
      variant={variant}
    />
  )
}

/** The loaded room: its state and its room come from the visit, where the room is never null. */
function LoadedRoom({
  room,
  userId,
  ownerLogic,
  sideLogic,
  roomUrlKey,
  variant,
}: {
  room: RoomActor
  userId: number | null
  ownerLogic: typeof ownerMachine
  sideLogic: RoomSideLogic
  roomUrlKey: string
  variant: RoomVariant
}) {
  const { t } = useT()
  const info = useSelector(room, (s) => s.context.room)
  const state = useSelector(room, (s) =>
    s.matches('live') ? 'live' : s.matches('ended') ? 'ended' : 'offAir',
  )
  const comments = useSelector(room, (s) => s.children.comments)
  const player = useSelector(room, (s) => s.children.player)
  const report = useSelector(room, (s) => s.children.report)
  const welcome = useSelector(room, (s) => s.children.welcome)
  const gift = useSelector(room, (s) => s.children.gift)
  const mission = useSelector(room, (s) => s.children.mission)
  const telop = useSelector(room, (s) => s.context.telop)
  const push = useSelector(room, (s) => s.context.push)
  // On a phone the gift and mission panels are bottom sheets (dialogs) over the room, one at a
  // time; from 900 px the gift panel is always in the page and the mission panel a card while open.
  const [sheet, setSheet] = useState<'gift' | 'mission' | null>(null)
  const toggle = (which: 'gift' | 'mission') => setSheet((open) => (open === which ? null : which))

  const lite = variant === 'lite'
  return (
    <SideScopes logic={sideLogic} roomId={info.roomId} isOwner={info.isOwner}>
      <section
        className={['room', lite && 'room--lite', info.backgroundImageUrl && 'room--backdrop']
          .filter(Boolean)
          .join(' ')}
        // The owner's chosen background (issue #21), under room.css's dark veil.
        style={backdrop(info.backgroundImageUrl)}
        aria-labelledby="room-title"
        data-push={state === 'live' ? push : undefined}
      >
        {state === 'live' && push === 'reconnecting' && (
          <p className="notice" role="status">
            {t('room.reconnecting')}
          </p>
        )}
        <div className="room__stage">
          {state === 'live' && <Telop room={room} />}
          {state === 'live' && <EventBadge room={room} />}
          <div className="room__poster">
            {state === 'live' && player ? (
              <Player actor={player} poster={info.image} measured />
            ) : (
              <img src={info.image} alt="" />
            )}
            {state === 'live' && <span className="onlive-card__badge">{t('room.onAir')}</span>}
            {state === 'live' && <GiftStage room={room} />}
            {state === 'live' && <RoomAnimations logic={sideLogic.animations} room={room} />}
            {state === 'live' && <LiveInterrupted room={room} />}
            {state === 'offAir' && <p className="room__notice">{t('room.offAir')}</p>}
            {state === 'ended' && <EndScreen room={room} />}
          </div>
          {!lite && <PartyStrip logic={sideLogic.partyChannels} roomId={info.roomId} />}
        </div>
        <aside className="room__side" aria-label={t('room.commentsLabel')}>
          {comments && <CommentList room={room} actor={comments} userId={userId} />}
          {state === 'live' && <ThemeStamps room={room} />}
          {state === 'live' && (
            <div className="room__composer">
              <CommentForm room={room} />
              {gift && (
                <button
                  type="button"
                  className="button button--ghost room__gift-button"
                  aria-expanded={sheet === 'gift'}
                  aria-controls="gift-sheet"
                  onClick={() => toggle('gift')}
                >
                  {t('gift.panel')}
                </button>
              )}
              {mission && (
                <MissionButton
                  actor={mission}
                  open={sheet === 'mission'}
                  onToggle={() => toggle('mission')}
                />
              )}
            </div>
          )}
          {state !== 'live' && mission && (
            <div className="mission-actions">
              <MissionButton
                actor={mission}
                open={sheet === 'mission'}
                onToggle={() => toggle('mission')}
              />
            </div>
          )}
          {/* In the side column: on a laptop the card opens under its button; on a phone it is
            a bottom sheet wherever it sits. */}
          {mission && (
            <MissionSheet open={sheet === 'mission'} onClose={() => setSheet(null)}>
              <MissionPanel actor={mission} room={{ roomId: info.roomId, roomUrlKey }} />
            </MissionSheet>
          )}
          {info.isOwner && (
            <OwnerPanel
              logic={ownerLogic}
              roomId={info.roomId}
              liveId={state === 'live' ? info.liveId : 0}
              telop={telop}
              welcome={welcome}
              greetingLogic={sideLogic.greeting}
              ingestLogic={sideLogic.ingestStatus}
            />
          )}
          {!info.isOwner && (info.navigatorRights ?? []).length > 0 && (
            <NavigatorPanel
              logic={ownerLogic}
              room={room}
              roomId={info.roomId}
              liveId={state === 'live' ? info.liveId : 0}
              telop={telop}
              welcome={welcome}
            />
          )}
          {state === 'live' && gift && <RoomGiftLog room={room} gift={gift} />}
        </aside>
        <div className="room__details">
          {state === 'live' && gift && (
            <BottomSheet
              id="gift-sheet"
              title={t('gift.panel')}
              className="gift-sheet"
              open={sheet === 'gift'}
              onClose={() => setSheet(null)}
            >
              <GiftPanel actor={gift} />
            </BottomSheet>
          )}
          {state === 'live' && <VoteResults room={room} />}
          <NextLiveLine />
          <RoomInfo
            room={room}
            info={info}
            isLive={state === 'live'}
            noticeLogic={sideLogic.roomNotice}
          />
          {state === 'live' && <LiveTagsLine />}
          {/* Mounted on a follow, so it loads afresh: only followers may read it. */}
          {info.isFollowing && !info.isOwner && (
            <GreetingCard logic={sideLogic.greeting} roomId={info.roomId} />
          )}
          {!lite && <Banners room={room} />}
          <a className="room__variant" href={lite ? `/r/${roomUrlKey}` : `/lite/${roomUrlKey}`}>
            {lite ? t('room.fullLink') : t('room.liteLink')}
          </a>
        </div>
        {report && (
          <ReportDialog
            actor={report}
            // A navigator with `moderate` blocks a user's comments as the owner does (issue #23).
            isOwner={info.isOwner || (info.navigatorRights ?? []).includes('moderate')}
          />
        )}
      </section>
    </SideScopes>
  )
}

/** The room's background as a CSS variable room.css draws under its veil; none without one. */
const backdrop = (url: string | null | undefined): CSSProperties | undefined =>
  url ? ({ '--room-backdrop': `url(${JSON.stringify(url)})` } as CSSProperties) : undefined

/**
 * The room's side actors that two far parts of the page share (the next live, the live's tags:
 * a line for everyone, a form in the owner panel).
 */
function SideScopes({
  logic,
  roomId,
  isOwner,
  children,
}: {
  logic: RoomSideLogic
  roomId: number
  isOwner: boolean
  children: ReactNode
}) {
  return (
    <NextLiveScope logic={logic.nextLive} roomId={roomId}>
      <LiveTagsScope logic={logic.liveTags} roomId={roomId}>
        <RoomThemeScope logic={logic.liverTheme} roomId={roomId} isOwner={isOwner}>
          {children}
        </RoomThemeScope>
      </LiveTagsScope>
    </NextLiveScope>
  )
}
