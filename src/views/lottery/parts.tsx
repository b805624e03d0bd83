import { rarest, type DrawnPrize, type GachaSummary, type PrizeOdds } from '../../domain/gacha.ts'
import { useT } from '../app-context.tsx'
import { formatTokyo } from '../tokyo-time.ts'
import './lottery.css'

/** The period of a limited gacha, in Tokyo time. */
export function GachaPeriod({ gacha }: { gacha: Pick<GachaSummary, 'starts_at' | 'ends_at'> }) {
  const { t, locale } = useT()
  if (gacha.ends_at === null) return null
  const format = (unix: number) => formatTokyo(unix, locale)
  return (
    <p className="gacha__period" data-testid="gacha-period">
      {t('gacha.period', {
        from: gacha.starts_at === null ? '' : format(gacha.starts_at),
        until: format(gacha.ends_at),
      })}
    </p>
  )
}

/** The prize table: every prize with its rarity and its odds in percent. */
export function OddsTable({ prizes }: { prizes: readonly PrizeOdds[] }) {
  const { t } = useT()
  return (
    <table className="odds" aria-label={t('gacha.oddsTitle')}>
      <thead>
        <tr>
          <th scope="col">{t('gacha.rarity')}</th>
          <th scope="col">{t('gacha.prize')}</th>
          <th scope="col">{t('gacha.odds')}</th>
        </tr>
      </thead>
      <tbody>
        {prizes.map((p) => (
          <tr key={p.prize_id}>
            <td>
              <span className={`rarity rarity--${p.rarity}`}>{p.rarity}</span>
            </td>
            <th scope="row">
              <img src={p.image} alt="" width={32} height={32} /> {p.name}
            </th>
            <td className="odds__value">{p.probability}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** What a draw gave, rarest first marked; a free gift stopped by its cap says so. */
export function PrizeList({
  prizes,
}: {
  prizes: ReadonlyArray<
    Pick<DrawnPrize, 'prize_id' | 'name' | 'rarity' | 'image' | 'granted_num'> & { num?: number }
  >
}) {
  const { t } = useT()
  return (
    <ol className="prizes" aria-label={t('gacha.resultTitle')}>
      {prizes.map((p, i) => (
        <li key={`${p.prize_id}-${i}`} className={`prizes__item rarity-frame--${p.rarity}`}>
          <img src={p.image} alt="" width={56} height={56} />
          <span className={`rarity rarity--${p.rarity}`}>{p.rarity}</span>
          <span className="prizes__name">{p.name}</span>
          {p.num !== undefined && p.granted_num < p.num && (
            <span className="prizes__note">{t('gacha.capped', { num: p.granted_num })}</span>
          )}
        </li>
      ))}
    </ol>
  )
}

/** An alert with a button to try again. */
export function RetryAlert({
  message,
  action,
  onRetry,
}: {
  message: string
  action: string
  onRetry: () => void
}) {
  return (
    <p role="alert">
      {message}{' '}
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {action}
      </button>
    </p>
  )
}

/** The reveal: capsules open in turn, coloured by the rarest prize; it can be skipped. */
export function RevealOverlay({
  prizes,
  onSkip,
}: {
  prizes: readonly DrawnPrize[]
  onSkip: () => void
}) {
  const { t } = useT()
  return (
    <div
      className={`reveal reveal--${rarest(prizes)}`}
      role="dialog"
      aria-label={t('gacha.revealing')}
    >
      <div className="reveal__capsules" aria-hidden="true">
        {prizes.map((p, i) => (
          <span
            key={`${p.prize_id}-${i}`}
            className="reveal__capsule"
            style={{ animationDelay: `${i * 0.15}s` }}
          />
        ))}
      </div>
      <p className="reveal__text">{t('gacha.revealing')}</p>
      <button type="button" className="button button--ghost reveal__skip" onClick={onSkip}>
        {t('gacha.skip')}
      </button>
    </div>
  )
}
