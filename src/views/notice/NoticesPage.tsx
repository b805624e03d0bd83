import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { Notice } from '../../contract/notice.ts'
import type { noticesMachine } from '../../machines/notice/notices.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { formatTokyoShort } from '../tokyo-time.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import './notice.css'

export type NoticesActor = ActorRefFrom<typeof noticesMachine>

/** When a notice came, in Tokyo time, as a `<time>`. */
export function NoticeTime({ at }: { at: number }) {
  const { locale } = useT()
  return (
    <time className="notice-time" dateTime={new Date(at * 1000).toISOString()}>
      {formatTokyoShort(at, locale)}
    </time>
  )
}

/** One notice of the list: its kind, when, its title; an unread one is marked in words too. */
function NoticeRow({ notice }: { notice: Notice }) {
  const { t } = useT()
  return (
    <li data-testid="notice-row">
      <Link
        to="/notice/$id"
        params={{ id: notice.id }}
        className={notice.is_read ? 'notice-row' : 'notice-row notice-row--unread'}
      >
        <span className="notice-row__head">
          {!notice.is_read && <span className="notice-row__unread">{t('notice.unread')}</span>}
          <span className="notice-row__kind">{t(`notice.kind.${notice.kind}`)}</span>
          <NoticeTime at={notice.created_at} />
        </span>
        <strong className="notice-row__title">{notice.title}</strong>
      </Link>
    </li>
  )
}

/** The list's body on a given actor: the notices, or their loading, failed or empty state. */
export function NoticesView({ actor }: { actor: NoticesActor }) {
  const { t } = useT()
  const view = useSelector(
    actor,
    (s) => ({
      failed: s.matches('failed'),
      notices: s.context.notices,
      unreadNum: s.context.unreadNum,
      more: s.context.nextPage !== null,
      loadingMore: s.matches('loadingMore'),
      moreFailed: s.matches('moreFailed'),
    }),
    shallowEqual,
  )
  let body
  if (view.failed)
    body = (
      <div className="list-empty" role="alert">
        <p>{t('notice.loadFailed')}</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => actor.send({ type: 'notices.retry' })}
        >
          {t('common.retry')}
        </button>
      </div>
    )
  else if (view.notices === null) body = <p aria-busy="true">{t('common.loading')}</p>
  else if (view.notices.length === 0) body = <p className="list-empty">{t('notice.empty')}</p>
  else
    body = (
      <div aria-busy={view.loadingMore}>
        <ul className="notice-list">
          {view.notices.map((n) => (
            <NoticeRow key={n.id} notice={n} />
          ))}
        </ul>
        {view.moreFailed && <p role="alert">{t('notice.moreFailed')}</p>}
        {view.more && (
          <button
            type="button"
            className="button button--ghost list-more"
            disabled={view.loadingMore}
            onClick={() => actor.send({ type: 'notices.more' })}
          >
            {view.loadingMore ? t('common.loading') : t('notice.more')}
          </button>
        )}
      </div>
    )
  return (
    <article className="notice-page" aria-labelledby="notice-title">
      <h1 id="notice-title">{t('notice.title')}</h1>
      {view.unreadNum > 0 && (
        <p className="notice-count">{t('notice.unreadNum', { num: view.unreadNum })}</p>
      )}
      {body}
    </article>
  )
}

/** `/notice` (SPEC §2, auth): the user's notices, newest first, unread ones marked. */
export function NoticesPage({ logic }: { logic: typeof noticesMachine }) {
  const { t } = useT()
  const actor = usePageActor(logic)
  useDocumentTitle(t('notice.title'))
  return <NoticesView actor={actor} />
}
