import { Hono } from 'hono'
import {
  LiveResultQuery,
  MonthlyReportQuery,
  RoomGradeQuery,
  type LiveResultAnswer,
  type MonthlyReportAnswer,
  type RoomGradeAnswer,
  type ShowRankAnswer,
  type ShowRankEventResultAnswer,
} from '../../src/contract/grade.ts'
import {
  RoomMedalQuery,
  UserMedalQuery,
  UserMedalsQuery,
  type MedalAnswer,
  type RoomMedalsAnswer,
  type UserMedalsAnswer,
} from '../../src/contract/medal.ts'
import { RoomMemoryQuery, type RoomMemoryAnswer } from '../../src/contract/memory.ts'
import { RoomIdQuery } from '../../src/contract/room.ts'
import { publicOrigin } from '../caller.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import { oneMedal, roomMedals, userMedals } from '../services/rankings/medal-pages.ts'
import { roomMemory } from '../services/rankings/memory.ts'
import { latestEventResult, liveResult, monthlyReport } from '../services/rankings/reports.ts'
import { roomGrade, showRank } from '../services/rankings/standing.ts'
import { query } from '../validate.ts'

/**
 * SPEC §7: a room's standing — `/api/room_grade`, `/api/show_rank` (with live_result,
 * event_result, monthly_report), medals (`/api/room/medals`, `/api/room/medal`,
 * `/api/user/medals`, `/api/user/medal`) and `/api/room_memory`.
 */
export function standingRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/room_grade', async (c) => {
    const { room_id } = query(c, RoomGradeQuery)
    const answer = await roomGrade(c.var.db, room_id, {
      nowMs: Date.now(),
      origin: publicOrigin(c),
    })
    return c.json(answer satisfies RoomGradeAnswer)
  })

  api.get('/show_rank', async (c) => {
    const { room_id } = query(c, RoomIdQuery)
    const answer = await showRank(c.var.db, room_id, {
      nowMs: Date.now(),
      boardMs: c.var.config.rankingBoardMs,
    })
    return c.json(answer satisfies ShowRankAnswer)
  })

  api.get('/show_rank/live_result', async (c) => {
    const userId = await requireUserId(c)
    const q = query(c, LiveResultQuery)
    const answer = await liveResult(c.var.db, { roomId: q.room_id, liveId: q.live_id, userId })
    return c.json(answer satisfies LiveResultAnswer)
  })

  api.get('/show_rank/event_result', async (c) => {
    const { room_id } = query(c, RoomIdQuery)
    return c.json((await latestEventResult(c.var.db, room_id)) satisfies ShowRankEventResultAnswer)
  })

  api.get('/show_rank/monthly_report', async (c) => {
    const userId = await requireUserId(c)
    const at = query(c, MonthlyReportQuery)
    return c.json((await monthlyReport(c.var.db, userId, at)) satisfies MonthlyReportAnswer)
  })

  api.get('/room/medals', async (c) => {
    const { room_id } = query(c, RoomIdQuery)
    const answer = await roomMedals(c.var.db, room_id, publicOrigin(c))
    return c.json(answer satisfies RoomMedalsAnswer)
  })

  api.get('/room/medal', async (c) => {
    const q = query(c, RoomMedalQuery)
    const answer = await oneMedal(c.var.db, 'room', q.room_id, q.medal_id, publicOrigin(c))
    return c.json(answer satisfies MedalAnswer)
  })

  api.get('/user/medals', async (c) => {
    const q = query(c, UserMedalsQuery)
    const userId = q.user_id ?? (await requireUserId(c))
    return c.json((await userMedals(c.var.db, userId, publicOrigin(c))) satisfies UserMedalsAnswer)
  })

  api.get('/user/medal', async (c) => {
    const q = query(c, UserMedalQuery)
    const userId = q.user_id ?? (await requireUserId(c))
    const answer = await oneMedal(c.var.db, 'user', userId, q.medal_id, publicOrigin(c))
    return c.json(answer satisfies MedalAnswer)
  })

  api.get('/room_memory', async (c) => {
    const q = query(c, RoomMemoryQuery)
    const room =
      q.room_id === undefined ? { ownerId: await requireUserId(c) } : { roomId: q.room_id }
    const answer = await roomMemory(c.var.db, { ...room, year: q.year, origin: publicOrigin(c) })
    return c.json(answer satisfies RoomMemoryAnswer)
  })

  return api
}
