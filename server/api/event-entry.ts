import { Hono } from 'hono'
import { EventRef } from '../../src/contract/event.ts'
import { EntryBody, type CanApplyAnswer, type EntryAnswer } from '../../src/contract/event-entry.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import { applyToEvent, canApply } from '../services/events/entry.ts'
import { input, parseOr400 } from '../validate.ts'

/**
 * SPEC §7 Events, an owner entering: `/api/event/{ref}/can_apply` and `/api/event_entry`.
 * Mounted at `/api`, beside the event reads mounted at `/api/event`.
 */
export function eventEntryRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/event/:ref/can_apply', async (c) => {
    const userId = await requireUserId(c)
    const ref = parseOr400(EventRef, c.req.param('ref'))
    return c.json((await canApply(c.var.db, userId, ref)) satisfies CanApplyAnswer)
  })

  api.post('/event_entry', async (c) => {
    const userId = await requireUserId(c)
    const body = await input(c, EntryBody)
    return c.json((await applyToEvent(c.var.db, userId, body.event_id)) satisfies EntryAnswer)
  })

  return api
}
