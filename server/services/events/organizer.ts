import type {
  EventForm,
  OrganizerEvent,
  OrganizerEventsAnswer,
} from '../../../src/contract/event-entry.ts'
import {
  ENTRY_STATUS,
  EVENT_TYPE,
  checkEventForm,
  eventEditMessages,
  tokyoIso,
  type EventDraft,
  type EventFormErrors,
} from '../../../src/domain/events.ts'
import type { Db } from '../../db/index.ts'
import { ApiError, invalidFields } from '../../errors.ts'

export const organizerMessages = {
  organizerOnly: 'この機能はイベント主催者の方だけが使えます',
  notYours: 'ほかの主催者のイベントは操作できません',
  eventNotFound: 'イベントが見つかりません',
  finalized: '結果が確定したイベントは変更できません',
} as const

/** 403 unless the caller is an organizer (users.is_organizer). */
export async function requireOrganizer(db: Db, userId: number): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select('is_organizer')
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user?.is_organizer) throw new ApiError(403, organizerMessages.organizerOnly)
}

/** The caller's event: 404 when there is none, 403 when another organizer runs it. */
export async function ownEvent(db: Db, userId: number, eventId: number) {
  const event = await db
    .selectFrom('events')
    .selectAll()
    .where('id', '=', eventId)
    .executeTakeFirst()
  if (!event) throw new ApiError(404, organizerMessages.eventNotFound)
  if (event.organizer_user_id !== userId) throw new ApiError(403, organizerMessages.notYours)
  return event
}

/** Events with their blocks, reward tiers and entry counts, in the order given. */
async function organizerShapes(db: Db, events: Array<{ id: number }>): Promise<OrganizerEvent[]> {
  if (events.length === 0) return []
  const ids = events.map((e) => e.id)
  const [rows, blocks, tiers, counts] = await Promise.all([
    db.selectFrom('events').selectAll().where('id', 'in', ids).execute(),
    db
      .selectFrom('event_block_divisions')
      .selectAll()
      .where('event_id', 'in', ids)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('event_reward_tiers')
      .selectAll()
      .where('event_id', 'in', ids)
      .orderBy('up_to_rank')
      .execute(),
    db
      .selectFrom('event_entries')
      .select(['event_id', 'status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('event_id', 'in', ids)
      .groupBy(['event_id', 'status'])
      .execute(),
  ])
  return ids.flatMap((id) => {
    const e = rows.find((r) => r.id === id)
    if (!e) return []
    const mine = counts.filter((c) => c.event_id === id)
    return [
      {
        event_id: e.id,
        url_key: e.url_key,
        name: e.name,
        description: e.description,
        image: e.image,
        event_type: e.event_type,
        started_at: tokyoIso(e.started_at.getTime()),
        ended_at: tokyoIso(e.ended_at.getTime()),
        entry_started_at: tokyoIso(e.entry_starts_at.getTime()),
        entry_ended_at: tokyoIso(e.entry_ends_at.getTime()),
        min_follower_num: e.min_follower_num,
        min_grade_id: e.min_grade_id,
        rewards: e.rewards,
        terms: e.terms,
        tutorial_url: e.tutorial_url,
        blocks: blocks.filter((b) => b.event_id === id).map((b) => b.label),
        reward_tiers: tiers
          .filter((t) => t.event_id === id)
          .map((t) => ({ up_to_rank: t.up_to_rank, reward: t.reward })),
        counts: Object.fromEntries(
          ENTRY_STATUS.map((s) => [s, Number(mine.find((c) => c.status === s)?.n ?? 0)]),
        ) as OrganizerEvent['counts'],
      },
    ]
  })
}

/** `GET /api/organizer/events`: the caller's events, newest first. */
export async function organizerEvents(db: Db, userId: number): Promise<OrganizerEventsAnswer> {
  const events = await db
    .selectFrom('events')
    .select('id')
    .where('organizer_user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return { events: await organizerShapes(db, events) }
}

function checked(form: EventForm): EventDraft {
  const result = checkEventForm(form)
  if (!result.ok) throw invalidFields(result.errors)
  return result.draft
}

const columns = (draft: EventDraft) => ({
  url_key: draft.url_key,
  name: draft.name,
  description: draft.description,
  image: draft.image,
  event_type: draft.event_type,
  started_at: new Date(draft.started_at),
  ended_at: new Date(draft.ended_at),
  entry_starts_at: new Date(draft.entry_started_at),
  entry_ends_at: new Date(draft.entry_ended_at),
  min_follower_num: draft.min_follower_num,
  min_grade_id: draft.min_grade_id,
  rewards: draft.rewards,
  terms: draft.terms,
  tutorial_url: draft.tutorial_url,
})

/** The event's blocks and reward tiers as the draft has them (replacing any before). */
async function writeParts(tx: Db, eventId: number, draft: EventDraft): Promise<void> {
  await tx.deleteFrom('event_block_divisions').where('event_id', '=', eventId).execute()
  await tx.deleteFrom('event_reward_tiers').where('event_id', '=', eventId).execute()
  if (draft.blocks.length > 0) {
    await tx
      .insertInto('event_block_divisions')
      .values(draft.blocks.map((label, i) => ({ event_id: eventId, id: i + 1, label })))
      .execute()
  }
  if (draft.reward_tiers.length > 0) {
    await tx
      .insertInto('event_reward_tiers')
      .values(draft.reward_tiers.map((t) => ({ event_id: eventId, ...t })))
      .execute()
  }
}

/** A url key another event has: a field error (also when a concurrent write took it first). */
async function urlKeyTaken(db: Db, urlKey: string, exceptId: number | null) {
  let query = db.selectFrom('events').select('id').where('url_key', '=', urlKey)
  if (exceptId !== null) query = query.where('id', '<>', exceptId)
  return (await query.executeTakeFirst()) !== undefined
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'

async function writing<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidFields({ url_key: eventEditMessages.urlKeyTaken })
    throw error
  }
}

/**
 * `POST /api/organizer/events`: a new event of the caller's, with its blocks and reward tiers,
 * in one transaction. A form that does not pass (eventFieldErrors, a url key in use) is a 400
 * INVALID_FIELDS and stores nothing.
 */
export async function createEvent(db: Db, userId: number, form: EventForm) {
  const draft = checked(form)
  if (await urlKeyTaken(db, draft.url_key, null)) {
    throw invalidFields({ url_key: eventEditMessages.urlKeyTaken })
  }
  const id = await writing(() =>
    db.transaction().execute(async (tx) => {
      const event = await tx
        .insertInto('events')
        .values({ ...columns(draft), organizer_user_id: userId })
        .returning('id')
        .executeTakeFirstOrThrow()
      await writeParts(tx, event.id, draft)
      return event.id
    }),
  )
  const [shape] = await organizerShapes(db, [{ id }])
  if (!shape) throw new Error(`event ${id} vanished`)
  return shape
}

/**
 * What an edit may not change on the stored event: the start once the event has started, the
 * end to a time already past, the kind once rooms have entered, a block rooms are ranked in.
 */
async function editErrors(tx: Db, stored: EventRow, draft: EventDraft, now: number) {
  const errors: EventFormErrors = {}
  if (stored.started_at.getTime() <= now && draft.started_at !== stored.started_at.getTime()) {
    errors.started_at = eventEditMessages.startMoved
  }
  if (draft.ended_at !== stored.ended_at.getTime() && draft.ended_at <= now) {
    errors.ended_at = eventEditMessages.endMoved
  }
  const entries = await tx
    .selectFrom('event_entries')
    .select((eb) => [
      eb.fn.countAll<string>().as('n'),
      eb.fn.max<number | null>('block_division_id').as('top'),
    ])
    .where('event_id', '=', stored.id)
    .executeTakeFirstOrThrow()
  if (Number(entries.n) > 0 && draft.event_type !== stored.event_type) {
    errors.event_type = eventEditMessages.typeFixed
  }
  if (draft.event_type === EVENT_TYPE.block && (entries.top ?? 0) > draft.blocks.length) {
    errors.blocks = eventEditMessages.blockInUse
  }
  return errors
}

type EventRow = Awaited<ReturnType<typeof ownEvent>>

/**
 * `PUT /api/organizer/events/{id}`: the caller edits their event, all of it in one transaction
 * on the locked event row (editErrors says what may no longer change). A finalized event is not
 * edited.
 */
export async function updateEvent(db: Db, userId: number, eventId: number, form: EventForm) {
  await ownEvent(db, userId, eventId)
  const draft = checked(form)
  if (await urlKeyTaken(db, draft.url_key, eventId)) {
    throw invalidFields({ url_key: eventEditMessages.urlKeyTaken })
  }
  await writing(() =>
    db.transaction().execute(async (tx) => {
      const stored = await tx
        .selectFrom('events')
        .selectAll()
        .where('id', '=', eventId)
        .forUpdate()
        .executeTakeFirstOrThrow()
      if (stored.finalized_at) throw new ApiError(400, organizerMessages.finalized)
      const errors = await editErrors(tx, stored, draft, Date.now())
      if (Object.keys(errors).length > 0) throw invalidFields(errors)
      await tx.updateTable('events').set(columns(draft)).where('id', '=', eventId).execute()
      await writeParts(tx, eventId, draft)
    }),
  )
  const [shape] = await organizerShapes(db, [{ id: eventId }])
  if (!shape) throw new Error(`event ${eventId} vanished`)
  return shape
}
