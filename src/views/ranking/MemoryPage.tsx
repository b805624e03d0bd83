import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { RoomMemoryAnswer } from '../../contract/memory.ts'
import type { memoryMachine } from '../../machines/memory/memory.machine.ts'
import { useAuth, useT, usePageActor } from '../app-context.tsx'
import { LoadFailed } from '../components/StatusBlocks.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { MonthChart } from './MonthChart.tsx'
import './standing.css'

/** The year in Tokyo at a moment (ms). */
const tokyoYear = (ms: number) =>
  Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Tokyo' }).format(ms))

/** The previous and next years, keeping the room the address names. */
function YearNav({ year, room, nowMs }: { year: number; room: string | null; nowMs: number }) {
  const { t } = useT()
  const search = room === null ? {} : { room }
  return (
    <nav className="memory__years" aria-label={t('memory.years')}>
      {year > 2000 ? (
        <Link
          to="/room_memory/$year"
          params={{ year: year - 1 }}
          search={search}
          className="button button--ghost"
        >
          {t('memory.year', { year: year - 1 })}
        </Link>
      ) : (
        <span />
      )}
      {year < tokyoYear(nowMs) ? (
        <Link
          to="/room_memory/$year"
          params={{ year: year + 1 }}
          search={search}
          className="button button--ghost"
        >
          {t('memory.year', { year: year + 1 })}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}

/** The year's numbers, its best fans and event, the months' chart and a way to share it. */
function Memory({ memory }: { memory: RoomMemoryAnswer }) {
  const { t, locale } = useT()
  const number = (n: number) => new Intl.NumberFormat(locale).format(n)
  const hours = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(
    memory.seconds_on_air / 3600,
  )
  const facts: Array<[string, string]> = [
    ['memory.lives', number(memory.lives)],
    ['memory.hours', hours],
    ['memory.paidPoints', number(memory.paid_points)],
    ['memory.freePoints', number(memory.free_points)],
    ['memory.comments', number(memory.comments)],
    ['memory.viewers', number(memory.viewers)],
    ['memory.newFollowers', number(memory.new_followers)],
    ['memory.medals', number(memory.medals)],
  ]
  const shareText = t('memory.shareText', { name: memory.room_name, year: memory.year })
  return (
    <>
      <dl className="memory__facts" data-testid="memory-facts">
        {facts.map(([key, value]) => (
          <div key={key}>
            <dt>{t(key)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section className="standing__card" aria-labelledby="memory-chart-title">
        <h2 id="memory-chart-title">{t('memory.chart')}</h2>
        <MonthChart months={memory.months} titleId="memory-chart-title" />
      </section>
      <section className="standing__card" aria-labelledby="memory-fans">
        <h2 id="memory-fans">{t('memory.topFans')}</h2>
        {memory.top_fans.length === 0 ? (
          <p>{t('memory.noFans')}</p>
        ) : (
          <ol className="memory__fans">
            {memory.top_fans.map((fan) => (
              <li key={fan.user_id}>
                <span className="memory__fan-rank">{t('ranking.rank', { rank: fan.rank })}</span>
                <img src={fan.avatar_url} alt="" width={40} height={40} loading="lazy" />
                <span className="memory__fan-name">{fan.name}</span>
                <span className="memory__fan-points">
                  {t('ranking.score', { score: number(fan.points) })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className="standing__card" aria-labelledby="memory-event">
        <h2 id="memory-event">{t('memory.bestEvent')}</h2>
        {memory.best_event ? (
          <p>
            <Link
              to="/event/$eventUrlKey"
              params={{ eventUrlKey: memory.best_event.event_url_key }}
              className="memory__event"
            >
              {memory.best_event.event_name}
            </Link>{' '}
            {t('ranking.rank', { rank: memory.best_event.rank })}
          </p>
        ) : (
          <p>{t('memory.noEvent')}</p>
        )}
      </section>
      <section className="standing__card" aria-labelledby="memory-share">
        <h2 id="memory-share">{t('memory.share')}</h2>
        <p className="memory__share">
          <a href={memory.share_url} data-testid="memory-share-url">
            {memory.share_url}
          </a>
        </p>
        <a
          className="button button--primary"
          href={`https://twitter.com/intent/tweet?${new URLSearchParams({ text: shareText, url: memory.share_url }).toString()}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('memory.shareOnX')}
        </a>
      </section>
    </>
  )
}

/** `/room_memory/{year}`: a room's year in numbers and pictures, to keep and to share. */
export function MemoryPage({
  logic,
  year,
  roomUrlKey,
  nowMs,
}: {
  logic: typeof memoryMachine
  year: number
  roomUrlKey: string | null
  nowMs: number
}) {
  const { t } = useT()
  const auth = useAuth()
  const actor = usePageActor(logic, { input: { year, roomUrlKey } })
  const memory = useSelector(actor, (s) => s.context.memory)
  const state = useSelector(actor, (s) =>
    (['noRoom', 'notFound', 'failed'] as const).find((name) => s.matches(name)),
  )
  const heading = memory
    ? t('memory.title', { name: memory.room_name, year })
    : t('memory.titleYear', { year })
  useDocumentTitle(heading)

  let body
  if (state === 'noRoom')
    body = (
      <p role="note">
        {t('memory.noRoom')}{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => auth.send({ type: 'login.open', kind: 1 })}
        >
          {t('header.login')}
        </button>
      </p>
    )
  else if (state === 'notFound') body = <p role="note">{t('memory.notFound')}</p>
  else if (state === 'failed')
    body = (
      <LoadFailed
        message={t('memory.loadFailed')}
        onRetry={() => actor.send({ type: 'memory.retry' })}
      />
    )
  else if (!memory) body = <p aria-busy="true">{t('common.loading')}</p>
  else body = <Memory memory={memory} />

  return (
    <article className="standing memory" aria-labelledby="memory-title">
      <header className="memory__head">
        {memory?.image && <img src={memory.image} alt="" width={96} height={96} />}
        <h1 id="memory-title">{heading}</h1>
      </header>
      <YearNav year={year} room={roomUrlKey} nowMs={nowMs} />
      {body}
    </article>
  )
}
