import { Hono } from 'hono'
import type { ErrorGroupsAnswer, OutboxAnswer } from '../../src/contract/dev.ts'
import type { VitalsAnswer } from '../../src/contract/vitals.ts'
import type { AppEnv } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { listOutbox } from '../services/outbox.ts'
import { listErrorGroups } from '../services/observability/errors.ts'
import { VITALS_WINDOW_MS, vitalsSummary } from '../services/observability/vitals.ts'

const unix = (date: Date) => Math.floor(date.getTime() / 1000)

/** Developer endpoints, on in development and the demo, off in production (KIRARI_DEV_PAGES). */
export function devRoutes() {
  const api = new Hono<AppEnv>()
  api.use('*', async (c, next) => {
    if (!c.var.config.devPages) throw new ApiError(404, messages.notFound)
    await next()
  })
  api.get('/outbox', async (c) => {
    const rows = await listOutbox(c.var.db)
    return c.json({
      messages: rows.map((r) => ({ ...r, created_at: Math.floor(r.created_at.getTime() / 1000) })),
    } satisfies OutboxAnswer)
  })
  // The collector's error groups (issue #26), for the /dev/errors page.
  api.get('/errors', async (c) => {
    const groups = await listErrorGroups(c.var.db)
    return c.json({
      groups: groups.map((g) => ({
        ...g,
        first_seen: unix(g.first_seen),
        last_seen: unix(g.last_seen),
      })),
    } satisfies ErrorGroupsAnswer)
  })
  // The app's vitals over the last hour: p50, p75 and p95 per route and metric (/dev/vitals).
  api.get('/vitals', (c) => {
    const now = Date.now()
    return c.json({
      since: Math.floor((now - VITALS_WINDOW_MS) / 1000),
      vitals: vitalsSummary(now),
    } satisfies VitalsAnswer)
  })
  return api
}
