import { Hono } from 'hono'
import { FileId } from '../../src/contract/common.ts'
import {
  RoomLiverThemeBody,
  RoomLiverThemeQuery,
  type LiverThemesAnswer,
  type RoomLiverThemeAnswer,
} from '../../src/contract/liver-theme.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import { liverThemeById, liverThemeSvg } from '../services/liver-themes/preview.ts'
import {
  listLiverThemes,
  roomLiverTheme,
  setRoomLiverTheme,
} from '../services/liver-themes/themes.ts'
import { input, parseOr400, query } from '../validate.ts'
import { svg } from './images.ts'

/**
 * Liver themes (issue #22; SPEC §7): the catalogue (`/liver_themes`), its pick-up themes
 * (`/pick_up_liver_themes`), a room's theme for anyone (GET `/room/liver_theme`) and the owner's
 * choice (POST, theme_id 0 for none; someone else's room is a 403, an unknown theme a 400).
 */
export function liverThemeRoutes() {
  const api = new Hono<AppEnv>()
  api.get('/liver_themes', async (c) =>
    c.json({ liver_themes: await listLiverThemes(c.var.db) } satisfies LiverThemesAnswer),
  )
  api.get('/pick_up_liver_themes', async (c) =>
    c.json({ liver_themes: await listLiverThemes(c.var.db, true) } satisfies LiverThemesAnswer),
  )
  api.get('/room/liver_theme', async (c) => {
    const { room_id } = query(c, RoomLiverThemeQuery)
    return c.json((await roomLiverTheme(c.var.db, room_id)) satisfies RoomLiverThemeAnswer)
  })
  api.post('/room/liver_theme', async (c) => {
    const userId = await requireUserId(c)
    const body = await input(c, RoomLiverThemeBody)
    const answer = await setRoomLiverTheme(c.var.db, {
      userId,
      roomId: body.room_id,
      themeId: body.theme_id,
    })
    return c.json(answer satisfies RoomLiverThemeAnswer)
  })
  return api
}

/** `/img/liver_theme/{id}.svg`: a theme's preview card, drawn from its colours. */
export function liverThemeImageRoutes() {
  const api = new Hono<AppEnv>()
  api.get('/liver_theme/:file{[0-9]{1,9}\\.svg}', async (c) => {
    const id = parseOr400(FileId, c.req.param('file'))
    return svg(c, liverThemeSvg(await liverThemeById(c.var.db, id)))
  })
  return api
}
