import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { EcItemForm, ecEditorMachine } from '../../machines/ec-shop/ec-editor.machine.ts'
import { usePageActor, useT } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { LoadFailed, StatusPage } from '../components/StatusBlocks.tsx'
import { FieldShell, errorAttributes, useFocusFirstInvalid } from './FieldShell.tsx'
import { useYen } from './parts.tsx'

type TextField = Exclude<keyof EcItemForm, 'is_hidden' | 'category_id' | 'description'>

/** `/r/{room_url_key}/edit_ec_items_for_room_owner`: the owner creates, edits and hides items. */
export function EcEditorPage({
  logic,
  roomUrlKey,
}: {
  logic: typeof ecEditorMachine
  roomUrlKey: string
}) {
  const { t } = useT()
  const yen = useYen()
  const actor = usePageActor(logic, { input: { roomUrlKey } })
  const view = useSelector(
    actor,
    (s) => ({
      state: typeof s.value === 'string' ? s.value : 'loading',
      config: s.context.config,
      items: s.context.items,
      categories: s.context.categories,
      itemId: s.context.itemId,
      form: s.context.form,
      errors: s.context.fieldErrors,
    }),
    shallowEqual,
  )
  useDocumentTitle(t('ecEditor.title'))
  const { form, errors, config } = view
  const focus = useFocusFirstInvalid(errors)

  if (view.state === 'forbidden') {
    return (
      <StatusPage code={403} title={t('ecEditor.forbidden')}>
        <Link to="/r/$roomUrlKey/ec_items" params={{ roomUrlKey }} className="button button--ghost">
          {t('ecEditor.toShop')}
        </Link>
      </StatusPage>
    )
  }
  if (view.state === 'notFound') return <StatusPage code={404} title={t('ec.noRoom')} />
  if (view.state === 'failed') {
    return (
      <LoadFailed
        message={t('ec.loadFailed')}
        onRetry={() => actor.send({ type: 'editor.retry' })}
      />
    )
  }
  if (!config) return <p aria-busy="true">{t('common.loading')}</p>

  const change = (field: keyof EcItemForm, value: string | boolean) =>
    actor.send({ type: 'form.change', field, value })
  const idOf = (field: keyof EcItemForm) => `ec-${field}`
  const input = (field: TextField, extra: { inputMode?: 'numeric' } = {}) => (
    <FieldShell id={idOf(field)} label={t(`ecEditor.field.${field}`)} error={errors[field]}>
      <input
        className="field__input"
        id={idOf(field)}
        name={field}
        value={form[field]}
        {...extra}
        {...errorAttributes(idOf(field), errors[field])}
        onChange={(e) => change(field, e.target.value)}
      />
    </FieldShell>
  )
  const editing = view.state === 'editing' || view.state === 'saving'

  return (
    <section className="shop" aria-labelledby="ec-editor-title">
      <p className="shop__crumbs">
        <Link to="/r/$roomUrlKey/ec_items" params={{ roomUrlKey }}>
          {t('ecEditor.toShop')}
        </Link>
      </p>
      <h1 id="ec-editor-title">{t('ecEditor.title')}</h1>
      <p>{config.room_name}</p>
      {!editing && (
        <button
          type="button"
          className="button button--primary"
          onClick={() => actor.send({ type: 'item.new' })}
        >
          {t('ecEditor.add')}
        </button>
      )}

      {editing && (
        <form
          ref={focus.form}
          className="shop-form"
          aria-label={view.itemId === null ? t('ecEditor.add') : t('ecEditor.edit')}
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            focus.submitted()
            actor.send({ type: 'form.submit' })
          }}
        >
          {input('name')}
          <FieldShell
            id={idOf('description')}
            label={t('ecEditor.field.description')}
            error={errors.description}
          >
            <textarea
              className="field__input"
              id={idOf('description')}
              name="description"
              rows={3}
              value={form.description}
              {...errorAttributes(idOf('description'), errors.description)}
              onChange={(e) => change('description', e.target.value)}
            />
          </FieldShell>
          <FieldShell
            id={idOf('category_id')}
            label={t('ecEditor.field.category_id')}
            error={errors.category_id}
          >
            <select
              className="field__input"
              id={idOf('category_id')}
              name="category_id"
              value={form.category_id}
              {...errorAttributes(idOf('category_id'), errors.category_id)}
              onChange={(e) => change('category_id', e.target.value)}
            >
              {view.categories.map((c) => (
                <option key={c.category_id} value={String(c.category_id)}>
                  {c.name}
                </option>
              ))}
            </select>
          </FieldShell>
          {input('price', { inputMode: 'numeric' })}
          {input('stock', { inputMode: 'numeric' })}
          <label className="field field--check">
            <input
              type="checkbox"
              name="is_hidden"
              checked={form.is_hidden}
              onChange={(e) => change('is_hidden', e.target.checked)}
            />
            {t('ecEditor.field.is_hidden')}
          </label>
          <div className="shop__actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => actor.send({ type: 'form.cancel' })}
            >
              {t('gacha.cancel')}
            </button>
            <button
              type="submit"
              className="button button--primary"
              disabled={view.state === 'saving'}
            >
              {view.state === 'saving' ? t('shop.saving') : t('ecEditor.save')}
            </button>
          </div>
        </form>
      )}

      <h2>{t('ecEditor.items')}</h2>
      {view.items.length === 0 ? (
        <p>{t('ec.none')}</p>
      ) : (
        <table className="shop-table">
          <thead>
            <tr>
              <th scope="col">{t('ecEditor.field.name')}</th>
              <th scope="col">{t('ecEditor.field.price')}</th>
              <th scope="col">{t('ecEditor.field.stock')}</th>
              <th scope="col">{t('ecEditor.sold')}</th>
              <th scope="col">{t('ecEditor.visibility')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('ecEditor.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {view.items.map((item) => (
              <tr key={item.item_id} data-testid={`owner-item-${item.item_id}`}>
                <td>{item.name}</td>
                <td>{yen(item.price)}</td>
                <td>{item.stock ?? t('ecEditor.unlimited')}</td>
                <td>{item.sold_count}</td>
                <td>{item.is_hidden ? t('ecEditor.hidden') : t('ecEditor.shown')}</td>
                <td>
                  <button
                    type="button"
                    className="link-button"
                    disabled={view.state !== 'list'}
                    aria-label={t('ecEditor.editItem', { name: item.name })}
                    onClick={() => actor.send({ type: 'item.edit', itemId: item.item_id })}
                  >
                    {t('ecEditor.edit')}
                  </button>{' '}
                  <button
                    type="button"
                    className="link-button"
                    disabled={view.state !== 'list'}
                    aria-busy={view.state === 'toggling' && view.itemId === item.item_id}
                    aria-label={t(item.is_hidden ? 'ecEditor.showItem' : 'ecEditor.hideItem', {
                      name: item.name,
                    })}
                    onClick={() => actor.send({ type: 'item.toggleHidden', itemId: item.item_id })}
                  >
                    {item.is_hidden ? t('ecEditor.show') : t('ecEditor.hide')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
