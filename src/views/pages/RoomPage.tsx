import { useEffect, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { commentStreamMachine } from '../../machines/comment-stream/comment-stream.machine.ts'
import type { roomMachine } from '../../machines/room/room.machine.ts'
import { formatCompactCount } from '../../domain/compact-count.ts'
import { useApp, useAuthActor, useT } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { NotFoundPage } from './NotFoundPage.tsx'
import { Player, type PlayerActor } from '../components/Player.tsx'

type CommentsActor = ActorRefFrom<typeof commentStreamMachine>

/** The comment list: newest at the bottom; scrolled away, new comments wait behind a button. */
function CommentList({ actor }: { actor: CommentsActor }) {
  const { t } = useT()
  const comments = useSelector(actor, (s) => s.context.comments)
  const hasNew = useSelector(actor, (s) => s.context.hasNew)
  const following = useSelector(actor, (s) => s.matches('following'))
  const list = useRef<HTMLOListElement>(null)

  // Keep the newest comment in view while following.
  useEffect(() => {
    const el = list.current
    if (el && following) el.scrollTop = el.scrollHeight
  }, [comments, following])

  return (
    <div className="comments">
      <ol
        ref={list}
        className="comments__list"
        aria-live="polite"
        aria-label={t('room.comments')}
        onScroll={(e) => {
          const el = e.currentTarget
          const atLatest = el.scrollHeight - el.scrollTop - el.clientHeight < 24
          if (atLatest !== following) actor.send({ type: 'view.scrolled', atLatest })
        }}
      >
        {comments.map((c) => (
          <li
            key={`${c.user_id}-${c.created_at}-${c.comment}`}
            className="comment"
            data-testid="comment"
          >
            <img src={c.avatar_url} alt="" width={28} height={28} />
            <span className="comment__name">{c.name}</span>
            <span className="comment__text">{c.comment}</span>
          </li>
        ))}
      </ol>
      {hasNew && (
        <button
          type="button"
          className="button button--primary comments__new"
          onClick={() => actor.send({ type: 'comments.jump' })}
        >
          {t('room.newComments')}
        </button>
      )}
    </div>
  )
}

/** /r/{room_url_key}: the room, its live comments and the comment box. */
export function RoomPage({ logic, roomUrlKey }: { logic: typeof roomMachine; roomUrlKey: string }) {
  const { t, locale } = useT()
  const userId = useApp((s) => (s.context.user?.is_login ? s.context.user.user_id : null))
  const auth = useAuthActor()
  const actor = useActorRef(logic, { input: { roomUrlKey, userId } })
  const room = useSelector(actor, (s) => s.context.room)
  const state = useSelector(actor, (s) =>
    s.matches('live')
      ? 'live'
      : s.matches('ended')
        ? 'ended'
        : (s.value as 'loading' | 'offAir' | 'failed'),
  )
  const next = useSelector(actor, (s) =>
    s.matches({ ended: 'countingDown' }) ? s.context.next : null,
  )
  const countdown = useSelector(actor, (s) => s.context.countdown)
  const notFound = useSelector(actor, (s) => s.context.notFound)
  const viewers = useSelector(actor, (s) => s.context.viewers)
  const draft = useSelector(actor, (s) => s.context.draft)
  const sending = useSelector(actor, (s) => s.matches({ live: { composer: 'sending' } }))
  const comments = useSelector(actor, (s) => s.children.comments as CommentsActor | undefined)
  const player = useSelector(actor, (s) => s.children.player as PlayerActor | undefined)
  useDocumentTitle(room?.mainName, room?.roomName)

  if (state === 'failed' && notFound) return <NotFoundPage path={`/r/${roomUrlKey}`} />
  if (state === 'failed') {
    return (
      <section className="room room--message">
        <p role="alert">{t('room.loadFailed')}</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => actor.send({ type: 'room.retry' })}
        >
          {t('common.retry')}
        </button>
      </section>
    )
  }
  if (!room) return <p aria-busy="true">{t('common.loading')}</p>

  return (
    <section className="room" aria-labelledby="room-title">
      <div className="room__stage">
        <div className="room__poster">
          {state === 'live' && player ? (
            <Player actor={player} poster={room.image} />
          ) : (
            <img src={room.image} alt="" />
          )}
          {state === 'live' && <span className="onlive-card__badge">{t('room.onAir')}</span>}
          {state === 'offAir' && <p className="room__notice">{t('room.offAir')}</p>}
          {state === 'ended' && (
            <div className="room__notice" role="status">
              <p>{t('room.ended')}</p>
              {next ? (
                <p>
                  {t('room.nextRoom', { name: next.mainName, seconds: countdown })}{' '}
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={() => actor.send({ type: 'transition.go' })}
                  >
                    {t('room.goNow')}
                  </button>{' '}
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => actor.send({ type: 'transition.cancel' })}
                  >
                    {t('room.stay')}
                  </button>
                </p>
              ) : (
                <a href="/">{t('room.backToList')}</a>
              )}
            </div>
          )}
        </div>
        <div className="room__info">
          <h1 id="room-title">{room.mainName}</h1>
          <p className="room__name">{room.roomName}</p>
          {viewers !== null && (
            <p data-testid="room-viewers">
              {t('home.viewers', { count: formatCompactCount(viewers, locale) })}
            </p>
          )}
          <p className="room__description">{room.description}</p>
        </div>
      </div>
      <aside className="room__side">
        {comments && <CommentList actor={comments} />}
        {state === 'live' && (
          <form
            className="comment-form"
            onSubmit={(e) => {
              e.preventDefault()
              if (userId === null) auth.send({ type: 'login.open', kind: 1 })
              else actor.send({ type: 'comment.submit' })
            }}
          >
            <label className="visually-hidden" htmlFor="comment-input">
              {t('room.commentLabel')}
            </label>
            <input
              id="comment-input"
              className="field__input"
              value={draft}
              maxLength={50}
              placeholder={t('room.commentPlaceholder')}
              onChange={(e) => actor.send({ type: 'draft.change', text: e.currentTarget.value })}
            />
            <button type="submit" className="button button--primary" disabled={sending}>
              {t('room.send')}
            </button>
          </form>
        )}
      </aside>
    </section>
  )
}
