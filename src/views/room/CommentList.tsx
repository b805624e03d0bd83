import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useSelector } from '@xstate/react'
import { rowKeys, type CommentEntry } from '../../domain/comments.ts'
import { useT } from '../app-context.tsx'
import { Badge } from '../components/Badge.tsx'
import { useVitals } from '../vitals-context.tsx'
import type { CommentsActor, RoomActor } from './types.ts'
import './comments.css'

/** How close to the bottom (px) still counts as 'at the latest'. */
const LATEST_SLACK = 24

/** One comment; a viewer can open a menu on someone else's name to mute or report them. */
const CommentRow = memo(function CommentRow({
  comment,
  rowKey: key,
  canAct,
  open,
  onToggle,
  onMute,
  onReport,
}: {
  comment: CommentEntry
  /** Unique in the list, even for two rows alike in user, second and text. */
  rowKey: string
  canAct: boolean
  open: boolean
  onToggle: (key: string | null) => void
  onMute: (comment: CommentEntry) => void
  onReport: (comment: CommentEntry) => void
}) {
  const { t } = useT()
  return (
    <li
      className={comment.is_liver_comment ? 'comment comment--liver' : 'comment'}
      data-testid="comment"
      data-user-id={comment.user_id}
    >
      <img src={comment.avatar_url} alt="" width={28} height={28} loading="lazy" />
      <span className="comment__who">
        {canAct ? (
          <button
            type="button"
            className="comment__name comment__name--button"
            aria-expanded={open}
            aria-label={t('room.userMenu', { name: comment.name })}
            onClick={() => onToggle(open ? null : key)}
          >
            {comment.name}
          </button>
        ) : (
          <span className="comment__name">{comment.name}</span>
        )}
        <Badge badge={comment.ua} />
        {/* A navigator of the room's (issue #23). */}
        {comment.is_staff && (
          <span className="badge badge--staff" data-testid="staff-badge">
            {t('room.staff')}
          </span>
        )}
      </span>
      <span className="comment__text">{comment.comment}</span>
      {open && (
        <span className="comment__menu">
          <button type="button" className="button button--ghost" onClick={() => onMute(comment)}>
            {t('room.muteUser')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => onReport(comment)}>
            {t('room.reportUser')}
          </button>
        </span>
      )}
    </li>
  )
})

/**
 * The comment list (SPEC.md §4): newest at the bottom; scrolled away, new comments wait in the
 * stock behind a button. The pinned welcome comment sits above the list. The list renders what
 * the comment stream holds, so the DOM never has more rows than the visible count.
 */
export function CommentList({
  room,
  actor,
  userId,
}: {
  room: RoomActor
  actor: CommentsActor
  userId: number | null
}) {
  const { t } = useT()
  const comments = useSelector(actor, (s) => s.context.comments)
  const hasNew = useSelector(actor, (s) => s.context.hasNew)
  const welcome = useSelector(actor, (s) => s.context.welcome)
  const logs = useSelector(actor, (s) => s.context.logs)
  const following = useSelector(actor, (s) => s.matches('following'))
  const muted = useSelector(room, (s) => s.context.muted)
  const keys = useMemo(() => rowKeys(comments), [comments])
  const list = useRef<HTMLOListElement>(null)
  const [menuFor, setMenuFor] = useState<string | null>(null)

  // Keep the newest comment in view while following, before the browser paints.
  useLayoutEffect(() => {
    const el = list.current
    if (el && following) el.scrollTop = el.scrollHeight
  }, [comments, following])
  // How smoothly comments render: the frames dropped in the second after new ones (sampled).
  const vitals = useVitals()
  useEffect(() => {
    if (comments.length > 0) vitals.measureCommentBurst()
  }, [comments, vitals])

  // Stable, so a new comment renders one row, not all of them.
  const mute = useCallback(
    (c: CommentEntry) => {
      setMenuFor(null)
      room.send({ type: 'user.mute', userId: c.user_id, name: c.name })
    },
    [room],
  )
  const reportUser = useCallback(
    (c: CommentEntry) => {
      setMenuFor(null)
      room.send({ type: 'report.open', target: { kind: 'user', userId: c.user_id, name: c.name } })
    },
    [room],
  )

  return (
    <div className="comments">
      {welcome && (
        <p className="comments__welcome" data-testid="welcome-comment">
          <span className="comments__pin">{t('room.pinned')}</span> {welcome.comment}
        </p>
      )}
      {logs.length > 0 && (
        <ul className="comments__logs" aria-label={t('room.notices')} data-testid="system-logs">
          {logs.slice(-3).map((log) => (
            <li key={log.id}>{log.text}</li>
          ))}
        </ul>
      )}
      <div className="comments__viewport">
        <ol
          ref={list}
          className="comments__list"
          aria-live={following ? 'polite' : 'off'}
          aria-label={t('room.comments')}
          data-testid="comment-list"
          onScroll={(e) => {
            const el = e.currentTarget
            const atLatest = el.scrollHeight - el.scrollTop - el.clientHeight < LATEST_SLACK
            if (atLatest !== following) actor.send({ type: 'view.scrolled', atLatest })
          }}
        >
          {comments.map((c, i) => {
            const key = keys[i] ?? ''
            return (
              <CommentRow
                key={key}
                rowKey={key}
                comment={c}
                canAct={c.user_id !== userId}
                open={menuFor === key}
                onToggle={setMenuFor}
                onMute={mute}
                onReport={reportUser}
              />
            )
          })}
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
      {muted.length > 0 && (
        <details className="comments__muted">
          <summary>{t('room.mutedUsers', { count: muted.length })}</summary>
          <ul>
            {muted.map((m) => (
              <li key={m.userId}>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => room.send({ type: 'user.unmute', userId: m.userId })}
                >
                  {t('room.unmuteUser', { name: m.name })}
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  )
}
