import * as v from 'valibot'
import { Id } from './common.ts'

/*
 * Parties (issue #22; SPEC.md §7 `/api/parties/channels`, the room profile's `party`,
 * `party_live_status`, `is_party_enabled`): a party live joins several rooms in one channel.
 */

/** The room profile's `party`: `{}` when the room is in no party. */
export interface PartyInfo {
  party_id: number
  name: string
}

/** The room profile's `party_live_status`. */
export const PARTY_LIVE_STATUS = {
  /** In no party, or no room of its party is on air. */
  none: 0,
  /** At least one room of the party is on air. */
  onAir: 1,
} as const

/** `GET /api/parties/channels?room_id=` */
export const PartyChannelsQuery = v.object({ room_id: Id })

export interface PartyChannel {
  room_id: number
  room_url_key: string
  room_name: string
  main_name: string
  image: string
  is_onlive: boolean
  view_num: number
  /** The room the query named. */
  is_current: boolean
}

/** The party of the room and its channels in the party's order; `party: null, channels: []` for a room in none. */
export interface PartyChannelsAnswer {
  party: PartyInfo | null
  channels: PartyChannel[]
}
