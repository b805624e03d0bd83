import { fromPromise } from 'xstate'
import type { Effects } from './effects.ts'
import type { AppPorts } from './ports.ts'
import { getRoomGenres, searchRooms, suggestRooms } from '../effects/api/search.ts'
import { searchBoxMachine } from '../machines/search/search-box.machine.ts'
import { searchResultsMachine } from '../machines/search/search-results.machine.ts'
import { getTimeTables } from '../effects/api/follow.ts'
import { getTaggedLives } from '../effects/api/live-tags.ts'
import { taggedLivesMachine } from '../machines/live-tags/tagged-lives.machine.ts'
import { upcomingMachine } from '../machines/upcoming/upcoming.machine.ts'

export type SearchMachines = ReturnType<typeof searchMachines>

/**
 * The ways to find a room — the header's search box, the results page (by name, or the rooms on
 * air with a tag), the home page's strip of lives to come — with real effects. Loaded when the box is first focused or opened, with the
 * results page, or once the home page has painted (src/compose/app.ts), not with the site.
 */
export function searchMachines(effects: Effects, ports: AppPorts) {
  const reportError = (_: unknown, { error }: { error: unknown }) => ports.reportError(error)
  return {
    box: searchBoxMachine.provide({
      actors: { suggest: fromPromise(({ input }) => suggestRooms(effects.api, input.keyword)) },
      actions: {
        // A failed suggestion is not worth a banner: Enter still searches.
        reportError: () => {},
        openRoom: (_, { roomUrlKey }) => effects.go(`/r/${encodeURIComponent(roomUrlKey)}`),
        openResults: (_, { keyword }) =>
          effects.go(`/search?${new URLSearchParams({ keyword }).toString()}`),
      },
    }),
    results: searchResultsMachine.provide({
      actors: {
        loadGenres: fromPromise(() => getRoomGenres(effects.api)),
        loadRooms: fromPromise(({ input }) => searchRooms(effects.api, input)),
      },
      actions: { reportError },
    }),
    tagged: taggedLivesMachine.provide({
      actors: { loadLives: fromPromise(({ input }) => getTaggedLives(effects.api, input.tag)) },
      actions: { reportError },
    }),
    upcoming: upcomingMachine.provide({
      actors: { loadUpcoming: fromPromise(() => getTimeTables(effects.api)) },
    }),
  }
}
