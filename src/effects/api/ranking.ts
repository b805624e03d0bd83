import type { RoomGradeAnswer, RoomGradeQuery } from '../../contract/grade.ts'
import type { RoomMedalsAnswer, UserMedalsAnswer } from '../../contract/medal.ts'
import type { RoomMemoryAnswer, RoomMemoryQuery } from '../../contract/memory.ts'
import type {
  GenreRankingAnswer,
  MyRankingAnswer,
  MyRankingQuery,
  RankingPeriod,
  RoomGenreAnswer,
} from '../../contract/ranking.ts'
import type { RoomIdQuery, RoomStatusAnswer, RoomStatusQuery } from '../../contract/room.ts'
import type { MedalsData } from '../../machines/medal/medal.machine.ts'
import type { ApiClient } from './client.ts'

/** A ranking's tab: every genre, or one genre's id. */
export type RankingGenre = 'all' | number

/** `/api/genre_ranking/room_genre`: the genre and period tabs. */
export const getRankingTabs = (api: ApiClient) =>
  api.get<RoomGenreAnswer>('/api/genre_ranking/room_genre')

/** One page (from 1) of a genre's ranking in a period. */
export const getGenreRanking = (
  api: ApiClient,
  genre: RankingGenre,
  period: RankingPeriod,
  page: number,
) => api.get<GenreRankingAnswer>(`/api/genre_ranking/${genre}/${period}/${page}`)

/** The caller's own room's place in that ranking; null for an anonymous visitor (no call). */
export const getMyRanking = (
  api: ApiClient,
  genre: RankingGenre,
  period: RankingPeriod,
  loggedIn: boolean,
) =>
  loggedIn
    ? api.get<MyRankingAnswer>('/api/genre_ranking/me', {
        genre: String(genre),
        period,
      } satisfies MyRankingQuery)
    : Promise.resolve(null)

/** A room's id from its URL key (`/api/room/status`). */
const roomIdOf = async (api: ApiClient, roomUrlKey: string) =>
  (
    await api.get<RoomStatusAnswer>('/api/room/status', {
      room_url_key: roomUrlKey,
    } satisfies RoomStatusQuery)
  ).room_id

/**
 * The owner's room's grade for the week (`/api/room_grade`), and when it was asked (ms), so a
 * countdown runs from the server's `remaining_seconds` whatever the device's clock says. Null
 * for a caller without a room.
 */
export async function getOwnRoomGrade(
  api: ApiClient,
  roomUrlKey: string,
  nowMs: () => number,
): Promise<{ grade: RoomGradeAnswer; atMs: number } | null> {
  if (!roomUrlKey) return null
  const roomId = await roomIdOf(api, roomUrlKey)
  const grade = await api.get<RoomGradeAnswer>('/api/room_grade', {
    room_id: String(roomId),
  } satisfies RoomGradeQuery)
  return { grade, atMs: nowMs() }
}

/**
 * The owner's room's medals (`/api/room/medals`) or the caller's own (`/api/user/medals`); null
 * when the room's medals are asked by a caller without a room.
 */
export async function getMedals(
  api: ApiClient,
  owner: 'room' | 'user',
  roomUrlKey: string,
): Promise<MedalsData | null> {
  if (owner === 'user') {
    const answer = await api.get<UserMedalsAnswer>('/api/user/medals')
    return { owner, name: answer.name, medals: answer.medals, catalogue: answer.catalogue }
  }
  if (!roomUrlKey) return null
  const roomId = await roomIdOf(api, roomUrlKey)
  const answer = await api.get<RoomMedalsAnswer>('/api/room/medals', {
    room_id: String(roomId),
  } satisfies RoomIdQuery)
  return { owner, name: answer.room_name, medals: answer.medals, catalogue: answer.catalogue }
}

/**
 * A room's year (`/api/room_memory`): the room the URL names, else the caller's own (the server
 * answers for the session's room). Null when neither is there to show.
 */
export async function getRoomMemory(
  api: ApiClient,
  year: number,
  roomUrlKey: string | null,
  loggedIn: boolean,
): Promise<RoomMemoryAnswer | null> {
  if (roomUrlKey === null && !loggedIn) return null
  const roomId = roomUrlKey === null ? null : await roomIdOf(api, roomUrlKey)
  return api.get<RoomMemoryAnswer>('/api/room_memory', {
    year: String(year),
    ...(roomId !== null && { room_id: String(roomId) }),
  } satisfies RoomMemoryQuery)
}
