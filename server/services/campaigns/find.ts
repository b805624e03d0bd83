import type {
  CampaignAnswer,
  CampaignLayout,
  CampaignShowcase,
  CampaignStatus,
} from '../../../src/contract/campaign.ts'
import type { Locale } from '../../../src/domain/locale.ts'
import type { Db } from '../../db/index.ts'
import type { CampaignContent, CampaignText } from '../../db/schema-campaigns.ts'
import { renderCampaignMarkdown } from './markdown.ts'

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** Where a campaign stands at `now`: before its start, within its period, or after its end. */
export function campaignStatus(
  period: { started_at: Date; ended_at: Date },
  now: Date,
): CampaignStatus {
  if (now < period.started_at) return 'upcoming'
  return now < period.ended_at ? 'open' : 'ended'
}

/** The text in `locale`, field by field: Japanese where the locale has none. */
export function campaignText(content: CampaignContent, locale: Locale): CampaignText {
  const ja = content.ja
  const own = locale === 'ja' ? undefined : content[locale]
  if (!own) return ja
  return {
    title: own.title || ja.title,
    summary: own.summary || ja.summary,
    body: own.body || ja.body,
    cta_label: own.cta_label || ja.cta_label,
  }
}

/** The record a page path names: its own, else the `prefix/*` one (the last segment free). */
export async function findCampaignRecord(db: Db, path: string) {
  const cut = path.lastIndexOf('/')
  const wildcard = cut > 0 ? `${path.slice(0, cut)}/*` : null
  const rows = await db
    .selectFrom('campaigns')
    .selectAll()
    .where('path', 'in', wildcard ? [path, wildcard] : [path])
    .execute()
  const row = rows.find((r) => r.path === path) ?? rows[0]
  if (!row) return null
  return { row, measure: row.path === path ? null : path.slice(cut + 1) }
}

export type CampaignRow = NonNullable<Awaited<ReturnType<typeof findCampaignRecord>>>['row']

/**
 * `GET /api/campaign?path=`: the campaign a `/lp/{path}` page shows, in `locale`, with its status
 * at `now` (an ended one is still answered: the page says it has ended). Null when none matches.
 */
export async function findCampaign(
  db: Db,
  path: string,
  locale: Locale,
  now: Date,
): Promise<CampaignAnswer | null> {
  const found = await findCampaignRecord(db, path)
  if (!found) return null
  const { row, measure } = found
  const text = campaignText(row.content, locale)
  const siblings =
    row.group_key === ''
      ? [row]
      : await db
          .selectFrom('campaigns')
          .select(['path', 'content'])
          .where('group_key', '=', row.group_key)
          .orderBy('position')
          .orderBy('id')
          .execute()
  return {
    campaign_id: row.id,
    path: row.path,
    layout: row.layout as CampaignLayout,
    title: text.title,
    summary: text.summary,
    body_html: renderCampaignMarkdown(text.body),
    hero_image_url: row.hero_image_url,
    started_at: seconds(row.started_at),
    ended_at: seconds(row.ended_at),
    status: campaignStatus(row, now),
    cta: row.cta_url === '' ? null : { label: text.cta_label, url: row.cta_url },
    ranking: row.ranking,
    showcase: row.showcase as CampaignShowcase | null,
    measure,
    pages: siblings.map((s) => ({ path: s.path, title: campaignText(s.content, locale).title })),
  }
}
