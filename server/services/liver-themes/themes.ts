import type { Selectable } from 'kysely'
import type { LiverTheme, RoomLiverThemeAnswer } from '../../../src/contract/liver-theme.ts'
import type { Db } from '../../db/index.ts'
import type { LiverThemeTable } from '../../db/schema-liver-themes.ts'
import { ApiError, messages } from '../../errors.ts'
import { ownedRoom } from '../room-social.ts'

/** What the theme calls answer when they refuse. */
export const liverThemeMessages = {
  unknownTheme: 'そのテーマは見つかりません。一覧から選び直してください',
} as const

type Row = Selectable<LiverThemeTable>

/** The columns a theme is read from. */
export const themeColumns = [
  'id',
  'name',
  'description',
  'frame_color',
  'accent_color',
  'background_color',
  'stamps',
  'image_url',
  'is_pick_up',
] as const

/** A stored theme as the wire carries it; stamps not an array of strings are dropped. */
export function themeOf(row: Pick<Row, (typeof themeColumns)[number]>): LiverTheme {
  const stamps: unknown = row.stamps
  return {
    theme_id: row.id,
    name: row.name,
    description: row.description,
    frame_color: row.frame_color,
    accent_color: row.accent_color,
    background_color: row.background_color,
    stamps: Array.isArray(stamps) ? stamps.filter((s) => typeof s === 'string') : [],
    image_url: row.image_url,
    is_pick_up: row.is_pick_up,
  }
}

/** The catalogue in the gallery's order; only the pick-up ones with `pickUpOnly`. */
export async function listLiverThemes(db: Db, pickUpOnly = false): Promise<LiverTheme[]> {
  let query = db.selectFrom('liver_themes').select(themeColumns)
  if (pickUpOnly) query = query.where('is_pick_up', '=', true)
  const rows = await query.orderBy('position').orderBy('id').execute()
  return rows.map(themeOf)
}

/** The room's theme (null for none); a 404 for no such room. Public: viewers draw the room by it. */
export async function roomLiverTheme(db: Db, roomId: number): Promise<RoomLiverThemeAnswer> {
  const room = await db
    .selectFrom('rooms')
    .select(['id', 'liver_theme_id'])
    .where('id', '=', roomId)
    .executeTakeFirst()
  if (!room) throw new ApiError(404, messages.notFound)
  const row =
    room.liver_theme_id === null
      ? undefined
      : await db
          .selectFrom('liver_themes')
          .select(themeColumns)
          .where('id', '=', room.liver_theme_id)
          .executeTakeFirst()
  return { room_id: room.id, liver_theme: row ? themeOf(row) : null }
}

/**
 * The owner puts a theme on the room (theme 0 takes it off). Anyone else is refused (403), and a
 * theme not in the catalogue is a 400 with nothing stored.
 */
export async function setRoomLiverTheme(
  db: Db,
  request: { userId: number; roomId: number; themeId: number },
): Promise<RoomLiverThemeAnswer> {
  await ownedRoom(db, request.roomId, request.userId)
  if (request.themeId !== 0) {
    const known = await db
      .selectFrom('liver_themes')
      .select('id')
      .where('id', '=', request.themeId)
      .executeTakeFirst()
    if (!known)
      throw new ApiError(400, liverThemeMessages.unknownTheme, { errorType: 'UNKNOWN_THEME' })
  }
  await db
    .updateTable('rooms')
    .set({ liver_theme_id: request.themeId === 0 ? null : request.themeId })
    .where('id', '=', request.roomId)
    .execute()
  return roomLiverTheme(db, request.roomId)
}
