import { Hono } from 'hono'
import {
  AvatarFavBody,
  ChooseAvatarBody,
  type AvatarFavAnswer,
  type AvatarsAnswer,
  type ChooseAvatarAnswer,
} from '../../src/contract/avatar.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import { chooseAvatar, listAvatars, setAvatarFav } from '../services/avatars.ts'
import { input } from '../validate.ts'

/**
 * SPEC §7 Avatars: `/api/users/me/avatars` (GET: owned avatars and the one worn),
 * `/api/user_avatar/fav` (POST: mark a favourite) and `/api/user/update_user_avatar` (POST: wear
 * one). A signed-in user's own; an avatar not owned is refused by its field, nothing stored.
 */
export function avatarRoutes() {
  const api = new Hono<AppEnv>()
  api.get('/users/me/avatars', async (c) => {
    const userId = await requireUserId(c)
    return c.json((await listAvatars(c.var.db, userId)) satisfies AvatarsAnswer)
  })
  api.post('/user_avatar/fav', async (c) => {
    const userId = await requireUserId(c)
    const body = await input(c, AvatarFavBody)
    const answer = await setAvatarFav(c.var.db, {
      userId,
      avatarId: body.avatar_id,
      isFav: body.is_fav,
    })
    return c.json(answer satisfies AvatarFavAnswer)
  })
  api.post('/user/update_user_avatar', async (c) => {
    const userId = await requireUserId(c)
    const body = await input(c, ChooseAvatarBody)
    const answer = await chooseAvatar(c.var.db, { userId, avatarId: body.avatar_id })
    return c.json(answer satisfies ChooseAvatarAnswer)
  })
  return api
}
