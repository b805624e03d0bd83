import type { InferInput } from 'valibot'
import type { OnlivesAnswer, OnlivesQuery } from '../../contract/live.ts'
import type {
  AutocompleteQuery,
  LiveTagAutocompleteAnswer,
  LiveTagValidateAnswer,
  LiveTagValidateQuery,
  LiveTagsAnswer,
  LiveTagsBody,
  LiveTagsQuery,
} from '../../contract/search.ts'
import type { OnliveItem } from '../../domain/api-types.ts'
import type { ApiClient } from './client.ts'

/** `GET /api/live_tags`: the tags of the room's live on air (live 0 and [] off air). */
export const getLiveTags = (api: ApiClient, roomId: number) =>
  api.get<LiveTagsAnswer>('/api/live_tags', {
    room_id: String(roomId),
  } satisfies InferInput<typeof LiveTagsQuery>)

/** `/api/search/autocomplete_live_tag`: tags in use holding the keyword, most on air first. */
export const suggestLiveTags = (api: ApiClient, keyword: string) =>
  api.get<LiveTagAutocompleteAnswer>('/api/search/autocomplete_live_tag', {
    keyword,
  } satisfies InferInput<typeof AutocompleteQuery>)

/** `/api/live_tag/validate`: the tag as it will be kept, or a 400 with the rule's message. */
export const validateLiveTag = (api: ApiClient, tag: string) =>
  api.get<LiveTagValidateAnswer>('/api/live_tag/validate', {
    tag,
  } satisfies InferInput<typeof LiveTagValidateQuery>)

/** `POST /api/live_tags` (the owner, JSON): the live's tags, all at once. */
export const saveLiveTags = (api: ApiClient, body: LiveTagsBody) =>
  api.postJson<LiveTagsAnswer>('/api/live_tags', body)

/** `/api/live/onlives?tag=`: the lives on air with the tag, most watched first, each once. */
export async function getTaggedLives(api: ApiClient, tag: string): Promise<OnliveItem[]> {
  // By genre, which this list does not show: the genres' names (lang) do not matter.
  const answer = await api.get<OnlivesAnswer>('/api/live/onlives', { tag } satisfies OnlivesQuery)
  const lives = new Map(answer.onlives.flatMap((g) => g.lives).map((l) => [l.live_id, l]))
  return [...lives.values()].sort((a, b) => b.view_num - a.view_num)
}
