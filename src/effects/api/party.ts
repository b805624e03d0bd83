import type { PartyChannelsAnswer } from '../../contract/party.ts'
import type { ApiClient } from './client.ts'

/** `GET /api/parties/channels`: the room's party and its rooms, in the party's order. */
export const getPartyChannels = (api: ApiClient, roomId: number): Promise<PartyChannelsAnswer> =>
  api.get<PartyChannelsAnswer>('/api/parties/channels', { room_id: roomId })
