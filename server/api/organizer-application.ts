import { Hono, type Context } from 'hono'
import {
  OrganizerApplicationBody,
  type OrganizerApplicationAnswer,
} from '../../src/contract/organizer-application.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import { applyAsOrganizer, getApplication } from '../services/organizers/applications.ts'
import { input } from '../validate.ts'

const delivery = (c: Context<AppEnv>) => ({
  messages: c.var.messages,
  supportMail: c.var.config.supportMail,
  logger: c.var.logger,
})

/**
 * `/api/organizer/application` (issue #21 point 7): GET the caller's latest application, POST a
 * new one (pending until an operator decides it). Any signed-in user; anonymous is a 401.
 */
export function organizerApplicationRoutes() {
  const api = new Hono<AppEnv>()
  api.get('/organizer/application', async (c) => {
    const userId = await requireUserId(c)
    return c.json((await getApplication(c.var.db, userId)) satisfies OrganizerApplicationAnswer)
  })
  api.post('/organizer/application', async (c) => {
    const userId = await requireUserId(c)
    const form = await input(c, OrganizerApplicationBody)
    const answer = await applyAsOrganizer(c.var.db, delivery(c), { userId, form })
    return c.json(answer satisfies OrganizerApplicationAnswer)
  })
  return api
}
