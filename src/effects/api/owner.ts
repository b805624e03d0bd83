import type { OwnerOp, OwnerPanelData, OwnerResult } from '../../machines/owner/owner.machine.ts'
import type {
  EnqueteEndAnswer,
  EnqueteStartAnswer,
  EnqueteStartBody,
  LiveEndAnswer,
  LiveIdBody,
  PostTelopBody,
  TelopSavedAnswer,
} from '../../contract/encoder.ts'
import type { LiveInfoAnswer, RoomQuery } from '../../contract/live.ts'
import type { ObsKeyAnswer, ObsRoomBody, StreamUrlAnswer } from '../../contract/obs.ts'
import type {
  RegulationAnswer,
  RegulationBody,
  RegulationQuery,
  RegulationSavedAnswer,
} from '../../contract/room.ts'
import type { ApiClient } from './client.ts'

/** The owner panel's first load: stream URL and key, the room's regulation, the owner's flags. */
export async function loadOwnerPanel(api: ApiClient, roomId: number): Promise<OwnerPanelData> {
  const [stream, regulation, info] = await Promise.all([
    api.get<StreamUrlAnswer>('/api/encoder/stream_url', { room_id: roomId }),
    api.get<RegulationAnswer>('/api/room/check_room_regulation', {
      room_id: roomId,
    } satisfies RegulationQuery),
    api.get<LiveInfoAnswer>('/api/live/live_info', { room_id: roomId } satisfies RoomQuery),
  ])
  return {
    streamUrl: stream.stream_url,
    streamKey: stream.stream_key,
    whipUrl: stream.whip_url,
    regulationStatus: regulation.under_18_room_regulation_status,
    flags: { isAbroad: info.is_abroad, isUnder16: info.is_under_16, isUnder18: info.is_under_18 },
  }
}

/** One owner call: the encoder, obs_key and regulation endpoints of SPEC §7. */
export async function ownerCall(
  api: ApiClient,
  target: { roomId: number; liveId: number },
  call: OwnerOp,
): Promise<OwnerResult> {
  const live = { live_id: target.liveId } satisfies LiveIdBody
  switch (call.op) {
    case 'rotateKey': {
      const r = await api.postForm<ObsKeyAnswer>('/api/obs/obs_key', {
        room_id: target.roomId,
      } satisfies ObsRoomBody)
      return { streamKey: r.obs_key }
    }
    case 'saveTelop':
      await api.postForm<TelopSavedAnswer>('/api/encoder/post_telop', {
        ...live,
        telop: call.telop.trim(),
      } satisfies PostTelopBody)
      return {}
    case 'deleteTelop':
      await api.postForm<TelopSavedAnswer>('/api/encoder/delete_telop', live)
      return {}
    case 'startVote':
      await api.postForm<EnqueteStartAnswer>('/api/encoder/enquete_start', {
        ...live,
        options: call.options,
      } satisfies EnqueteStartBody)
      return {}
    case 'endVote':
      await api.postForm<EnqueteEndAnswer>('/api/encoder/enquete_end', live)
      return {}
    case 'endLive':
      await api.postForm<LiveEndAnswer>('/api/encoder/live_end', live)
      return {}
    case 'setRegulation': {
      const r = await api.postForm<RegulationSavedAnswer>('/api/room/upsert_room_regulation', {
        room_id: target.roomId,
        is_under_18_room_regulation: call.on ? 1 : 0,
      } satisfies RegulationBody)
      return { regulationStatus: r.under_18_room_regulation_status }
    }
  }
}
