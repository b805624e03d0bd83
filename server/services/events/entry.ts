import type {
  CanApplyAnswer,
  EntryAnswer,
  EntryDecisionBody,
  EntryState,
  OrganizerEntriesAnswer,
  OrganizerEntry,
} from '../../../src/contract/event-entry.ts'
import { EVENT_TYPE } from '../../../src/domain/events.ts'
import { STARTING_GRADE_ID, gradeOf } from '../../../src/domain/grades.ts'
import { boardsOf } from './board.ts'
import type { Db } from '../../db/index.ts'
import { ApiError, invalidFields } from '../../errors.ts'
import { organizerMessages, ownEvent } from './organizer.ts'

const count = new Intl.NumberFormat('ja-JP')

/** Why a room may not enter (the confirmation page shows it; applying answers it as a 400). */
export const entryMessages = {
  eventNotFound: 'イベントが見つかりません',
  noRoom: 'イベントにエントリーできるのはルームをお持ちの方だけです',
  notOpenYet: 'このイベントのエントリー受付はまだ始まっていません',
  closed: 'このイベントのエントリー受付は終了しました',
  ended: 'このイベントは終了しました',
  grade: (min: string, now: string) =>
    `このイベントはグレード${min}以上のルームが対象です（今週のグレード${now}）`,
  followers: (min: number, now: number) =>
    `このイベントはフォロワー${count.format(min)}人以上のルームが対象です（現在${count.format(now)}人）`,
  entered: 'このイベントにはエントリー済みです',
  refused: 'このイベントへのエントリーはお断りされました',
  // The organizer's side.
  entryNotFound: 'エントリーが見つかりません',
  reasonRequired: 'お断りの理由を入力してください',
  blockRequired: 'ブロックを選んでください',
} as const

/** An event by id or url key, with what entering it depends on. */
export function entryEvent(db: Db, ref: number | string) {
  return db
    .selectFrom('events')
    .select([
      'id',
      'ended_at',
      'entry_starts_at',
      'entry_ends_at',
      'min_follower_num',
      'min_grade_id',
      'finalized_at',
    ])
    .where(typeof ref === 'number' ? 'id' : 'url_key', '=', ref)
    .executeTakeFirst()
}

type EntryEvent = NonNullable<Awaited<ReturnType<typeof entryEvent>>>

/** The caller's room (their first, should they own several). */
function ownRoom(db: Db, userId: number) {
  return db
    .selectFrom('rooms')
    .leftJoin('room_grades', 'room_grades.room_id', 'rooms.id')
    .select(['rooms.id', 'rooms.follower_num', 'room_grades.grade_id'])
    .where('rooms.owner_user_id', '=', userId)
    .orderBy('rooms.id')
    .executeTakeFirst()
}

function entryOf(db: Db, eventId: number, roomId: number) {
  return db
    .selectFrom('event_entries')
    .select(['status', 'refused_reason'])
    .where('event_id', '=', eventId)
    .where('room_id', '=', roomId)
    .executeTakeFirst()
}

type Room = NonNullable<Awaited<ReturnType<typeof ownRoom>>>
type Entry = Awaited<ReturnType<typeof entryOf>>

/** Why `room` may not enter `event` now (null: it may). */
function refusal(event: EntryEvent, room: Room, entry: Entry, now: Date): string | null {
  if (entry) return entry.status === 'refused' ? entryMessages.refused : entryMessages.entered
  if (event.finalized_at !== null || now >= event.ended_at) return entryMessages.ended
  if (now < event.entry_starts_at) return entryMessages.notOpenYet
  if (now >= event.entry_ends_at) return entryMessages.closed
  if (room.follower_num < event.min_follower_num) {
    return entryMessages.followers(event.min_follower_num, room.follower_num)
  }
  const grade = room.grade_id ?? STARTING_GRADE_ID
  if (grade < event.min_grade_id) {
    return entryMessages.grade(gradeOf(event.min_grade_id).name, gradeOf(grade).name)
  }
  return null
}

/**
 * Whether the caller's room may enter `event` now, and why not: an owner only; one entry per
 * room (an existing one is answered, a refused one stays refused); the entry window
 * [entry_starts_at, entry_ends_at) open and the event not over; the follower condition and the
 * grade condition (the grade the room holds this week) met.
 */
async function eligibility(db: Db, userId: number, event: EntryEvent, now: Date) {
  const room = await ownRoom(db, userId)
  if (!room) return { room: null, entry: null, reason: entryMessages.noRoom }
  const entry = await entryOf(db, event.id, room.id)
  return { room, entry: entry ?? null, reason: refusal(event, room, entry, now) }
}

async function findOr404(db: Db, ref: number | string): Promise<EntryEvent> {
  const event = await entryEvent(db, ref)
  if (!event) throw new ApiError(404, entryMessages.eventNotFound)
  return event
}

/** `GET /api/event/{ref}/can_apply`: whether the caller's room may enter, and its entry if any. */
export async function canApply(
  db: Db,
  userId: number,
  ref: number | string,
  now = new Date(),
): Promise<CanApplyAnswer> {
  const { room, entry, reason } = await eligibility(db, userId, await findOr404(db, ref), now)
  return { can_apply: reason === null, reason, room_id: room?.id ?? null, entry }
}

/**
 * `POST /api/event_entry`: the caller's room applies; the entry is 'applied' until the organizer
 * decides (a block event's division comes with the approval). Applying again answers the entry
 * as it stands; any refusal is a 400 with its message and stores nothing. Two applications at
 * once make one row: the primary key (event, room) and `on conflict do nothing`.
 */
export async function applyToEvent(
  db: Db,
  userId: number,
  eventId: number,
  now = new Date(),
): Promise<EntryAnswer> {
  const event = await findOr404(db, eventId)
  const { room, entry, reason } = await eligibility(db, userId, event, now)
  if (room && entry && entry.status !== 'refused') return answer(event.id, room.id, entry)
  if (!room || reason !== null) throw new ApiError(400, reason ?? entryMessages.noRoom)
  await db
    .insertInto('event_entries')
    .values({ event_id: event.id, room_id: room.id })
    .onConflict((oc) => oc.columns(['event_id', 'room_id']).doNothing())
    .execute()
  const stored = await entryOf(db, event.id, room.id)
  if (!stored) throw new Error(`entry of room ${room.id} in event ${event.id} vanished`)
  return answer(event.id, room.id, stored)
}

const answer = (eventId: number, roomId: number, entry: EntryState): EntryAnswer => ({
  ok: 1,
  event_id: eventId,
  room_id: roomId,
  entry: { status: entry.status, refused_reason: entry.refused_reason },
})

function entriesQuery(db: Db, eventId: number) {
  return db
    .selectFrom('event_entries')
    .innerJoin('rooms', 'rooms.id', 'event_entries.room_id')
    .select([
      'event_entries.room_id',
      'rooms.room_name',
      'rooms.room_url_key',
      'rooms.follower_num',
      'event_entries.status',
      'event_entries.refused_reason',
      'event_entries.block_division_id',
      'event_entries.applied_at',
      'event_entries.point',
    ])
    .where('event_entries.event_id', '=', eventId)
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof entriesQuery>['executeTakeFirstOrThrow']>>

const entryShape = (r: EntryRow): OrganizerEntry => ({
  ...r,
  applied_at: Math.floor(r.applied_at.getTime() / 1000),
  point: Number(r.point),
})

/** `GET /api/organizer/events/{id}/entries`: waiting applications first, then by when they came. */
export async function organizerEntries(
  db: Db,
  userId: number,
  eventId: number,
): Promise<OrganizerEntriesAnswer> {
  await ownEvent(db, userId, eventId)
  const rows = await entriesQuery(db, eventId)
    .orderBy((eb) =>
      eb
        .case()
        .when('event_entries.status', '=', 'applied')
        .then(0)
        .when('event_entries.status', '=', 'approved')
        .then(1)
        .else(2)
        .end(),
    )
    .orderBy('event_entries.applied_at')
    .orderBy('event_entries.room_id')
    .execute()
  return { entries: rows.map(entryShape) }
}

/**
 * `POST /api/organizer/events/{id}/entries/{room_id}`: approve (a block event's entry needs one
 * of its blocks) or refuse (with the reason the owner reads). Entries of a finalized event stay
 * as they were frozen.
 */
export async function decideEntry(
  db: Db,
  userId: number,
  eventId: number,
  roomId: number,
  decision: {
    decision: EntryDecisionBody['decision']
    reason: string
    block_id?: number | undefined
  },
): Promise<OrganizerEntry> {
  const event = await ownEvent(db, userId, eventId)
  const reason = decision.reason.trim()
  if (decision.decision === 'refuse' && reason === '') {
    throw invalidFields({ reason: entryMessages.reasonRequired })
  }
  await db.transaction().execute(async (tx) => {
    // Shared with other decisions, exclusive with the freeze (finalize.ts locks it for update).
    const frozen = await tx
      .selectFrom('events')
      .select('finalized_at')
      .where('id', '=', eventId)
      .forShare()
      .executeTakeFirstOrThrow()
    if (frozen.finalized_at) throw new ApiError(400, organizerMessages.finalized)
    const entry = await tx
      .selectFrom('event_entries')
      .select('status')
      .where('event_id', '=', eventId)
      .where('room_id', '=', roomId)
      .forUpdate()
      .executeTakeFirst()
    if (!entry) throw new ApiError(404, entryMessages.entryNotFound)
    let division = 0
    if (decision.decision === 'approve' && event.event_type === EVENT_TYPE.block) {
      const block = await tx
        .selectFrom('event_block_divisions')
        .select('id')
        .where('event_id', '=', eventId)
        .where('id', '=', decision.block_id ?? 0)
        .executeTakeFirst()
      if (!block) throw invalidFields({ block_id: entryMessages.blockRequired })
      division = block.id
    }
    await tx
      .updateTable('event_entries')
      .set(
        decision.decision === 'approve'
          ? { status: 'approved', refused_reason: '', block_division_id: division }
          : { status: 'refused', refused_reason: reason },
      )
      .where('event_id', '=', eventId)
      .where('room_id', '=', roomId)
      .execute()
  })
  // The ranking this process holds in memory gains (or loses) the room at once.
  boardsOf(db).forget(eventId)
  return entryShape(
    await entriesQuery(db, eventId)
      .where('event_entries.room_id', '=', roomId)
      .executeTakeFirstOrThrow(),
  )
}
