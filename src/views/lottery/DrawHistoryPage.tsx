import { Link } from '@tanstack/react-router'
import type { DrawHistory } from '../../effects/api/gacha.ts'
import { useT } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { PrizeList } from './parts.tsx'
import { formatTokyo } from '../tokyo-time.ts'
import './lottery.css'

/** `/lottery/history?page=N`: the user's draws, newest first, with what each gave. */
export function DrawHistoryPage({ history }: { history: DrawHistory }) {
  const { t, locale } = useT()
  useDocumentTitle(t('gacha.historyTitle'))
  return (
    <section className="lottery" aria-labelledby="history-title">
      <p className="gacha__crumbs">
        <Link to="/lottery/list">{t('gacha.listTitle')}</Link>
      </p>
      <h1 id="history-title">{t('gacha.historyTitle')}</h1>
      {history.hist.length === 0 ? (
        <p>{t('gacha.historyEmpty')}</p>
      ) : (
        <ul className="history" aria-label={t('gacha.historyTitle')}>
          {history.hist.map((entry) => (
            <li key={entry.draw_id} className="history__entry">
              <p className="history__head">
                <strong>{entry.gacha_name}</strong>{' '}
                {t('gacha.historyLine', {
                  count: entry.draw_count,
                  gold: new Intl.NumberFormat(locale).format(entry.price),
                })}{' '}
                <time dateTime={new Date(entry.created_at * 1000).toISOString()}>
                  {formatTokyo(entry.created_at, locale)}
                </time>
              </p>
              <PrizeList prizes={entry.prizes} />
            </li>
          ))}
        </ul>
      )}
      <nav className="pager" aria-label={t('gacha.pages')}>
        {history.page > 1 && (
          <Link to="/lottery/history" search={{ page: history.page - 1 }}>
            {t('gacha.newer')}
          </Link>
        )}
        {history.has_next && (
          <Link to="/lottery/history" search={{ page: history.page + 1 }}>
            {t('gacha.older')}
          </Link>
        )}
      </nav>
    </section>
  )
}
