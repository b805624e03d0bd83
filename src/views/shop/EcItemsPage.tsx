import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import { maxQuantity, type ecShopMachine } from '../../machines/ec-shop/ec-shop.machine.ts'
import { usePageActor, useApp, useT } from '../app-context.tsx'
import { Modal } from '../components/Modal.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { LoadFailed, StatusPage } from '../components/StatusBlocks.tsx'
import { useYen } from './parts.tsx'

interface EcItemsProps {
  logic: typeof ecShopMachine
  roomUrlKey: string
}

/** `/r/{room_url_key}/ec_items`: the room's items by category, buying one, and purchase logs. */
export function EcItemsPage(props: EcItemsProps) {
  const loggedIn = useApp((s) => s.context.user?.is_login === true)
  // Logging in or out is a new visit of the shop (purchase logs, who may buy).
  return <EcShop key={String(loggedIn)} {...props} loggedIn={loggedIn} />
}

function EcShop({ logic, roomUrlKey, loggedIn }: EcItemsProps & { loggedIn: boolean }) {
  const { t, locale } = useT()
  const yen = useYen()
  const actor = usePageActor(logic, { input: { roomUrlKey, loggedIn } })
  const view = useSelector(
    actor,
    (s) => ({
      state: typeof s.value === 'string' ? s.value : 'loading',
      config: s.context.config,
      items: s.context.items,
      categories: s.context.categories,
      categoryId: s.context.categoryId,
      logs: s.context.logs,
      item: s.context.item,
      quantity: s.context.quantity,
    }),
    shallowEqual,
  )
  const { config } = view
  useDocumentTitle(config ? t('ec.title', { room: config.room_name }) : t('ec.shop'))

  if (view.state === 'failed') {
    return (
      <LoadFailed message={t('ec.loadFailed')} onRetry={() => actor.send({ type: 'shop.retry' })} />
    )
  }
  if (view.state === 'notFound') return <StatusPage code={404} title={t('ec.noRoom')} />
  if (view.state === 'redirecting') return <p aria-busy="true">{t('shop.redirecting')}</p>
  if (!config) return <p aria-busy="true">{t('common.loading')}</p>

  const shown = view.items.filter((i) => view.categoryId === 0 || i.category_id === view.categoryId)
  const dateTime = (unix: number) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(unix * 1000),
    )
  return (
    <section className="shop" aria-labelledby="ec-title">
      <p className="shop__crumbs">
        <Link to="/r/$roomUrlKey" params={{ roomUrlKey }}>
          {config.room_name}
        </Link>
      </p>
      <h1 id="ec-title">{t('ec.title', { room: config.room_name })}</h1>
      {config.is_owner && (
        <p>
          <Link to="/r/$roomUrlKey/edit_ec_items_for_room_owner" params={{ roomUrlKey }}>
            {t('ec.editLink')}
          </Link>
        </p>
      )}
      <div className="shop-tabs" role="group" aria-label={t('ec.categories')}>
        {[{ category_id: 0, name: t('ec.all') }, ...view.categories].map((c) => (
          <button
            key={c.category_id}
            type="button"
            className={c.category_id === view.categoryId ? 'chip chip--on' : 'chip'}
            aria-pressed={c.category_id === view.categoryId}
            onClick={() => actor.send({ type: 'shop.filter', categoryId: c.category_id })}
          >
            {c.name}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p>{t('ec.none')}</p>
      ) : (
        <ul className="shop-grid shop-grid--items">
          {shown.map((item) => (
            <li key={item.item_id} className="shop-card" data-testid={`ec-item-${item.item_id}`}>
              <img className="shop-card__image" src={item.image} alt="" width={240} height={160} />
              <h2 className="shop-card__name">{item.name}</h2>
              <p className="shop-card__category">{item.category_name}</p>
              <p>{item.description}</p>
              <p className="shop-card__price">{yen(item.price)}</p>
              <p className="shop-card__stock">
                {item.stock === null
                  ? t('ec.inStock')
                  : item.stock === 0
                    ? t('ec.soldOutLabel')
                    : t('ec.stockLeft', { count: item.stock })}
              </p>
              {!config.is_owner && (
                <button
                  type="button"
                  className="button button--primary"
                  disabled={maxQuantity(item) === 0}
                  aria-label={t('ec.buyItem', { name: item.name })}
                  onClick={() => actor.send({ type: 'item.choose', itemId: item.item_id })}
                >
                  {t('ec.buy')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}

      {loggedIn && (
        <>
          <h2>{config.is_owner ? t('ec.salesLog') : t('ec.myPurchases')}</h2>
          {view.logs.length === 0 ? (
            <p>{t('ec.noLogs')}</p>
          ) : (
            <ul className="shop-logs" data-testid="ec-logs">
              {view.logs.map((log) => (
                <li key={log.order_id}>
                  <time>{dateTime(log.paid_at)}</time> {log.item_name} × {log.quantity}（
                  {yen(log.amount)}）{config.is_owner ? ` — ${log.user_name}` : ''}
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      {view.item && (view.state === 'choosing' || view.state === 'paying') && (
        <Modal
          title={t('ec.confirmTitle')}
          closeLabel={t('common.dismiss')}
          onClose={() => actor.send({ type: 'item.cancel' })}
        >
          <p>{view.item.name}</p>
          <label className="field">
            <span className="field__label">{t('ec.quantity')}</span>
            <select
              className="field__input"
              value={view.quantity}
              onChange={(e) =>
                actor.send({ type: 'item.quantity', quantity: Number(e.target.value) })
              }
            >
              {Array.from({ length: maxQuantity(view.item) }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <p data-testid="ec-total">
            {t('ec.total', { total: yen(view.item.price * view.quantity) })}
          </p>
          <p className="shop__note">{t('shop.payNote')}</p>
          <div className="modal__actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => actor.send({ type: 'item.cancel' })}
            >
              {t('gacha.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={view.state === 'paying'}
              onClick={() => actor.send({ type: 'item.buy' })}
            >
              {view.state === 'paying' ? t('shop.reserving') : t('shop.pay')}
            </button>
          </div>
        </Modal>
      )}
    </section>
  )
}
