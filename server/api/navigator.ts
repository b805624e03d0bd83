import { Hono } from 'hono'
import {
  NavigatorPermissionBody,
  NavigatorQuery,
  OrganizerRoomLinkBody,
  RoomOrganizerDecisionBody,
  type MyRoomRightsAnswer,
  type NavigatorPermissionsAnswer,
  type OrganizerRoomsAnswer,
  type RoomOrganizerAnswer,
} from '../../src/contract/navigator.ts'
import { publicOrigin } from '../caller.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId, sessionUserId } from '../request.ts'
import { requireOrganizer } from '../services/events/organizer.ts'
import {
  myRoomRights,
  navigatorPermissions,
  setNavigatorRights,
} from '../services/organizers/navigators.ts'
import {
  askRoomLink,
  decideRoomOrganizer,
  organizerRooms,
  roomOrganizer,
} from '../services/organizers/organizer-rooms.ts'
import { input, query } from '../validate.ts'

/**
 * Organizers and navigators (issue #23; SPEC §7 `/api/navigator/permission`): an organizer links
 * rooms (`/api/organizer/rooms`, the owner decides at `/api/room/organizer`) and grants its staff
 * rights over one linked room. None of these answers is cached: rights are read fresh.
 */
export function navigatorRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/navigator/permission', async (c) => {
    const userId = await requireUserId(c)
    const { room_id } = query(c, NavigatorQuery)
    const answer = await navigatorPermissions(c.var.db, userId, room_id)
    return c.json(answer satisfies NavigatorPermissionsAnswer)
  })

  api.post('/navigator/permission', async (c) => {
    const userId = await requireUserId(c)
    const body = await input(c, NavigatorPermissionBody)
    const answer = await setNavigatorRights(c.var.db, userId, {
      roomId: body.room_id,
      accountId: body.account_id,
      rights: body.rights,
    })
    return c.json(answer satisfies NavigatorPermissionsAnswer)
  })

  // A visitor may ask too (no rights); the room page shows a navigator only the tools held.
  api.get('/navigator/my_rights', async (c) => {
    const { room_id } = query(c, NavigatorQuery)
    const answer = await myRoomRights(c.var.db, await sessionUserId(c), room_id)
    return c.json(answer satisfies MyRoomRightsAnswer)
  })

  // The auth-organizer guard (SPEC §6): anonymous is a 401, anyone but an organizer a 403.
  api.get('/organizer/rooms', async (c) => {
    const userId = await requireUserId(c)
    await requireOrganizer(c.var.db, userId)
    const answer = await organizerRooms(c.var.db, userId, publicOrigin(c))
    return c.json(answer satisfies OrganizerRoomsAnswer)
  })

  api.post('/organizer/rooms', async (c) => {
    const userId = await requireUserId(c)
    await requireOrganizer(c.var.db, userId)
    const { room_url_key } = await input(c, OrganizerRoomLinkBody)
    const answer = await askRoomLink(c.var.db, userId, {
      urlKey: room_url_key,
      origin: publicOrigin(c),
    })
    return c.json(answer satisfies OrganizerRoomsAnswer)
  })

  api.get('/room/organizer', async (c) => {
    const userId = await requireUserId(c)
    const { room_id } = query(c, NavigatorQuery)
    return c.json((await roomOrganizer(c.var.db, userId, room_id)) satisfies RoomOrganizerAnswer)
  })

  api.post('/room/organizer', async (c) => {
    const userId = await requireUserId(c)
    const body = await input(c, RoomOrganizerDecisionBody)
    const answer = await decideRoomOrganizer(c.var.db, userId, {
      roomId: body.room_id,
      accept: body.accept,
    })
    return c.json(answer satisfies RoomOrganizerAnswer)
  })

  return api
}
