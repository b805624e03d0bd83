import type { StreamingUrlEntry } from './live.ts'

/**
 * The room a room page (`/r/{room_url_key}`, `/lite/{room_url_key}`) is about, written by the
 * server into the page as `window.__KIRARI_ROOM__ = {…}` (issue #39): the app starts the player
 * from it without waiting for the room lookup and `streaming_url`, and programs that read the
 * page (streamlink's SHOWROOM plugin) find the room by `share_url`, as on SHOWROOM's own pages.
 *
 * The same for every visitor (nothing of the caller's session), read through the read cache, so
 * on-air state is never older than READ_CACHE_MS.
 */
export interface RoomPageState {
  room_id: number
  room_url_key: string
  room_name: string
  /** SHOWROOM's form, `{origin}/room/profile?room_id={id}`, which leads to the room's page. */
  share_url: string
  is_live: boolean
  /** The open live's id; 0 off air. */
  live_id: number
  /** As `/api/live/streaming_url` answers it at the same moment; empty off air. */
  streaming_url_list: StreamingUrlEntry[]
}

/** Where the page puts it (a global of the window), for the app to take once. */
export const ROOM_PAGE_STATE_GLOBAL = '__KIRARI_ROOM__'
