import type { ApiClient } from '../effects/api/client.ts'
import { loadRoom } from '../effects/api/room-load.ts'
import { prepareStream } from '../effects/player-engine.ts'
import { takeRoomPageState } from '../effects/room-page-state.ts'
import type { LoadedRoom } from '../domain/room.ts'
import { playableStreams } from '../domain/streams.ts'

/** A room load started with the page, kept for the room's first visit while this fresh. */
const PRIMED_FRESH_MS = 30_000
let primed: { key: string; load: Promise<LoadedRoom>; at: number } | null = null

/**
 * A room page's start (main.tsx, on a room's address): with the room the server wrote into the
 * page, its stream starts loading and its first load starts at once, while the app's settings,
 * messages and session load; the room's first visit takes them (issue #39, first frame).
 */
export function primeRoomPage(api: ApiClient): void {
  const page = takeRoomPageState()
  if (!page) return
  const first = playableStreams(page.streaming_url_list)[0]
  if (page.is_live && first) prepareStream(first.url)
  const load = loadRoom(api, page.room_url_key, {
    mutedUsers: () => [],
    giftSound: () => true,
    page,
  })
  load.catch(() => {})
  primed = { key: page.room_url_key, load, at: performance.now() }
}

/** The primed load of this room, once, while fresh. */
export function takePrimed(roomUrlKey: string): Promise<LoadedRoom> | null {
  const taken = primed
  primed = null
  return taken?.key === roomUrlKey && performance.now() - taken.at < PRIMED_FRESH_MS
    ? taken.load
    : null
}
