import { Hono } from 'hono'
import type { AnimationsAnswer } from '../../src/contract/site-dialog.ts'
import type { AppEnv } from '../env.ts'
import { listAnimations } from '../services/site-dialogs/animations.ts'

/** How long a browser or a proxy may keep the catalogue: it changes with a release, if ever. */
const ANIMATIONS_MAX_AGE_S = 300

/** `GET /api/animations` (issue #22): the gift and rank animations the room plays, cacheable. */
export function animationRoutes() {
  const api = new Hono<AppEnv>()
  api.get('/animations', async (c) => {
    const answer: AnimationsAnswer = { animations: await listAnimations(c.var.db) }
    c.header('Cache-Control', `public, max-age=${ANIMATIONS_MAX_AGE_S}`)
    return c.json(answer)
  })
  return api
}
