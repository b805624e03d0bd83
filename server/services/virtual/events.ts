import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import type { VirtualEventsAnswer } from '../../../src/contract/virtual.ts'

/** The most events the corner lists. */
export const VIRTUAL_EVENTS_MAX = 20

type Status = VirtualEventsAnswer['events'][number]['status']

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)

/**
 * `GET /api/virtual_liver/events`: the events for virtual livers — open ones (ending soonest
 * first), then upcoming ones (starting soonest first), then ended ones (latest first); 20 at most.
 */
export async function virtualEvents(db: Db, nowMs: number): Promise<VirtualEventsAnswer> {
  const now = new Date(nowMs)
  const rows = await db
    .selectFrom('events')
    .select(['id', 'url_key', 'name', 'image', 'started_at', 'ended_at'])
    .where('for_virtual', '=', true)
    .orderBy(sql`case when ended_at <= ${now} then 2 when started_at > ${now} then 1 else 0 end`)
    // Open: ending soonest; upcoming: starting soonest; ended: latest first.
    .orderBy(
      sql`case when ended_at <= ${now} then 0 when started_at > ${now} then extract(epoch from started_at) else extract(epoch from ended_at) end`,
    )
    .orderBy('ended_at', 'desc')
    .orderBy('id')
    .limit(VIRTUAL_EVENTS_MAX)
    .execute()
  return {
    events: rows.map((e) => {
      const status: Status =
        e.ended_at.getTime() <= nowMs
          ? 'ended'
          : e.started_at.getTime() > nowMs
            ? 'upcoming'
            : 'open'
      return {
        event_id: e.id,
        event_url_key: e.url_key,
        event_name: e.name,
        image: e.image,
        started_at: seconds(e.started_at),
        ended_at: seconds(e.ended_at),
        status,
      }
    }),
  }
}
