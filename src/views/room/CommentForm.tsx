import { useSelector } from '@xstate/react'
import { COMMENT_MAX, commentLength } from '../../domain/comments.ts'
import { useT } from '../app-context.tsx'
import type { RoomActor } from './types.ts'
import './comments.css'

/**
 * The comment box. The room machine decides what a send does (an anonymous visitor is asked to
 * log in); the typed text lives there, so it survives a failed send, the SMS modal and the login.
 */
export function CommentForm({ room }: { room: RoomActor }) {
  const { t } = useT()
  const draft = useSelector(room, (s) => s.context.draft)
  const sending = useSelector(room, (s) => s.matches({ live: { composer: 'sending' } }))
  const recommended = useSelector(room, (s) => s.context.recommended)
  // Counted as the server counts (trimmed, an emoji is one), not as `maxLength` would.
  const length = commentLength(draft)
  const tooLong = length > COMMENT_MAX

  return (
    <div className="comment-box">
      {recommended.length > 0 && (
        <ul className="comment-box__chips" aria-label={t('room.recommended')}>
          {recommended.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                className="chip"
                onClick={() => room.send({ type: 'recommended.use', comment: r.comment })}
              >
                {r.comment}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="comment-form"
        aria-busy={sending}
        onSubmit={(e) => {
          e.preventDefault()
          room.send({ type: 'comment.submit' })
        }}
      >
        <label className="visually-hidden" htmlFor="comment-input">
          {t('room.commentLabel')}
        </label>
        <input
          id="comment-input"
          className="field__input"
          value={draft}
          aria-invalid={tooLong}
          aria-describedby="comment-count"
          autoComplete="off"
          placeholder={t('room.commentPlaceholder')}
          onChange={(e) => room.send({ type: 'draft.change', text: e.currentTarget.value })}
        />
        <span
          id="comment-count"
          className={
            tooLong ? 'comment-form__count comment-form__count--over' : 'comment-form__count'
          }
        >
          {t('room.commentCount', { count: length })}
        </span>
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? t('room.sending') : t('room.send')}
        </button>
      </form>
    </div>
  )
}
