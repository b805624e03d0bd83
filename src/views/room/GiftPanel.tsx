import { useState } from 'react'
import { useSelector } from '@xstate/react'
import { giftLimit, type Gift, type Wallet } from '../../domain/gifts.ts'
import { useT } from '../app-context.tsx'
import { Modal } from '../components/Modal.tsx'
import type { GiftActor } from './types.ts'
import './gifts.css'

/** Why a gift cannot be chosen now, as a message key; null when it can. */
function blockedReason(gift: Gift, wallet: Wallet): string | null {
  if (giftLimit(gift, wallet) > 0) return null
  return gift.free ? 'gift.noStock' : 'gift.notEnough'
}

/**
 * The gift panel (SPEC §4): tabs of gift groups, each gift with its points or free stock and a NEW
 * label; the count is limited by what the viewer holds; paid gifts ask first when so set.
 */
export function GiftPanel({ actor }: { actor: GiftActor }) {
  const { t, locale } = useT()
  const status = useSelector(actor, (s) =>
    s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready',
  )
  const groups = useSelector(actor, (s) => s.context.groups)
  const wallet = useSelector(actor, (s) => s.context.wallet)
  const selected = useSelector(actor, (s) => s.context.selected)
  const count = useSelector(actor, (s) => s.context.count)
  const sending = useSelector(actor, (s) => s.matches({ ready: 'sending' }))
  const confirming = useSelector(actor, (s) => s.matches({ ready: 'confirming' }))
  const fanLevel = useSelector(actor, (s) => s.context.fanLevel)
  const bulkSending = useSelector(actor, (s) => s.matches({ ready: 'sendingBulk' }))
  const [tab, setTab] = useState<number | null>(null)
  const [dontAsk, setDontAsk] = useState(false)

  if (status === 'loading') return <p aria-busy="true">{t('common.loading')}</p>
  if (status === 'failed') {
    return (
      <div className="gift-panel" role="alert">
        <p>{t('gift.loadFailed')}</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => actor.send({ type: 'gift.retry' })}
        >
          {t('common.retry')}
        </button>
      </div>
    )
  }
  const current =
    tab ??
    Math.max(
      0,
      groups.findIndex((g) => g.is_default),
    )
  const group = groups[current]
  const limit = selected ? giftLimit(selected, wallet) : 0

  return (
    <section className="gift-panel" aria-label={t('gift.panel')}>
      <div className="gift-panel__head">
        <div role="tablist" className="gift-panel__tabs">
          {groups.map((g, i) => (
            <button
              key={g.name}
              type="button"
              role="tab"
              id={`gift-tab-${i}`}
              aria-controls="gift-tabpanel"
              aria-selected={i === current}
              className="chip"
              onClick={() => setTab(i)}
            >
              {g.name}
            </button>
          ))}
        </div>
        <p className="gift-panel__wallet">
          <span data-testid="gift-wallet">
            {t('gift.wallet', {
              // Exact, not compact: the viewer is about to spend it.
              gold: new Intl.NumberFormat(locale).format(wallet.gold + wallet.expiringGold),
            })}
          </span>
          {fanLevel > 0 && <span> · {t('gift.fanLevel', { level: fanLevel })}</span>}
        </p>
      </div>
      <div role="tabpanel" id="gift-tabpanel" aria-labelledby={`gift-tab-${current}`}>
        <ul className="gift-panel__gifts">
          {group?.gift_list.map((g) => {
            const reason = blockedReason(g, wallet)
            return (
              <li key={g.gift_id} className="gift-panel__item">
                {/* The name is the tile's own text (the gift's name for screen readers), so what
                  is seen is what is heard; why it cannot be sent is said beside it. */}
                <button
                  type="button"
                  className="gift"
                  aria-pressed={selected?.gift_id === g.gift_id}
                  aria-describedby={reason ? `gift-reason-${g.gift_id}` : undefined}
                  disabled={reason !== null}
                  onClick={() => actor.send({ type: 'gift.select', giftId: g.gift_id })}
                >
                  <img src={g.image} alt="" width={40} height={40} loading="lazy" />
                  <span className="visually-hidden">{g.gift_name}</span>{' '}
                  <span className="gift__price">
                    {g.free
                      ? t('gift.free', { count: wallet.freeNums[g.gift_id] ?? 0 })
                      : t('gift.point', { point: g.point })}
                  </span>
                  {g.label !== 0 && <span className="gift__new">{t('gift.new')}</span>}
                </button>
                {reason && (
                  <span id={`gift-reason-${g.gift_id}`} className="gift__reason">
                    {t(reason)}
                  </span>
                )}
              </li>
            )
          })}
        </ul>
      </div>
      <form
        className="gift-panel__send"
        aria-busy={sending}
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: 'gift.send' })
        }}
      >
        <span className="gift-panel__chosen">
          {selected ? selected.gift_name : t('gift.choose')}
        </span>
        <label className="gift-panel__count">
          <span>{t('gift.count')}</span>
          <input
            type="number"
            className="field__input"
            min={limit > 0 ? 1 : 0}
            max={limit}
            value={count}
            disabled={!selected || limit === 0}
            onChange={(e) =>
              actor.send({ type: 'gift.count', count: Number(e.currentTarget.value) })
            }
          />
        </label>
        <button
          type="submit"
          className="button button--primary"
          disabled={!selected || count < 1 || sending}
        >
          {t('gift.send')}
        </button>
        {group?.gift_list.some((g) => g.free && g.point > 0) && (
          <button
            type="button"
            className="button button--ghost"
            disabled={
              bulkSending ||
              !group.gift_list.some((g) => g.free && (wallet.freeNums[g.gift_id] ?? 0) > 0)
            }
            onClick={() => actor.send({ type: 'gift.bulk' })}
          >
            {t('gift.bulk')}
          </button>
        )}
      </form>
      {confirming && selected && (
        <Modal
          title={t('gift.confirmTitle')}
          onClose={() => actor.send({ type: 'gift.cancel' })}
          closeLabel={t('common.dismiss')}
        >
          <p>
            {t('gift.confirmText', {
              name: selected.gift_name,
              count,
              total: selected.point * count,
            })}
          </p>
          <label className="field field--check">
            <input
              type="checkbox"
              checked={dontAsk}
              onChange={(e) => setDontAsk(e.currentTarget.checked)}
            />
            <span>{t('gift.dontAsk')}</span>
          </label>
          <div className="welcome-editor__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                if (dontAsk) actor.send({ type: 'gift.confirmPaid', on: false })
                actor.send({ type: 'gift.confirm' })
              }}
            >
              {t('gift.confirm')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => actor.send({ type: 'gift.cancel' })}
            >
              {t('gift.cancel')}
            </button>
          </div>
        </Modal>
      )}
    </section>
  )
}
