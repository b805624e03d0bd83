import { useT } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import './pages.css'

export type StaticPageName = 'terms' | 'licence' | 'tokusho' | 'privacypolicy' | 'logo_guideline'

interface Section {
  heading: string
  body: string
}

function isSections(value: unknown): value is Section[] {
  return (
    Array.isArray(value) &&
    value.every(
      (s: unknown) =>
        typeof s === 'object' &&
        s !== null &&
        'heading' in s &&
        'body' in s &&
        typeof s.heading === 'string' &&
        typeof s.body === 'string',
    )
  )
}

/** Terms, licences, legal notation, privacy policy, logo guideline: text from the i18n files. */
export function StaticPage({ page }: { page: StaticPageName }) {
  const { t } = useT()
  const title = t(`static.${page}.title`)
  useDocumentTitle(title)
  return (
    <article className="static-page" aria-labelledby="static-title">
      <h1 id="static-title">{title}</h1>
      <p className="static-page__updated">{t(`static.${page}.updated`)}</p>
      <StaticSections page={page} />
    </article>
  )
}

/** A static text's articles (the terms also show on the agree_new_terms pages). */
export function StaticSections({ page }: { page: StaticPageName }) {
  const { tv } = useT()
  const value = tv(`static.${page}.sections`)
  const sections = isSections(value) ? value : []
  return sections.map((section) => (
    <section key={section.heading}>
      <h2>{section.heading}</h2>
      <p>{section.body}</p>
    </section>
  ))
}
