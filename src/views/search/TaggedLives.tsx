import { useSelector } from '@xstate/react'
import { Link } from '@tanstack/react-router'
import type { taggedLivesMachine } from '../../machines/live-tags/tagged-lives.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { OnliveCard } from '../components/OnliveCard.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import './search.css'
import './tagged-lives.css'

/** `/search?tag=` (public): "#tag の配信中ルーム", the rooms on air with the tag as cards. */
export function TaggedLivesPage({ logic, tag }: { logic: typeof taggedLivesMachine; tag: string }) {
  const { t } = useT()
  const actor = usePageActor(logic, { input: { tag } })
  const lives = useSelector(actor, (s) => s.context.lives)
  const failed = useSelector(actor, (s) => s.matches('failed'))
  const title = t('search.tagTitle', { tag })
  useDocumentTitle(title)
  let body
  if (failed)
    body = (
      <div className="list-empty" role="alert">
        <p>{t('search.tagLoadFailed')}</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => actor.send({ type: 'tagged.retry' })}
        >
          {t('common.retry')}
        </button>
      </div>
    )
  else if (lives === null) body = <p aria-busy="true">{t('common.loading')}</p>
  else if (lives.length === 0)
    body = (
      <div className="list-empty">
        <p>{t('search.tagEmpty')}</p>
        <Link className="button button--ghost" to="/">
          {t('room.backToList')}
        </Link>
      </div>
    )
  else
    body = (
      <ul className="tagged-lives">
        {lives.map((live) => (
          <OnliveCard key={live.live_id} live={live} />
        ))}
      </ul>
    )
  return (
    <article className="search-page" aria-labelledby="tagged-title">
      <h1 id="tagged-title">{title}</h1>
      <section aria-label={t('search.results')}>{body}</section>
    </article>
  )
}
