import { useSelector } from '@xstate/react'
import { REPORT_COMMENT_MAX } from '../../machines/report/report.machine.ts'
import { useT } from '../app-context.tsx'
import { FormError } from '../components/FormError.tsx'
import { Modal } from '../components/Modal.tsx'
import type { ReportActor } from './types.ts'

/** The report dialog (SPEC §7 Reports) of the live or of one user from the comment list. */
export function ReportDialog({ actor, isOwner }: { actor: ReportActor; isOwner: boolean }) {
  const { t } = useT()
  const open = useSelector(actor, (s) => !s.matches('closed'))
  const loading = useSelector(actor, (s) => s.matches('loading'))
  const sending = useSelector(actor, (s) => s.matches('sending'))
  const target = useSelector(actor, (s) => s.context.target)
  const categories = useSelector(actor, (s) => s.context.categories)
  const categoryId = useSelector(actor, (s) => s.context.categoryId)
  const comment = useSelector(actor, (s) => s.context.comment)
  const block = useSelector(actor, (s) => s.context.block)
  const error = useSelector(actor, (s) => s.context.error)
  if (!open || !target) return null

  const title =
    target.kind === 'user' ? t('report.titleUser', { name: target.name }) : t('report.titleLive')
  return (
    <Modal
      title={title}
      onClose={() => actor.send({ type: 'report.close' })}
      closeLabel={t('common.dismiss')}
    >
      {loading ? (
        <p aria-busy="true">{t('common.loading')}</p>
      ) : (
        <form
          className="auth-form"
          aria-busy={sending}
          onSubmit={(e) => {
            e.preventDefault()
            actor.send({ type: 'report.submit' })
          }}
        >
          <FormError message={error ? t(error) : null} />
          <label className="field">
            <span className="field__label">{t('report.category')}</span>
            <select
              className="field__input"
              value={categoryId ?? ''}
              onChange={(e) =>
                actor.send({ type: 'report.category', id: Number(e.currentTarget.value) })
              }
            >
              <option value="" disabled>
                {t('report.chooseCategory')}
              </option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{t('report.comment')}</span>
            <textarea
              className="field__input"
              rows={3}
              value={comment}
              aria-invalid={Array.from(comment).length > REPORT_COMMENT_MAX}
              onChange={(e) => actor.send({ type: 'report.comment', text: e.currentTarget.value })}
            />
          </label>
          {target.kind === 'user' && isOwner && (
            <label className="field field--check">
              <input
                type="checkbox"
                checked={block}
                onChange={(e) =>
                  actor.send({ type: 'report.block', block: e.currentTarget.checked })
                }
              />
              <span>{t('report.block')}</span>
            </label>
          )}
          <button type="submit" className="button button--primary button--wide" disabled={sending}>
            {t('report.submit')}
          </button>
        </form>
      )}
    </Modal>
  )
}
