import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { noticeMachine } from '../../machines/notice/notice.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { NoticeTime } from './NoticesPage.tsx'
import './notice.css'

export type NoticeActor = ActorRefFrom<typeof noticeMachine>

/** A path of this site: only those are linked, and through the router. */
const isOwnPath = (url: string) => url.startsWith('/') && !url.startsWith('//')

/** One notice on a given actor: kind, time, title, body, and where it leads. */
export function NoticeView({ actor }: { actor: NoticeActor }) {
  const { t } = useT()
  const view = useSelector(
    actor,
    (s) => ({
      notice: s.context.notice,
      missing: s.matches('missing'),
      failed: s.matches('failed'),
    }),
    shallowEqual,
  )
  const title = view.notice?.title ?? t('notice.title')
  useDocumentTitle(title)
  let body
  if (view.missing) body = <p className="list-empty">{t('notice.missing')}</p>
  else if (view.failed)
    body = (
      <div className="list-empty" role="alert">
        <p>{t('notice.loadOneFailed')}</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => actor.send({ type: 'notice.retry' })}
        >
          {t('common.retry')}
        </button>
      </div>
    )
  else if (view.notice === null) body = <p aria-busy="true">{t('common.loading')}</p>
  else
    body = (
      <>
        <p className="notice-row__head">
          <span className="notice-row__kind">{t(`notice.kind.${view.notice.kind}`)}</span>
          <NoticeTime at={view.notice.created_at} />
        </p>
        <p className="notice-body">{view.notice.body}</p>
        {isOwnPath(view.notice.url) && (
          <Link to={view.notice.url as '/'} className="button button--primary notice-open">
            {t('notice.open')}
          </Link>
        )}
      </>
    )
  return (
    <article className="notice-page" aria-labelledby="notice-title">
      <Link to="/notice" className="notice-back">
        {t('notice.back')}
      </Link>
      <h1 id="notice-title">{title}</h1>
      {body}
    </article>
  )
}

/** `/notice/{id}` (SPEC §2, auth): one notice; the server marks it read as it answers. */
export function NoticePage({ logic, id }: { logic: typeof noticeMachine; id: number }) {
  const actor = usePageActor(logic, { input: { id } })
  return <NoticeView actor={actor} />
}
