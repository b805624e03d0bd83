import { Hono } from 'hono'
import { IngestStatusQuery, type IngestStatusAnswer } from '../../src/contract/ingest.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import { ingestStatusOf } from '../services/ingest-status.ts'
import { query } from '../validate.ts'

/** Kirari's `/api/live/ingest_status` (issue #38): what the media host receives, for the owner. */
export function ingestRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/ingest_status', async (c) => {
    const { room_id } = query(c, IngestStatusQuery)
    const answer = await ingestStatusOf(c.var.db, {
      userId: await requireUserId(c),
      roomId: room_id,
      mediaOrigin: c.var.config.mediaOrigin,
      logger: c.var.logger,
    })
    return c.json(answer satisfies IngestStatusAnswer)
  })

  return api
}
