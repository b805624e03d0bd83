import { Hono, type Context } from 'hono'
import {
  EntryDecisionBody,
  EventForm,
  type OrganizerEntriesAnswer,
  type OrganizerEntry,
  type OrganizerEvent,
  type OrganizerEventsAnswer,
} from '../../src/contract/event-entry.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import { decideEntry, organizerEntries } from '../services/events/entry.ts'
import {
  createEvent,
  organizerEvents,
  requireOrganizer,
  updateEvent,
} from '../services/events/organizer.ts'
import { input, pathId } from '../validate.ts'

/** The caller, an organizer: anonymous is a 401, anyone else a 403 (before the body is read). */
async function organizer(c: Context<AppEnv>): Promise<number> {
  const userId = await requireUserId(c)
  await requireOrganizer(c.var.db, userId)
  return userId
}

/**
 * `/api/organizer/events`: an organizer runs their events — list, create, edit, the entries and
 * the decision on each (Kirari's calls; SHOWROOM's organizer tools are not public).
 */
export function organizerEventRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/', async (c) => {
    const userId = await organizer(c)
    return c.json((await organizerEvents(c.var.db, userId)) satisfies OrganizerEventsAnswer)
  })

  api.post('/', async (c) => {
    const userId = await organizer(c)
    const form = await input(c, EventForm)
    return c.json((await createEvent(c.var.db, userId, form)) satisfies OrganizerEvent)
  })

  api.put('/:id', async (c) => {
    const userId = await organizer(c)
    const eventId = pathId(c.req.param('id'))
    const form = await input(c, EventForm)
    return c.json((await updateEvent(c.var.db, userId, eventId, form)) satisfies OrganizerEvent)
  })

  api.get('/:id/entries', async (c) => {
    const userId = await organizer(c)
    const eventId = pathId(c.req.param('id'))
    const answer = await organizerEntries(c.var.db, userId, eventId)
    return c.json(answer satisfies OrganizerEntriesAnswer)
  })

  api.post('/:id/entries/:room_id', async (c) => {
    const userId = await organizer(c)
    const eventId = pathId(c.req.param('id'))
    const roomId = pathId(c.req.param('room_id'))
    const body = await input(c, EntryDecisionBody)
    const entry = await decideEntry(c.var.db, userId, eventId, roomId, body)
    return c.json(entry satisfies OrganizerEntry)
  })

  return api
}
