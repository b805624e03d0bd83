import { Hono } from 'hono'
import {
  AutocompleteQuery,
  LiveTagValidateQuery,
  LiveTagsBody,
  LiveTagsQuery,
  type LiveTagAutocompleteAnswer,
  type LiveTagValidateAnswer,
  type LiveTagsAnswer,
} from '../../src/contract/search.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import {
  autocompleteLiveTags,
  roomLiveTags,
  setLiveTags,
  validateTag,
} from '../services/search/live-tags.ts'
import { input, query } from '../validate.ts'

/** SPEC §7 Live: `/api/live_tags`, `/api/live_tag/validate`, `/api/search/autocomplete_live_tag`. */
export function liveTagRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/live_tags', async (c) => {
    const { room_id } = query(c, LiveTagsQuery)
    return c.json((await roomLiveTags(c.var.db, room_id)) satisfies LiveTagsAnswer)
  })

  api.post('/live_tags', async (c) => {
    const userId = await requireUserId(c)
    const body = await input(c, LiveTagsBody)
    const answer = await setLiveTags(c.var.db, { userId, liveId: body.live_id, tags: body.tags })
    return c.json(answer satisfies LiveTagsAnswer)
  })

  api.get('/live_tag/validate', (c) => {
    const { tag } = query(c, LiveTagValidateQuery)
    return c.json({ ok: true, tag: validateTag(tag) } satisfies LiveTagValidateAnswer)
  })

  api.get('/search/autocomplete_live_tag', async (c) => {
    const { keyword } = query(c, AutocompleteQuery)
    const answer = await autocompleteLiveTags(c.var.db, keyword)
    return c.json(answer satisfies LiveTagAutocompleteAnswer)
  })

  return api
}
