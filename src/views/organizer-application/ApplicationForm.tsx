import { shallowEqual, useSelector } from '@xstate/react'
import { useT } from '../app-context.tsx'
import { TextField } from '../components/TextField.tsx'
import { useFocusFirstInvalid } from '../shop/FieldShell.tsx'
import { APPLICATION_FIELDS, type ApplicationActor } from './fields.ts'

/** The form step: every field labelled, its message beside it, the text as typed. */
export function ApplicationForm({ actor }: { actor: ApplicationActor }) {
  const { t } = useT()
  const view = useSelector(
    actor,
    (s) => ({
      form: s.context.form,
      errors: s.context.errors,
      rejected:
        s.context.application?.status === 'rejected' ? s.context.application.decided_note : null,
    }),
    shallowEqual,
  )
  const { form: formRef, submitted } = useFocusFirstInvalid(view.errors)
  return (
    <form
      ref={formRef}
      className="organizer-apply__card organizer-apply__stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        submitted()
        actor.send({ type: 'application.next' })
      }}
    >
      <p className="organizer-apply__note">{t('organizerRegister.intro')}</p>
      {view.rejected !== null && (
        <div className="notice notice--error" role="status">
          <p>{t('organizerRegister.rejectedNote')}</p>
          {view.rejected && (
            <p>{t('organizerRegister.rejectedReason', { reason: view.rejected })}</p>
          )}
        </div>
      )}
      {APPLICATION_FIELDS.map((spec) => (
        <TextField
          key={spec.field}
          id={`organizer-apply-${spec.field}`}
          name={spec.field}
          label={t(spec.label)}
          mark={
            <span className="organizer-apply__mark">
              {t(spec.optional ? 'organizerRegister.optional' : 'organizerRegister.required')}
            </span>
          }
          hint={spec.hint && t(spec.hint)}
          value={view.form[spec.field]}
          error={view.errors[spec.field]}
          autoComplete={spec.autoComplete}
          type={spec.type}
          inputMode={spec.inputMode}
          required={!spec.optional}
          onChange={(value) => actor.send({ type: 'application.change', field: spec.field, value })}
        />
      ))}
      <div className="organizer-apply__actions">
        <button type="submit" className="button button--primary">
          {t('organizerRegister.next')}
        </button>
      </div>
    </form>
  )
}
