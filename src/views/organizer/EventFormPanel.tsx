import { shallowEqual, useSelector } from '@xstate/react'
import type { EventFormKey } from '../../domain/event-form.ts'
import { GRADES } from '../../domain/grades.ts'
import { useT } from '../app-context.tsx'
import { FieldShell, errorAttributes, useFocusFirstInvalid } from '../shop/FieldShell.tsx'
import type { OrganizerActor } from './types.ts'

type Kind = 'text' | 'area' | 'time' | 'number' | 'type' | 'grade'

/** The form's fields in order, and how each is typed. */
const FIELDS: ReadonlyArray<[EventFormKey, Kind]> = [
  ['name', 'text'],
  ['url_key', 'text'],
  ['event_type', 'type'],
  ['started_at', 'time'],
  ['ended_at', 'time'],
  ['entry_started_at', 'time'],
  ['entry_ended_at', 'time'],
  ['min_follower_num', 'number'],
  ['min_grade_id', 'grade'],
  ['description', 'area'],
  ['rewards', 'area'],
  ['reward_tiers', 'area'],
  ['terms', 'area'],
  ['blocks', 'area'],
  ['image', 'text'],
  ['tutorial_url', 'text'],
]

/** Creating or editing an event: every field with its rule's message beside it. */
export function EventFormPanel({ actor }: { actor: OrganizerActor }) {
  const { t } = useT()
  const view = useSelector(
    actor,
    (s) => ({
      form: s.context.form,
      errors: s.context.fieldErrors,
      editing: s.context.editingId !== null,
      saving: s.matches({ form: 'saving' }),
    }),
    shallowEqual,
  )
  const { form: formRef, submitted } = useFocusFirstInvalid(view.errors)
  if (!view.form) return null
  const form = view.form
  return (
    <section className="organizer" aria-labelledby="organizer-form-title">
      <h1 id="organizer-form-title">
        {t(view.editing ? 'organizer.editTitle' : 'organizer.newTitle')}
      </h1>
      <form
        ref={formRef}
        className="organizer__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          submitted()
          actor.send({ type: 'form.submit' })
        }}
      >
        {FIELDS.map(([field, kind]) => {
          if (field === 'blocks' && form.event_type !== '3') return null
          const id = `event-${field}`
          const error = view.errors[field]
          const common = {
            id,
            className: 'field__input',
            value: form[field],
            onChange: (e: { target: { value: string } }) =>
              actor.send({ type: 'form.change', field, value: e.target.value }),
            ...errorAttributes(id, error),
          }
          return (
            <FieldShell key={field} id={id} label={t(`organizer.field.${field}`)} error={error}>
              {kind === 'area' ? (
                <textarea rows={field === 'terms' || field === 'description' ? 5 : 3} {...common} />
              ) : kind === 'type' ? (
                <select {...common}>
                  {[1, 2, 3].map((n) => (
                    <option key={n} value={String(n)}>
                      {t(`organizer.type.${n}`)}
                    </option>
                  ))}
                </select>
              ) : kind === 'grade' ? (
                <select {...common}>
                  <option value="0">{t('organizer.anyGrade')}</option>
                  {GRADES.map((g) => (
                    <option key={g.id} value={String(g.id)}>
                      {g.name}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  type={kind === 'time' ? 'datetime-local' : kind === 'number' ? 'number' : 'text'}
                  {...(kind === 'number' && { min: 0, inputMode: 'numeric' as const })}
                  {...common}
                />
              )}
              {(field === 'reward_tiers' || field === 'blocks' || kind === 'time') && (
                <p className="field__hint">
                  {t(`organizer.hint.${kind === 'time' ? 'time' : field}`)}
                </p>
              )}
            </FieldShell>
          )
        })}
        <div className="organizer__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={view.saving}
            aria-busy={view.saving}
          >
            {t('organizer.save')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={view.saving}
            onClick={() => actor.send({ type: 'form.cancel' })}
          >
            {t('organizer.cancel')}
          </button>
        </div>
      </form>
    </section>
  )
}
