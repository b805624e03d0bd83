import { Hono } from 'hono'
import { CampaignQuery, CampaignRankingQuery } from '../../src/contract/campaign.ts'
import { publicOrigin } from '../caller.ts'
import type { AppEnv } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { requestLocale } from '../request-locale.ts'
import { findCampaign } from '../services/campaigns/find.ts'
import { heroSvg } from '../services/campaigns/hero.ts'
import { campaignRanking } from '../services/campaigns/ranking.ts'
import { query } from '../validate.ts'
import { svg } from './images.ts'

/**
 * `/api/campaign` (issue #22): the campaign a `/lp/{path}` page shows, in the caller's locale (the
 * page's prefix, the cookie, the browser's), and `/api/campaign/ranking`, the ranking it shows.
 * Neither is cached: an operator's change, and a gift, show on the next fetch.
 */
export function campaignRoutes() {
  const api = new Hono<AppEnv>()
  api.get('/campaign', async (c) => {
    const q = query(c, CampaignQuery)
    const answer = await findCampaign(c.var.db, q.path, requestLocale(c), new Date())
    if (!answer) throw new ApiError(404, messages.notFound)
    c.header('Cache-Control', 'no-cache')
    return c.json(answer)
  })
  api.get('/campaign/ranking', async (c) => {
    const q = query(c, CampaignRankingQuery)
    const answer = await campaignRanking(c.var.db, q.campaign_id, new Date(), publicOrigin(c))
    if (!answer) throw new ApiError(404, messages.notFound)
    c.header('Cache-Control', 'no-cache')
    return c.json(answer)
  })
  return api
}

/** `/img/lp/{name}.svg`: the seeded campaigns' hero pictures, drawn by the server. */
export function campaignImageRoutes() {
  const api = new Hono<AppEnv>()
  api.get('/lp/:file{[a-z0-9_-]{1,40}\\.svg}', (c) => {
    const picture = heroSvg(c.req.param('file').replace(/\.svg$/, ''))
    if (picture === null) throw new ApiError(404, messages.notFound)
    return svg(c, picture)
  })
  return api
}
