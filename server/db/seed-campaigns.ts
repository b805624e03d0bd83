import type { CampaignRankingSource } from '../../src/contract/campaign.ts'
import { EVENT_TYPE } from '../../src/domain/events.ts'
import { GIFT_KIND } from '../../src/domain/gifts.ts'
import { DEMO_CAMPAIGN_GUIDES, type DemoCampaign } from './demo-campaigns.ts'
import { DEMO_CAMPAIGN_EVENTS, IDOL_CUP_EVENT } from './demo-campaigns-events.ts'
import { DEMO_CAMPAIGN_FANS } from './demo-campaigns-fans.ts'
import type { Db } from './index.ts'
import { demoRoomsOnAir, seedDemoEvent } from './seed-events.ts'

const DAY = 86_400_000

/** Every demo campaign, in SPEC §2's order. */
export const DEMO_CAMPAIGNS: DemoCampaign[] = [
  ...DEMO_CAMPAIGN_GUIDES,
  ...DEMO_CAMPAIGN_EVENTS,
  ...DEMO_CAMPAIGN_FANS,
]

/**
 * The demo's campaign pages (issue #22), every `/lp/*` route of SPEC §2: the open ones run from a
 * week before the seed to two months after it; whiteday2024 keeps its real 2024 dates and shows as
 * ended. /lp/idolcup ranks the demo idol cup (an event added here, the demo rooms on air entered),
 * /lp/gift_ranking/1 the cheapest paid gift the bots send. Idempotent: records are keyed by path
 * (an operator's edit is kept), the event by url key, entries by (event, room).
 */
export async function seedDemoCampaigns(db: Db, now = new Date()): Promise<void> {
  const at = (days: number) => new Date(now.getTime() + days * DAY)
  const eventId = await seedIdolCup(db, at)
  const gift = await db
    .selectFrom('gifts')
    .select('id')
    .where('free', '=', false)
    .where('kind', '=', GIFT_KIND.normal)
    .where('is_hidden', '=', false)
    .orderBy('point')
    .orderBy('id')
    .executeTakeFirst()
  const source = (kind: DemoCampaign['ranking']): CampaignRankingSource | null => {
    if (kind === 'event') {
      return eventId === null ? null : { kind, event_id: eventId, update_every_minutes: 0 }
    }
    if (kind === 'gift') return gift ? { kind, gift_id: gift.id, update_every_minutes: 0 } : null
    if (kind === 'newcomer') return { kind, days: 90, update_every_minutes: 0 }
    if (kind === 'newcomer-scheduled')
      return { kind: 'newcomer', days: 90, update_every_minutes: 60 }
    return null
  }
  await db
    .insertInto('campaigns')
    .values(
      DEMO_CAMPAIGNS.map((c) => {
        const ranking = source(c.ranking)
        return {
          path: c.path,
          layout: c.layout,
          content: JSON.stringify(c.content),
          hero_image_url: c.hero,
          cta_url: c.cta_url,
          started_at: c.period === 'open' ? at(-7) : new Date(c.period.started_at),
          ended_at: c.period === 'open' ? at(60) : new Date(c.period.ended_at),
          ranking: ranking === null ? null : JSON.stringify(ranking),
          showcase: c.showcase,
          group_key: c.group_key,
          position: c.position,
        }
      }),
    )
    .onConflict((oc) => oc.column('path').doNothing())
    .execute()
}

/** The demo idol cup, open now, with the demo rooms on air entered; its id (null: no organizer). */
async function seedIdolCup(db: Db, at: (days: number) => Date): Promise<number | null> {
  return seedDemoEvent(
    db,
    {
      url_key: IDOL_CUP_EVENT,
      name: 'Kirari アイドルカップ',
      description:
        'アイドルとして配信するライバーが、期間中に届いたギフトのポイントで順位を競うランキングイベントです。1位のルームはトップページで特集します。',
      event_type: EVENT_TYPE.ranking,
      started_at: at(-7),
      ended_at: at(30),
      entry_starts_at: at(-14),
      entry_ends_at: at(25),
      rewards: '1位: トップページ特集 + 限定バッジ / 2〜10位: 限定バッジ',
    },
    await demoRoomsOnAir(db),
  )
}
