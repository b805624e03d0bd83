import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { INQUIRY_BODY_MAX, type InquiryField } from '../../domain/inquiry.ts'
import { useT } from '../app-context.tsx'
import { useFocusFirstInvalid } from '../shop/FieldShell.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { useInquiryVisit, type InquiryActor } from './inquiry-context.tsx'
import { CharCount, InquiryGate, InquirySteps } from './parts.tsx'

const idOf = (field: InquiryField) => `inquiry-${field}`

/** `/inquiry/post`: the reply address, a name if the sender likes, and the inquiry itself. */
export function InquiryPostPage() {
  const { t } = useT()
  const actor = useInquiryVisit('post')
  useDocumentTitle(t('inquiry.postTitle'))
  return (
    <section className="inquiry" aria-labelledby="inquiry-post-title">
      <h1 id="inquiry-post-title">{t('inquiry.postTitle')}</h1>
      <InquirySteps current="post" />
      <InquiryGate actor={actor}>
        <PostForm actor={actor} />
      </InquiryGate>
    </section>
  )
}

function PostForm({ actor }: { actor: InquiryActor }) {
  const { t } = useT()
  const view = useSelector(
    actor,
    (s) => ({
      editing: s.matches('editing'),
      categories: s.context.categories,
      form: s.context.form,
      errors: s.context.errors,
    }),
    shallowEqual,
  )
  const { form: formRef, submitted } = useFocusFirstInvalid(view.errors)
  // Sent back by the server's refusal (or a review the rules refused): the first message's field.
  const arrivedRefused = useRef(Object.keys(view.errors).length > 0)
  useEffect(() => {
    if (arrivedRefused.current)
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [formRef])
  const change = (field: InquiryField, value: string) =>
    actor.send({ type: 'inquiry.change', field, value })
  const describe = (field: InquiryField, extra?: string) => {
    const ids = [extra, view.errors[field] && `${idOf(field)}-error`].filter(Boolean).join(' ')
    return {
      id: idOf(field),
      name: field,
      ...(view.errors[field] ? { 'aria-invalid': true } : {}),
      ...(ids ? { 'aria-describedby': ids } : {}),
    }
  }
  return (
    <form
      ref={formRef}
      className="inquiry__card inquiry__form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        submitted()
        actor.send({ type: 'inquiry.next' })
      }}
    >
      <Field field="category" label={t('inquiry.category')} error={view.errors.category}>
        <select
          className="field__input"
          {...describe('category')}
          disabled={!view.editing}
          value={view.form.category}
          onChange={(e) => change('category', e.target.value)}
        >
          <option value="">{t('inquiry.choose')}</option>
          {view.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </Field>
      <Field field="name" label={t('inquiry.name')} error={view.errors.name}>
        <input
          className="field__input"
          {...describe('name')}
          autoComplete="name"
          readOnly={!view.editing}
          value={view.form.name}
          onChange={(e) => change('name', e.target.value)}
        />
      </Field>
      <Field
        field="mail_address"
        label={t('inquiry.mail')}
        error={view.errors.mail_address}
        hint={t('inquiry.mailHint')}
      >
        <input
          className="field__input"
          {...describe('mail_address', `${idOf('mail_address')}-hint`)}
          type="email"
          inputMode="email"
          autoComplete="email"
          readOnly={!view.editing}
          value={view.form.mail_address}
          onChange={(e) => change('mail_address', e.target.value)}
        />
      </Field>
      <Field field="body" label={t('inquiry.body')} error={view.errors.body}>
        <textarea
          className="field__input inquiry__text"
          {...describe('body', `${idOf('body')}-count`)}
          rows={8}
          readOnly={!view.editing}
          value={view.form.body}
          onChange={(e) => change('body', e.target.value)}
        />
        <CharCount id={`${idOf('body')}-count`} text={view.form.body} max={INQUIRY_BODY_MAX} />
      </Field>
      <div className="inquiry__actions">
        <Link to="/inquiry" className="button button--ghost">
          {t('inquiry.back')}
        </Link>
        <button type="submit" className="button button--primary">
          {t('inquiry.toConfirm')}
        </button>
      </div>
    </form>
  )
}

/** A labelled control with its hint and its message below (the message outside the label). */
function Field({
  field,
  label,
  error,
  hint,
  children,
}: {
  field: InquiryField
  label: string
  error: string | undefined
  hint?: string
  children: ReactNode
}) {
  const id = idOf(field)
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <span className="field__error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  )
}
