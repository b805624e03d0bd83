import { Hono, type Context } from 'hono'
import {
  ContributionQuery,
  EventRef,
  RankingQuery,
  type ContributionAnswer,
  type EventRankingAnswer,
} from '../../src/contract/event.ts'
import {
  EventPageQuery,
  type ConfirmationAbstraction,
  type ConfirmationDescription,
  type EventAbstraction,
  type EventDescription,
  type EventOnliveRoomsAnswer,
  type EventResultAnswer,
  type EventRoomsAnswer,
  type OnGoingEventsAnswer,
  type QuestRoomsAnswer,
} from '../../src/contract/event-pages.ts'
import { publicOrigin } from '../caller.ts'
import type { AppEnv } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { sessionUserId } from '../request.ts'
import { eventRooms, onGoingEvents, onliveRooms, questRooms } from '../services/events/lists.ts'
import {
  confirmationAbstraction,
  confirmationDescription,
  eventAbstraction,
  eventDescription,
  eventResult,
} from '../services/events/pages.ts'
import { eventRanking, findEvent, findEventSoon } from '../services/events/ranking.ts'
import { contributionRanking } from '../services/events/supporters.ts'
import { parseOr400, query } from '../validate.ts'

/** The event a path's `:ref` names (its id or url key): a 400 when malformed, a 404 when none. */
async function eventOr404(c: Context<AppEnv>, find = findEvent) {
  const event = await find(c.var.db, parseOr400(EventRef, c.req.param('ref')))
  if (!event) throw new ApiError(404, messages.notFound)
  return event
}

/** SPEC §7 Events (`/api/event/...`): the event pages' reads, its ranking, a room's supporters. */
export function eventRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/contribution_ranking', async (c) => {
    const q = query(c, ContributionQuery)
    const answer = await contributionRanking(c.var.db, {
      eventId: q.event_id,
      roomId: q.room_id,
      userId: await sessionUserId(c),
    })
    if (!answer) throw new ApiError(404, messages.notFound)
    return c.json(answer satisfies ContributionAnswer)
  })

  // Every event running now (the `/:ref/` form leaves that event out).
  api.get('/on_going_events', async (c) => {
    const events = await onGoingEvents(c.var.db, Date.now())
    return c.json({ events } satisfies OnGoingEventsAnswer)
  })

  api.get('/:ref/ranking', async (c) => {
    const event = await eventOr404(c, findEventSoon)
    const q = query(c, RankingQuery)
    const answer = await eventRanking(
      c.var.db,
      event,
      { page: q.page, blockId: q.block_id, notBefore: q.v },
      { userId: await sessionUserId(c), origin: publicOrigin(c) },
    )
    if (!answer) throw new ApiError(404, messages.notFound)
    return c.json(answer satisfies EventRankingAnswer)
  })

  api.get('/:ref/abstraction', async (c) => {
    const answer = await eventAbstraction(c.var.db, await eventOr404(c), Date.now())
    return c.json(answer satisfies EventAbstraction)
  })

  api.get('/:ref/description', async (c) => {
    const answer = await eventDescription(c.var.db, await eventOr404(c))
    return c.json(answer satisfies EventDescription)
  })

  api.get('/:ref/onlive_rooms', async (c) => {
    const event = await eventOr404(c)
    const answer = await onliveRooms(c.var.db, event.id, publicOrigin(c))
    return c.json(answer satisfies EventOnliveRoomsAnswer)
  })

  api.get('/:ref/on_going_events', async (c) => {
    const event = await eventOr404(c)
    const events = await onGoingEvents(c.var.db, Date.now(), event.id)
    return c.json({ events } satisfies OnGoingEventsAnswer)
  })

  api.get('/:ref/rooms', async (c) => {
    const event = await eventOr404(c)
    const { page } = query(c, EventPageQuery)
    const answer = await eventRooms(c.var.db, event.id, page, publicOrigin(c))
    return c.json(answer satisfies EventRoomsAnswer)
  })

  api.get('/:ref/quest_rooms', async (c) => {
    const event = await eventOr404(c)
    const { page } = query(c, EventPageQuery)
    const answer = await questRooms(c.var.db, event, page, publicOrigin(c))
    return c.json(answer satisfies QuestRoomsAnswer)
  })

  api.get('/:ref/confirmation_abstraction', async (c) => {
    const answer = confirmationAbstraction(await eventOr404(c), Date.now())
    return c.json(answer satisfies ConfirmationAbstraction)
  })

  api.get('/:ref/confirmation_description', async (c) => {
    const answer = confirmationDescription(await eventOr404(c))
    return c.json(answer satisfies ConfirmationDescription)
  })

  // The frozen standings: a 404 until the event is finalized (finalize.ts).
  api.get('/:ref/result', async (c) => {
    const answer = await eventResult(c.var.db, await eventOr404(c))
    if (!answer) throw new ApiError(404, messages.notFound)
    return c.json(answer satisfies EventResultAnswer)
  })

  return api
}
