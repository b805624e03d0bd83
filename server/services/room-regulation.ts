/** SPEC §4, §7 the under-18 regulation of a room and its live, as the owner panel reads and sets it. */
import type { RegulationAnswer, RegulationSavedAnswer } from '../../src/contract/room.ts'
import { REGULATION } from '../../src/domain/regulation.ts'
import type { Db } from '../db/index.ts'
import { openLive, roomRegulation } from './lives.ts'
import { ownedRoom } from './room-social.ts'

/** Where the caller is and when: streaming from abroad lifts the limit (lives.ts roomRegulation). */
export interface RegulationContext {
  abroad: boolean
  nowMs: number
}

/**
 * `GET /api/room/check_room_regulation`: the room's status, and the live's — the same for the
 * room's open live (or `liveId`, when it is this room's), none otherwise.
 */
export async function regulationOf(
  db: Db,
  where: { roomId: number; liveId?: number | undefined },
  context: RegulationContext,
): Promise<RegulationAnswer> {
  const { status } = await roomRegulation(db, where.roomId, context)
  const live =
    where.liveId === undefined
      ? await openLive(db, { roomId: where.roomId })
      : await openLive(db, { liveId: where.liveId })
  return {
    under_18_room_regulation_status: status,
    under_18_live_regulation_status:
      live && live.room_id === where.roomId ? status : REGULATION.none,
  }
}

/** `POST /api/room/upsert_room_regulation`: the owner marks the room as having performers under 18. */
export async function setRoomRegulation(
  db: Db,
  request: { userId: number; roomId: number; under18: boolean },
  context: RegulationContext,
): Promise<RegulationSavedAnswer> {
  const room = await ownedRoom(db, request.roomId, request.userId)
  await db
    .updateTable('rooms')
    .set({ under_18_regulation: request.under18 })
    .where('id', '=', room.id)
    .execute()
  const { status } = await roomRegulation(db, room.id, context)
  return { ok: 1, under_18_room_regulation_status: status }
}
