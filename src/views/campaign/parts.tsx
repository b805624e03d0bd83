import { Link, useRouter } from '@tanstack/react-router'
import type { MouseEvent } from 'react'
import type { CampaignAnswer } from '../../contract/campaign.ts'
import { useT } from '../app-context.tsx'
import { formatTokyo } from '../tokyo-time.ts'

/** The campaign's period in Tokyo time ("2024/03/01 12:00 〜 2024/03/14 23:59"). */
function Period({ campaign }: { campaign: CampaignAnswer }) {
  const { t, locale } = useT()
  return (
    <>
      {t('campaign.period', {
        from: formatTokyo(campaign.started_at, locale),
        until: formatTokyo(campaign.ended_at, locale),
      })}
    </>
  )
}

/** The hero band: the campaign's image, its title, its lead and its period. */
export function CampaignHero({ campaign }: { campaign: CampaignAnswer }) {
  return (
    <header className="campaign__hero">
      {campaign.hero_image_url && (
        <img
          className="campaign__hero-image"
          src={campaign.hero_image_url}
          alt=""
          // The seeded heroes are share-card sized (1200×630): the box is reserved before they load.
          width={1200}
          height={630}
        />
      )}
      <div className="campaign__hero-text">
        <h1 id="campaign-title" className="campaign__title">
          {campaign.title}
        </h1>
        {campaign.summary && <p className="campaign__summary">{campaign.summary}</p>}
        <p className="campaign__period" data-testid="campaign-period">
          <Period campaign={campaign} />
        </p>
      </div>
    </header>
  )
}

/** Before the start: when it starts. After the end: that it is over, with its period. */
export function StatusBanner({ campaign }: { campaign: CampaignAnswer }) {
  const { t, locale } = useT()
  if (campaign.status === 'open') return null
  return (
    <p
      className={`campaign__status campaign__status--${campaign.status}`}
      role="status"
      data-testid="campaign-status"
    >
      {campaign.status === 'upcoming' ? (
        t('campaign.upcoming', { from: formatTokyo(campaign.started_at, locale) })
      ) : (
        <>
          <strong>{t('campaign.ended')}</strong> <Period campaign={campaign} />
        </>
      )}
    </p>
  )
}

/** The campaign's sibling pages (idolcup ↔ idolcup/ranking), the one shown marked. */
export function CampaignPages({
  pages,
  current,
}: {
  pages: CampaignAnswer['pages']
  current: string
}) {
  const { t } = useT()
  if (pages.length < 2) return null
  return (
    <nav className="campaign__pages" aria-label={t('campaign.pages')}>
      <ul>
        {pages.map((page) => (
          <li key={page.path}>
            <Link
              to="/lp/$"
              params={{ _splat: page.path }}
              className="campaign__page-link"
              // idolcup is idolcup/ranking's parent path: only the page itself is current.
              activeOptions={{ exact: true }}
              {...(page.path === current ? { 'aria-current': 'page' as const } : {})}
            >
              {page.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The campaign's text. */
export function CampaignBody({ html }: { html: string }) {
  const router = useRouter()
  if (!html) return null
  // A plain click on a site link in the body (`/event/…`) moves within the app, not a reload.
  const follow = (event: MouseEvent<HTMLDivElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return
    const link = (event.target as Element).closest('a')
    const href = link?.getAttribute('href') ?? ''
    if (!link || link.target || !href.startsWith('/') || href.startsWith('//')) return
    event.preventDefault()
    void router.navigate({ href })
  }
  return (
    <div
      className="campaign__body"
      data-testid="campaign-body"
      onClick={follow}
      // The server renders the Markdown with raw HTML escaped and only safe links kept
      // (server/services/campaign): this HTML is sanitized before it reaches the page.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}

/** The call to action: a site path stays in the app, an https address opens the other site. */
export function CampaignCta({ cta }: { cta: NonNullable<CampaignAnswer['cta']> }) {
  const className = 'button button--primary campaign__cta'
  return (
    <p className="campaign__cta-row">
      {cta.url.startsWith('/') ? (
        <Link to={cta.url as '/'} className={className}>
          {cta.label}
        </Link>
      ) : (
        <a href={cta.url} className={className} rel="noopener noreferrer" target="_blank">
          {cta.label}
        </a>
      )}
    </p>
  )
}
