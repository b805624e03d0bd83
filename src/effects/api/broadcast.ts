import type { LiveInfoAnswer, RoomQuery } from '../../contract/live.ts'
import type { ObsKeyAnswer, ObsRoomBody } from '../../contract/obs.ts'
import { WHIP_PATH, type IceServersAnswer, type PublishReadyAnswer } from '../../contract/whip.ts'
import type {
  BroadcastRoom,
  LiveSession,
  WhipCredentials,
} from '../../machines/broadcast/broadcast.machine.ts'
import type { ApiClient } from './client.ts'
import { ownerCall } from './owner.ts'
import { getRoomStatus } from './room.ts'

// The broadcast page's calls (issue #51): the room, its key and WHIP endpoint, the live.

/** The room by its URL key; for its owner, the flags a minor's streaming window follows. */
export async function loadBroadcastRoom(
  api: ApiClient,
  roomUrlKey: string,
): Promise<BroadcastRoom> {
  const status = await getRoomStatus(api, roomUrlKey)
  const info = status.is_owner
    ? await api.get<LiveInfoAnswer>('/api/live/live_info', {
        room_id: status.room_id,
      } satisfies RoomQuery)
    : null
  return {
    roomId: status.room_id,
    roomUrlKey: status.room_url_key,
    mainName: status.main_name,
    isOwner: status.is_owner,
    flags: {
      isAbroad: info?.is_abroad ?? false,
      isUnder16: info?.is_under_16 ?? false,
      isUnder18: info?.is_under_18 ?? false,
    },
  }
}

/** The room's live as its status shows it, or null while it shows none. */
export async function loadLiveSession(
  api: ApiClient,
  roomUrlKey: string,
): Promise<LiveSession | null> {
  const status = await getRoomStatus(api, roomUrlKey)
  if (!status.is_live || status.live_id <= 0) return null
  return {
    liveId: status.live_id,
    startedAtMs: status.started_at * 1000,
    pushKey: status.broadcast_key,
    ownerPushKey: status.owner_broadcast_key ?? '',
  }
}

/**
 * 配信開始 from this page is the owner starting a live, as live_start is: a key the owner's last
 * end holds (so that OBS reconnecting by itself cannot reopen a live) publishes again. Then the
 * room's stream key (the WHIP Bearer token), the WHIP endpoint and STUN/TURN. A site without
 * TURN answers an empty list; one whose ice_servers cannot be read is tried without (a direct
 * connection works on most home networks), rather than not at all.
 */
export async function loadWhipCredentials(
  api: ApiClient,
  roomId: number,
): Promise<WhipCredentials> {
  await api.postForm<PublishReadyAnswer>('/api/encoder/publish_ready', {
    room_id: roomId,
  } satisfies ObsRoomBody)
  const [key, ice] = await Promise.all([
    api.get<ObsKeyAnswer>('/api/obs/obs_key', { room_id: roomId } satisfies ObsRoomBody),
    api
      .get<IceServersAnswer>('/api/encoder/ice_servers', { room_id: roomId })
      .catch((): IceServersAnswer => ({ ice_servers: [], expires_at: 0 })),
  ])
  return {
    // An answer without it (an older server) means the site's own endpoint.
    whipUrl: key.whip_url || new URL(WHIP_PATH, location.href).href,
    key: key.obs_key,
    iceServers: ice.ice_servers,
  }
}

/** 配信終了: the same call as the owner panel's (SPEC §7 /api/encoder/live_end). */
export const endBroadcastLive = (api: ApiClient, roomId: number, liveId: number) =>
  ownerCall(api, { roomId, liveId }, { op: 'endLive' })
