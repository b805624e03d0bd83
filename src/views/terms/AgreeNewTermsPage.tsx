import { useSelector } from '@xstate/react'
import type {
  TermsHolder,
  termsAgreementMachine,
} from '../../machines/terms/terms-agreement.machine.ts'
import { useApp, usePageActor, useT } from '../app-context.tsx'
import { StaticSections } from '../pages/StaticPage.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import '../pages/pages.css'
import './agree-new-terms.css'

type Logic = typeof termsAgreementMachine

/**
 * `/agree_new_terms` and `/organizer/agree_new_terms` (SPEC.md §2, issue #21): the terms now in
 * force, to read and agree to before going on; what changed is said first.
 */
export function AgreeNewTermsPage({ logic, holder }: { logic: Logic; holder: TermsHolder }) {
  const version = useApp((s) => s.context.user?.terms_version ?? '')
  const returnPath = useApp((s) => s.context.termsReturnPath)
  // The page starts again when the terms it shows change (after a refused, outdated agreement).
  return (
    <Agreement
      key={version}
      logic={logic}
      input={{ holder, version, returnPath }}
      needed={useApp((s) => s.context.user?.need_agree_new_terms ?? false)}
    />
  )
}

function Agreement({
  logic,
  input,
  needed,
}: {
  logic: Logic
  input: { holder: TermsHolder; version: string; returnPath: string | null }
  needed: boolean
}) {
  const { t } = useT()
  const actor = usePageActor(logic, { input })
  const checked = useSelector(actor, (s) => s.context.checked)
  const busy = useSelector(actor, (s) => !s.matches('reading'))
  const title = t(input.holder === 'organizer' ? 'newTerms.organizerTitle' : 'newTerms.title')
  useDocumentTitle(title)
  const [year, month, day] = input.version.split('-').map(Number)
  return (
    <article className="agree-terms" aria-labelledby="agree-terms-title">
      <header className="agree-terms__head">
        <h1 id="agree-terms-title">{title}</h1>
        <p>{t('newTerms.lead', { year, month, day })}</p>
        {!needed && <p className="agree-terms__done">{t('newTerms.alreadyAgreed')}</p>}
      </header>
      <div
        className="agree-terms__text static-page"
        tabIndex={0}
        role="region"
        aria-label={t('static.terms.title')}
      >
        <StaticSections page="terms" />
      </div>
      <form
        className="agree-terms__form"
        aria-busy={busy}
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: 'terms.agree' })
        }}
      >
        <label className="agree-terms__check">
          <input
            type="checkbox"
            checked={checked}
            disabled={busy}
            onChange={(e) => actor.send({ type: 'terms.check', checked: e.target.checked })}
          />
          <span>{t('newTerms.check')}</span>
        </label>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('newTerms.agreeing') : t('newTerms.agree')}
        </button>
      </form>
    </article>
  )
}
