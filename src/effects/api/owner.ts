import type { RegulationStatus } from '../../domain/regulation.ts'
import type { OwnerOp, OwnerPanelData, OwnerResult } from '../../machines/owner/owner.machine.ts'
import type { ApiClient } from './client.ts'

/** The owner panel's first load: stream URL and key, the room's regulation, the owner's flags. */
export async function loadOwnerPanel(api: ApiClient, roomId: number): Promise<OwnerPanelData> {
  const [stream, regulation, info] = await Promise.all([
    api.get<{ stream_url: string; stream_key: string }>('/api/encoder/stream_url', {
      room_id: roomId,
    }),
    api.get<{ under_18_room_regulation_status: RegulationStatus }>(
      '/api/room/check_room_regulation',
      { room_id: roomId },
    ),
    api.get<{ is_abroad: boolean; is_under_16: boolean; is_under_18: boolean }>(
      '/api/live/live_info',
      { room_id: roomId },
    ),
  ])
  return {
    streamUrl: stream.stream_url,
    streamKey: stream.stream_key,
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
  const live = { live_id: target.liveId }
  switch (call.op) {
    case 'rotateKey': {
      const r = await api.postForm<{ obs_key: string }>('/api/obs/obs_key', {
        room_id: target.roomId,
      })
      return { streamKey: r.obs_key }
    }
    case 'saveTelop':
      await api.postForm('/api/encoder/post_telop', { ...live, telop: call.telop.trim() })
      return {}
    case 'deleteTelop':
      await api.postForm('/api/encoder/delete_telop', live)
      return {}
    case 'startVote':
      await api.postForm('/api/encoder/enquete_start', { ...live, options: call.options })
      return {}
    case 'endVote':
      await api.postForm('/api/encoder/enquete_end', live)
      return {}
    case 'endLive':
      await api.postForm('/api/encoder/live_end', live)
      return {}
    case 'setRegulation': {
      const r = await api.postForm<{ under_18_room_regulation_status: RegulationStatus }>(
        '/api/room/upsert_room_regulation',
        { room_id: target.roomId, is_under_18_room_regulation: call.on ? 1 : 0 },
      )
      return { regulationStatus: r.under_18_room_regulation_status }
    }
  }
}
