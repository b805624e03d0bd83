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
  const { t, tv } = useT()
  const title = t(`static.${page}.title`)
  const value = tv(`static.${page}.sections`)
  const sections = isSections(value) ? value : []
  useDocumentTitle(title)
  return (
    <article className="static-page" aria-labelledby="static-title">
      <h1 id="static-title">{title}</h1>
      <p className="static-page__updated">{t(`static.${page}.updated`)}</p>
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          <p>{section.body}</p>
        </section>
      ))}
    </article>
  )
}
