import { Hono } from 'hono'
import { PartyChannelsQuery, type PartyChannelsAnswer } from '../../src/contract/party.ts'
import type { AppEnv } from '../env.ts'
import { partyChannels } from '../services/parties/channels.ts'
import { query } from '../validate.ts'

/**
 * `/api/parties/channels?room_id=` (issue #22): the room's party and its rooms in the party's
 * order, each on air or not with its viewers; `party: null` and no channels for a room in none.
 */
export function partyRoutes() {
  const api = new Hono<AppEnv>()
  api.get('/parties/channels', async (c) => {
    const { room_id } = query(c, PartyChannelsQuery)
    const answer: PartyChannelsAnswer = await partyChannels(c.var.db, room_id, c.var.origin)
    return c.json(answer)
  })
  return api
}
