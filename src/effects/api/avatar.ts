import type {
  AvatarFavAnswer,
  AvatarFavBody,
  AvatarsAnswer,
  ChooseAvatarAnswer,
  ChooseAvatarBody,
} from '../../contract/avatar.ts'
import type { ApiClient } from './client.ts'

/** `GET /api/users/me/avatars`: the avatars the user owns and the one worn. */
export const getAvatars = (api: ApiClient) => api.get<AvatarsAnswer>('/api/users/me/avatars')

/** `POST /api/user/update_user_avatar` (form, SPEC §7's default): wear an owned avatar. */
export const chooseAvatar = (api: ApiClient, avatarId: number) =>
  api.postForm<ChooseAvatarAnswer>('/api/user/update_user_avatar', {
    avatar_id: avatarId,
  } satisfies ChooseAvatarBody)

/** `POST /api/user_avatar/fav` (form): mark or unmark an owned avatar as a favourite. */
export const setAvatarFav = (api: ApiClient, avatarId: number, isFav: boolean) =>
  api.postForm<AvatarFavAnswer>('/api/user_avatar/fav', {
    avatar_id: avatarId,
    is_fav: isFav ? 1 : 0,
  } satisfies AvatarFavBody)
