import { Hono, type Context } from 'hono'
import {
  GenreRankingPath,
  MyRankingQuery,
  type GenreRankingAnswer,
  type MyRankingAnswer,
  type RoomGenreAnswer,
} from '../../src/contract/ranking.ts'
import { publicOrigin } from '../caller.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import { genreRanking, myRanking, rankingTabs } from '../services/rankings/genre.ts'
import { parseOr400, query } from '../validate.ts'

/** SPEC §7 Ranking: `/api/genre_ranking/*` (src/contract/ranking.ts says the paths). */
export function rankingRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/room_genre', async (c) =>
    c.json((await rankingTabs(c.var.db)) satisfies RoomGenreAnswer),
  )

  api.get('/me', async (c) => {
    const userId = await requireUserId(c)
    const q = query(c, MyRankingQuery)
    const answer = await myRanking(c.var.db, userId, {
      genreId: q.genre === 'all' ? null : q.genre,
      period: q.period,
      nowMs: Date.now(),
      origin: publicOrigin(c),
      boardMs: c.var.config.rankingBoardMs,
    })
    return c.json(answer satisfies MyRankingAnswer)
  })

  const page = async (c: Context<AppEnv>) => {
    const p = parseOr400(GenreRankingPath, c.req.param())
    const answer = await genreRanking(c.var.db, {
      genreId: p.genre === 'all' ? null : p.genre,
      period: p.period,
      page: p.page,
      nowMs: Date.now(),
      origin: publicOrigin(c),
      boardMs: c.var.config.rankingBoardMs,
    })
    return c.json(answer satisfies GenreRankingAnswer)
  }
  api.get('/:genre/:period', page)
  api.get('/:genre/:period/:page', page)

  return api
}
