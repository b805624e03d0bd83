import { createFileRoute } from '@tanstack/react-router'
import { LIVE_TAG_MAX_LENGTH, normalTag } from '../domain/live-tags.ts'
import { SEARCH_KEYWORD_MAX } from '../domain/search.ts'
import { SearchPage } from '../views/search/SearchPage.tsx'
import { TaggedLivesPage } from '../views/search/TaggedLives.tsx'
import { searchId } from './-params.ts'

export interface SearchParams {
  keyword?: string
  genre_id?: number
  /** A live tag (a tag's link): the rooms on air with it, instead of a search by name. */
  tag?: string
}

/** A tag as kept (src/domain/live-tags.ts); one no live could have is no tag. */
function keptTag(raw: string): string | undefined {
  const tag = normalTag(raw)
  const length = Array.from(tag).length
  return length > 0 && length <= LIVE_TAG_MAX_LENGTH ? tag : undefined
}

/** The longest `tag` read from the address (kept or not by the page, with the tag rules). */
const TAG_PARAM_MAX = 100

/** The router reads `?keyword=123` as a number: every keyword is taken as text, cut to the longest read. */
function validateSearch(raw: Record<string, unknown>): SearchParams {
  const k = raw.keyword
  const keyword =
    typeof k === 'string' || typeof k === 'number' ? String(k).slice(0, SEARCH_KEYWORD_MAX) : ''
  const genreId = searchId(raw.genre_id)
  // Checked by the page (keptTag): the tag rules load with it, not with the site.
  const t = raw.tag
  const tag =
    typeof t === 'string' || typeof t === 'number' ? String(t).slice(0, TAG_PARAM_MAX) : undefined
  return {
    ...(keyword ? { keyword } : {}),
    ...(genreId !== undefined ? { genre_id: genreId } : {}),
    ...(tag !== undefined ? { tag } : {}),
  }
}

/** `/search` (public): the rooms found by name, with a genre browser; or the rooms on air with a tag. */
export const Route = createFileRoute('/search')({
  validateSearch,
  loader: ({ context }) => context.search(),
  component: Search,
})

function Search() {
  const { keyword = '', genre_id, tag } = Route.useSearch()
  const genre = genre_id ?? 'all'
  const machines = Route.useLoaderData()
  const kept = tag === undefined ? undefined : keptTag(tag)
  if (kept !== undefined) return <TaggedLivesPage key={kept} logic={machines.tagged} tag={kept} />
  return (
    <SearchPage
      key={`${keyword} ${genre}`}
      logic={machines.results}
      keyword={keyword}
      genre={genre}
    />
  )
}
