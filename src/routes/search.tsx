import { createFileRoute } from '@tanstack/react-router'
import { SEARCH_KEYWORD_MAX } from '../domain/search.ts'
import { SearchPage } from '../views/search/SearchPage.tsx'
import { searchId } from './-params.ts'

export interface SearchParams {
  keyword?: string
  genre_id?: number
}

/** The router reads `?keyword=123` as a number: every keyword is taken as text, cut to the longest read. */
function validateSearch(raw: Record<string, unknown>): SearchParams {
  const k = raw.keyword
  const keyword =
    typeof k === 'string' || typeof k === 'number' ? String(k).slice(0, SEARCH_KEYWORD_MAX) : ''
  const genreId = searchId(raw.genre_id)
  return {
    ...(keyword ? { keyword } : {}),
    ...(genreId !== undefined ? { genre_id: genreId } : {}),
  }
}

/** `/search` (public): the rooms found by name, with a genre browser. */
export const Route = createFileRoute('/search')({
  validateSearch,
  loader: ({ context }) => context.search(),
  component: Search,
})

function Search() {
  const { keyword = '', genre_id } = Route.useSearch()
  const genre = genre_id ?? 'all'
  return (
    <SearchPage
      key={`${keyword} ${genre}`}
      logic={Route.useLoaderData().results}
      keyword={keyword}
      genre={genre}
    />
  )
}
