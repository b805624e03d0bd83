import { useEffect, useState, type ReactNode } from 'react'
import { useRouter } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { onlivesMachine } from '../../machines/onlives/onlives.machine.ts'
import type { upcomingMachine } from '../../machines/upcoming/upcoming.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { OnliveCard } from '../components/OnliveCard.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import './pages.css'

type Strip = {
  Strip: (props: { logic: typeof upcomingMachine }) => React.JSX.Element | null
  logic: typeof upcomingMachine
}

/**
 * The lives to come, loaded once the page has painted (its code is not on the first load's
 * path); a failed load of the code leaves the strip out.
 */
function useUpcomingStrip(): Strip | null {
  const router = useRouter()
  const [strip, setStrip] = useState<Strip | null>(null)
  useEffect(() => {
    let live = true
    const id = requestAnimationFrame(() => {
      Promise.all([import('../upcoming/UpcomingStrip.tsx'), router.options.context.search()]).then(
        ([m, machines]) => live && setStrip({ Strip: m.UpcomingStrip, logic: machines.upcoming }),
        () => {},
      )
    })
    return () => {
      live = false
      cancelAnimationFrame(id)
    }
  }, [router])
  return strip
}

/**
 * The strip after the first genre (Pick Up), or last: one keyed list, so the strip keeps its
 * actor and its scroll when the genres arrive or change around it.
 */
function withStrip(sections: ReactNode[], strip: ReactNode): ReactNode[] {
  if (!strip) return sections
  return [...sections.slice(0, 1), strip, ...sections.slice(1)]
}

/** The home page: rooms on air by genre, Pick Up first, then the lives to come. */
export function HomePage({ logic }: { logic: typeof onlivesMachine }) {
  const { t, locale } = useT()
  const actor = usePageActor(logic, { input: { locale } })
  const genres = useSelector(actor, (s) => s.context.genres)
  const status = useSelector(
    actor,
    (s) => ({ loading: s.matches('loading'), failed: s.context.failed }),
    shallowEqual,
  )
  const upcoming = useUpcomingStrip()
  useDocumentTitle(t('home.title'))

  // Genre names come from the server in the active language.
  useEffect(() => {
    actor.send({ type: 'onlives.locale', locale })
  }, [actor, locale])

  return (
    <section className="home" aria-labelledby="home-title">
      <h1 id="home-title" className="home__title">
        {t('home.heading')}
      </h1>
      {status.failed && (
        <div className="notice notice--error" role="status">
          {t('home.loadFailed')}{' '}
          <button
            type="button"
            className="button button--ghost"
            onClick={() => actor.send({ type: 'onlives.refresh' })}
          >
            {t('common.retry')}
          </button>
        </div>
      )}
      {genres.length === 0 && status.loading && <p aria-busy="true">{t('common.loading')}</p>}
      {genres.length === 0 && !status.loading && !status.failed && <p>{t('home.empty')}</p>}
      {withStrip(
        genres.map((genre) => (
          <section
            key={genre.genre_id}
            className="genre"
            aria-labelledby={`genre-${genre.genre_id}`}
          >
            <h2 id={`genre-${genre.genre_id}`} className="genre__title">
              {genre.genre_name}
            </h2>
            <ul className="onlive-grid">
              {genre.lives.map((live) => (
                <OnliveCard key={`${genre.genre_id}-${live.live_id}`} live={live} />
              ))}
            </ul>
          </section>
        )),
        upcoming && <upcoming.Strip key="upcoming" logic={upcoming.logic} />,
      )}
    </section>
  )
}
