import { shallowEqual, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { NAVIGATOR_RIGHTS, type NavigatorRight } from '../../domain/navigator.ts'
import type { navigatorPermissionsMachine } from '../../machines/navigator/navigator-permissions.machine.ts'
import { useT } from '../app-context.tsx'
import { Modal } from '../components/Modal.tsx'
import { FieldShell, errorAttributes, useFocusFirstInvalid } from '../shop/FieldShell.tsx'

export type PermissionsActor = ActorRefFrom<typeof navigatorPermissionsMachine>

/**
 * One navigator's rights as checkboxes, in a group named by the navigator. Read-only unless
 * `onToggle` is given (the organizer editing them).
 */
export function RightsGroup({
  legend,
  idPrefix,
  rights,
  onToggle,
  error,
}: {
  legend: string
  idPrefix: string
  rights: readonly NavigatorRight[]
  onToggle?: (right: NavigatorRight, on: boolean) => void
  error?: string | undefined
}) {
  const { t } = useT()
  const errorId = `${idPrefix}-rights-error`
  return (
    <fieldset className="navigator__rights" {...(error ? { 'aria-describedby': errorId } : {})}>
      <legend>{legend}</legend>
      {NAVIGATOR_RIGHTS.map((right) => (
        <label key={right} className="field field--check navigator__right">
          <input
            type="checkbox"
            name={`${idPrefix}-${right}`}
            checked={rights.includes(right)}
            disabled={!onToggle}
            onChange={(e) => onToggle?.(right, e.currentTarget.checked)}
          />
          <span>{t(`navigator.right.${right}`)}</span>
        </label>
      ))}
      {error && (
        <span className="field__error" id={errorId} role="alert">
          {error}
        </span>
      )}
    </fieldset>
  )
}

/**
 * The organizer's form: a new navigator's account id and rights, or an existing navigator's
 * rights. What was typed stays through a refusal, whose messages show by their fields.
 */
export function NavigatorFormPanel({ actor }: { actor: PermissionsActor }) {
  const { t } = useT()
  const view = useSelector(
    actor,
    (s) => ({
      form: s.context.form,
      errors: s.context.fieldErrors,
      saving: s.matches('saving'),
      name: s.context.answer?.navigators.find((n) => n.account_id === s.context.form?.accountId)
        ?.name,
    }),
    shallowEqual,
  )
  const { form: formRef, submitted } = useFocusFirstInvalid(view.errors)
  if (!view.form) return null
  const form = view.form
  const id = 'navigator-account'
  const accountError = view.errors.account_id ? t(view.errors.account_id) : undefined
  const rightsError = view.errors.rights ? t(view.errors.rights) : undefined
  return (
    <form
      ref={formRef}
      className="navigator__card navigator__form"
      noValidate
      aria-busy={view.saving}
      aria-labelledby="navigator-form-title"
      onSubmit={(e) => {
        e.preventDefault()
        submitted()
        actor.send({ type: 'form.submit' })
      }}
    >
      <h2 id="navigator-form-title">
        {form.isNew
          ? t('navigator.addTitle')
          : t('navigator.editTitle', { name: view.name ?? form.accountId })}
      </h2>
      {form.isNew && (
        <FieldShell id={id} label={t('navigator.accountId')} error={accountError}>
          <input
            id={id}
            className="field__input"
            value={form.accountId}
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => actor.send({ type: 'form.account', value: e.currentTarget.value })}
            {...errorAttributes(id, accountError)}
          />
        </FieldShell>
      )}
      <RightsGroup
        legend={t('navigator.rightsLegend')}
        idPrefix="navigator-form"
        rights={form.rights}
        error={rightsError}
        onToggle={(right, on) => actor.send({ type: 'form.right', right, on })}
      />
      <div className="navigator__actions">
        <button type="submit" className="button button--primary" disabled={view.saving}>
          {t('navigator.save')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={view.saving}
          onClick={() => actor.send({ type: 'form.cancel' })}
        >
          {t('navigator.cancel')}
        </button>
      </div>
    </form>
  )
}

/** The confirm step of revoking a navigator's rights, or of answering the organizer's link. */
export function ConfirmDialog({ actor }: { actor: PermissionsActor }) {
  const { t } = useT()
  const view = useSelector(
    actor,
    (s) => ({
      revoke: s.matches('confirmingRevoke'),
      link: s.matches('confirmingLink'),
      revoking: s.context.answer?.navigators.find((n) => n.account_id === s.context.revoking),
      decision: s.context.decision,
      organizer: s.context.link?.organizer_name ?? '',
    }),
    shallowEqual,
  )
  if (!view.revoke && !view.link) return null
  const no = () => actor.send({ type: 'confirm.no' })
  const text = view.revoke
    ? t('navigator.revokeConfirm', { name: view.revoking?.name ?? '' })
    : t(view.decision === 'accept' ? 'navigator.acceptConfirm' : 'navigator.declineConfirm', {
        name: view.organizer,
      })
  return (
    <Modal title={t('navigator.confirmTitle')} onClose={no} closeLabel={t('common.dismiss')}>
      <p>{text}</p>
      <div className="navigator__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => actor.send({ type: 'confirm.yes' })}
        >
          {view.revoke
            ? t('navigator.revokeYes')
            : t(view.decision === 'accept' ? 'navigator.acceptYes' : 'navigator.declineYes')}
        </button>
        <button type="button" className="button button--ghost" onClick={no}>
          {t('navigator.cancel')}
        </button>
      </div>
    </Modal>
  )
}
