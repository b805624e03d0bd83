import { shallowEqual, useSelector } from '@xstate/react'
import { useT } from '../app-context.tsx'
import { useFocusFirstInvalid } from '../shop/FieldShell.tsx'
import { APPLICATION_FIELDS, type ApplicationActor, type FieldSpec } from './fields.ts'

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
        <Field
          key={spec.field}
          spec={spec}
          actor={actor}
          value={view.form[spec.field]}
          error={view.errors[spec.field]}
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

/** One labelled input, its hint and its message, tied together for assistive technology. */
function Field({
  spec,
  actor,
  value,
  error,
}: {
  spec: FieldSpec
  actor: ApplicationActor
  value: string
  error: string | undefined
}) {
  const { t } = useT()
  const id = `organizer-apply-${spec.field}`
  const describedBy = [spec.hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t(spec.label)}{' '}
        <span className="organizer-apply__mark">
          {t(spec.optional ? 'organizerRegister.optional' : 'organizerRegister.required')}
        </span>
      </label>
      {spec.hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {t(spec.hint)}
        </p>
      )}
      <input
        className="field__input"
        id={id}
        name={spec.field}
        type={spec.type}
        value={value}
        autoComplete={spec.autoComplete}
        {...(spec.inputMode ? { inputMode: spec.inputMode } : {})}
        {...(spec.optional ? {} : { 'aria-required': true })}
        {...(error ? { 'aria-invalid': true } : {})}
        {...(describedBy ? { 'aria-describedby': describedBy } : {})}
        onChange={(e) =>
          actor.send({ type: 'application.change', field: spec.field, value: e.target.value })
        }
      />
      {error && (
        <span className="field__error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  )
}
