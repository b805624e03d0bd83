import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { GachaSummary } from '../../domain/gacha.ts'
import { useApp, useT } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { GachaPeriod } from './parts.tsx'
import './lottery.css'

/** `/lottery/list`: the gachas open now. */
export function LotteryListPage({ gachas }: { gachas: readonly GachaSummary[] }) {
  const { t, locale } = useT()
  const loggedIn = useApp((s) => s.context.user?.is_login === true)
  useDocumentTitle(t('gacha.listTitle'))
  const number = (n: number) => new Intl.NumberFormat(locale).format(n)
  return (
    <section className="lottery" aria-labelledby="lottery-title">
      <h1 id="lottery-title">{t('gacha.listTitle')}</h1>
      {loggedIn && (
        <p>
          <Link to="/lottery/history" search={{ page: 1 }}>
            {t('gacha.historyLink')}
          </Link>
        </p>
      )}
      {gachas.length === 0 ? (
        <p>{t('gacha.none')}</p>
      ) : (
        <ul className="lottery__list">
          {gachas.map((g) => (
            <li key={g.gacha_id} className="lottery__card">
              <GachaLink gacha={g}>
                <img src={g.image} alt="" width={480} height={200} />
                <span className="lottery__name">{g.name}</span>
              </GachaLink>
              <span className={`badge badge--${g.kind}`}>{t(`gacha.kind.${g.kind}`)}</span>
              <span className="lottery__price">
                {g.price === 0
                  ? t(g.kind === 'ad_reward' ? 'gacha.priceAd' : 'gacha.priceFree')
                  : t('gacha.pricePerDraw', { gold: number(g.price) })}
              </span>
              <GachaPeriod gacha={g} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** A gacha's page: the ad-reward one lives under /lottery/ad_reward. */
function GachaLink({ gacha, children }: { gacha: GachaSummary; children: ReactNode }) {
  const params = { id: gacha.gacha_id }
  return gacha.kind === 'ad_reward' ? (
    <Link to="/lottery/ad_reward/$id" params={params} className="lottery__link">
      {children}
    </Link>
  ) : (
    <Link to="/lottery/$id" params={params} className="lottery__link">
      {children}
    </Link>
  )
}
