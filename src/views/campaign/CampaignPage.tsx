import { shallowEqual, useSelector } from '@xstate/react'
import type { campaignMachine } from '../../machines/campaign/campaign.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { LoadFailed } from '../components/StatusBlocks.tsx'
import { NotFoundPage } from '../pages/NotFoundPage.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { CampaignBody, CampaignCta, CampaignHero, CampaignPages, StatusBanner } from './parts.tsx'
import { CampaignRanking } from './CampaignRanking.tsx'
import { CampaignShowcase } from './CampaignShowcase.tsx'
import './campaign.css'
import './layouts.css'

/**
 * Every `/lp/*` page (issue #22): the campaign at `path` drawn in its layout — the hero, whether it
 * is still to come or over, its sibling pages, the body, the call to action, its ranking and its
 * showcase. An ended campaign keeps its page (with the final ranking); an unknown path is a 404.
 */
export function CampaignPage({
  logic,
  path,
  nowMs,
}: {
  logic: typeof campaignMachine
  path: string
  nowMs: number
}) {
  const { t } = useT()
  const actor = usePageActor(logic, { input: { path, nowMs } })
  const view = useSelector(
    actor,
    (s) => ({
      notFound: s.matches('notFound'),
      failed: s.matches('failed') || s.matches('reconnecting'),
      campaign: s.context.campaign,
    }),
    shallowEqual,
  )
  const { campaign } = view
  // The not-found page's own title, lest this one (set after it) replace it.
  useDocumentTitle(
    campaign?.title ?? (view.notFound ? `${t('notFound.title')} /lp/${path}` : t('campaign.title')),
  )

  if (!campaign) {
    // The lp layout gives the page its full width: these states get the usual margins here.
    return (
      <div className="campaign-frame">
        {view.notFound ? (
          <NotFoundPage path={`/lp/${path}`} />
        ) : view.failed ? (
          <LoadFailed
            message={t('campaign.loadFailed')}
            onRetry={() => actor.send({ type: 'campaign.retry' })}
          />
        ) : (
          <p aria-busy="true">{t('common.loading')}</p>
        )}
      </div>
    )
  }

  return (
    <article
      className={`campaign campaign--${campaign.layout}`}
      data-layout={campaign.layout}
      data-status={campaign.status}
      aria-labelledby="campaign-title"
    >
      <CampaignHero campaign={campaign} />
      <div className="campaign__inner">
        <StatusBanner campaign={campaign} />
        <CampaignPages pages={campaign.pages} current={campaign.path} />
        <CampaignBody html={campaign.body_html} />
        {campaign.cta && <CampaignCta cta={campaign.cta} />}
        {campaign.ranking && <CampaignRanking actor={actor} />}
        {campaign.showcase && (
          <CampaignShowcase actor={actor} showcase={campaign.showcase} measure={campaign.measure} />
        )}
      </div>
    </article>
  )
}
