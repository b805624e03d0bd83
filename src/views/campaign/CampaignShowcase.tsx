import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { CampaignShowcase as Showcase } from '../../contract/campaign.ts'
import type { campaignMachine } from '../../machines/campaign/campaign.machine.ts'
import { useT } from '../app-context.tsx'
import { ThemeGallery } from '../liver-theme/ThemeGallery.tsx'

type CampaignActor = ActorRefFrom<typeof campaignMachine>

/** The liver themes a liver may pick, as the liver-theme gallery draws them. */
function ThemesShowcase({ actor }: { actor: CampaignActor }) {
  const { t } = useT()
  const view = useSelector(
    actor,
    (s) => ({
      themes: s.context.themes,
      failed: s.matches({ shown: { showcase: 'failed' } }),
    }),
    shallowEqual,
  )
  return (
    <section className="campaign__section campaign-themes" aria-labelledby="campaign-themes-title">
      <h2 id="campaign-themes-title">{t('campaign.themes')}</h2>
      {view.failed ? (
        <p role="alert">
          {t('campaign.themesFailed')}{' '}
          <button
            type="button"
            className="button button--ghost"
            onClick={() => actor.send({ type: 'themes.retry' })}
          >
            {t('common.retry')}
          </button>
        </p>
      ) : view.themes ? (
        <ThemeGallery themes={view.themes} />
      ) : (
        <p aria-busy="true">{t('common.loading')}</p>
      )}
    </section>
  )
}

/** The povo shop's door; the campaign's measure (`/lp/povo/{measure}`) goes along with the visit. */
function PovoShowcase({ measure }: { measure: string | null }) {
  const { t } = useT()
  return (
    <section className="campaign__section campaign-povo" aria-labelledby="campaign-povo-title">
      <h2 id="campaign-povo-title">{t('campaign.povoTitle')}</h2>
      <p>{t('campaign.povoLead')}</p>
      <Link
        to="/povo_ec"
        search={measure ? { measure } : {}}
        className="button button--primary campaign__cta"
        data-testid="campaign-povo-link"
      >
        {t('campaign.povoShop')}
      </Link>
      {measure && (
        <p className="campaign-povo__measure" data-testid="campaign-measure">
          {t('campaign.povoMeasure', { measure })}
        </p>
      )}
    </section>
  )
}

/** What the campaign shows beside its body. */
export function CampaignShowcase({
  actor,
  showcase,
  measure,
}: {
  actor: CampaignActor
  showcase: Showcase
  measure: string | null
}) {
  return showcase === 'liver_themes' ? (
    <ThemesShowcase actor={actor} />
  ) : (
    <PovoShowcase measure={measure} />
  )
}
