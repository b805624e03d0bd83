import { Hono } from 'hono'
import type { OutboxAnswer } from '../../src/contract/dev.ts'
import type { AppEnv } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { listOutbox } from '../services/outbox.ts'

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
  return api
}
