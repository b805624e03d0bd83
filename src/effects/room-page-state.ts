import { ROOM_PAGE_STATE_GLOBAL, type RoomPageState } from '../contract/room-page.ts'

/** Past this since the page's navigation, the page's room state is too old to play from. */
const FRESH_MS = 30_000

/**
 * The room the server wrote into this page (contract/room-page.ts), while it is fresh, left in
 * place: the page's boot script (src/boot/room-video.ts) reads it before the app takes it.
 */
export function readRoomPageState(): RoomPageState | null {
  const state: unknown = Reflect.get(window, ROOM_PAGE_STATE_GLOBAL)
  if (typeof state !== 'object' || state === null || performance.now() > FRESH_MS) return null
  const page = state as Partial<RoomPageState>
  return typeof page.room_url_key === 'string' &&
    typeof page.room_id === 'number' &&
    Array.isArray(page.streaming_url_list)
    ? (page as RoomPageState)
    : null
}

/**
 * The same, taken once: the room whose address the page was loaded at. Null on other pages and
 * after.
 */
export function takeRoomPageState(): RoomPageState | null {
  const page = readRoomPageState()
  Reflect.deleteProperty(window, ROOM_PAGE_STATE_GLOBAL)
  return page
}
