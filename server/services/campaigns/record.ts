import * as v from 'valibot'
import { CAMPAIGN_LAYOUTS, CAMPAIGN_SHOWCASES } from '../../../src/contract/campaign.ts'

/** The longest body an operator may give, per locale (Markdown characters). */
export const MAX_BODY_CHARS = 20_000

/** A record's path: what follows /lp/, up to four segments; a last `*` takes a free segment. */
export const CAMPAIGN_PATH = /^[a-z0-9][\w-]*(?:\/[\w-]+){0,3}(?:\/\*)?$/i

/** A site path (`/event/x`, never `//host`) or an https address; '' for none. */
const SAFE_URL = /^(?:\/(?![/\\])[^\s]*|https:\/\/[^\s/]+(?:\/[^\s]*)?)$/

const Url = v.pipe(
  v.string(),
  v.maxLength(500),
  v.check((s) => s === '' || SAFE_URL.test(s), 'a site path (/…) or an https:// address'),
)

const Timestamp = v.pipe(
  v.string(),
  v.check(
    (s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s) && !Number.isNaN(Date.parse(s)),
    'an ISO 8601 date and time, e.g. 2026-03-14T00:00:00+09:00',
  ),
  v.transform((s) => new Date(s)),
)

const Text = v.object({
  title: v.pipe(v.string(), v.trim(), v.minLength(1, 'a title'), v.maxLength(100)),
  summary: v.pipe(v.string(), v.trim(), v.maxLength(300)),
  body: v.pipe(v.string(), v.maxLength(MAX_BODY_CHARS, `at most ${MAX_BODY_CHARS} characters`)),
  cta_label: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40)), ''),
})

const Minutes = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_080)), 0)
const PositiveInt = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647))

const Ranking = v.variant('kind', [
  v.object({
    kind: v.literal('event'),
    event_id: PositiveInt,
    // An event's standings are its own and live: no schedule.
    update_every_minutes: v.optional(v.literal(0), 0),
  }),
  v.object({ kind: v.literal('gift'), gift_id: PositiveInt, update_every_minutes: Minutes }),
  v.object({
    kind: v.literal('newcomer'),
    days: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3650)),
    update_every_minutes: Minutes,
  }),
])

/** A campaign record as an operator writes it (`npm run campaign -- upsert file.json`). */
export const CampaignRecord = v.pipe(
  v.object({
    path: v.pipe(
      v.string(),
      v.maxLength(200),
      v.regex(CAMPAIGN_PATH, 'a path such as idolcup/ranking or povo/*'),
    ),
    layout: v.picklist(CAMPAIGN_LAYOUTS),
    content: v.object({
      ja: Text,
      en: v.optional(Text),
      'zh-tw': v.optional(Text),
      th: v.optional(Text),
    }),
    hero_image_url: v.optional(Url, ''),
    cta_url: v.optional(Url, ''),
    started_at: Timestamp,
    ended_at: Timestamp,
    ranking: v.optional(v.nullable(Ranking), null),
    showcase: v.optional(v.nullable(v.picklist(CAMPAIGN_SHOWCASES)), null),
    group_key: v.optional(v.pipe(v.string(), v.regex(/^[\w-]{0,60}$/)), ''),
    position: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000)), 0),
  }),
  v.check((r) => r.ended_at > r.started_at, 'ended_at must be after started_at'),
  v.check(
    (r) => r.cta_url === '' || r.content.ja.cta_label !== '',
    'a cta_url needs content.ja.cta_label',
  ),
)

export type CampaignRecord = v.InferOutput<typeof CampaignRecord>

/** The record checked, or the problems found (`content.ja.title: …`), one a line. */
export function parseCampaignRecord(
  data: unknown,
): { ok: true; record: CampaignRecord } | { ok: false; problems: string[] } {
  const result = v.safeParse(CampaignRecord, data)
  if (result.success) return { ok: true, record: result.output }
  return {
    ok: false,
    problems: result.issues.map((issue) => {
      const at = issue.path?.map((p) => String(p.key)).join('.') ?? ''
      return at ? `${at}: ${issue.message}` : issue.message
    }),
  }
}
