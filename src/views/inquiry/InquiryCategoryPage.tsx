import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import { useT } from '../app-context.tsx'
import { useFocusFirstInvalid } from '../shop/FieldShell.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { useInquiryVisit, type InquiryActor } from './inquiry-context.tsx'
import { InquiryGate, InquirySteps } from './parts.tsx'

/** `/inquiry`: what the inquiry is about, chosen from the kinds, with a word on what follows. */
export function InquiryCategoryPage() {
  const { t } = useT()
  const actor = useInquiryVisit('category')
  useDocumentTitle(t('inquiry.title'))
  return (
    <section className="inquiry" aria-labelledby="inquiry-title">
      <h1 id="inquiry-title">{t('inquiry.title')}</h1>
      <InquirySteps current="category" />
      <p className="inquiry__intro">{t('inquiry.intro')}</p>
      <InquiryGate actor={actor}>
        <Categories actor={actor} />
      </InquiryGate>
      <p className="inquiry__aside">
        {t('inquiry.opinionAside')} <Link to="/opinion/new">{t('opinion.title')}</Link>
      </p>
    </section>
  )
}

function Categories({ actor }: { actor: InquiryActor }) {
  const { t } = useT()
  const view = useSelector(
    actor,
    (s) => ({
      categories: s.context.categories,
      chosen: s.context.form.category,
      error: s.context.errors.category,
    }),
    shallowEqual,
  )
  const { form, submitted } = useFocusFirstInvalid(view.error ? { category: view.error } : {})
  return (
    <form
      ref={form}
      className="inquiry__card inquiry__form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        submitted()
        actor.send({ type: 'inquiry.next' })
      }}
    >
      <fieldset
        className="inquiry__choices"
        {...(view.error ? { 'aria-describedby': 'inquiry-category-error' } : {})}
      >
        <legend className="field__label">{t('inquiry.category')}</legend>
        {view.categories.map((category) => (
          <label key={category.id} className="inquiry__choice">
            <input
              type="radio"
              name="category"
              value={category.id}
              checked={view.chosen === category.id}
              {...(view.error ? { 'aria-invalid': true } : {})}
              onChange={() =>
                actor.send({ type: 'inquiry.change', field: 'category', value: category.id })
              }
            />
            <span>{category.label}</span>
          </label>
        ))}
        {view.error && (
          <span className="field__error" id="inquiry-category-error" role="alert">
            {view.error}
          </span>
        )}
      </fieldset>
      <div className="inquiry__actions">
        <button type="submit" className="button button--primary">
          {t('inquiry.next')}
        </button>
      </div>
    </form>
  )
}
