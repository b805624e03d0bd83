import { eventOperations } from './event.ts'
import { liveOperations } from './live.ts'
import { roomOperations } from './room.ts'
import { shopOperations } from './shop.ts'
import { siteOperations } from './site.ts'
import { userOperations } from './user.ts'
import type { Operation } from './operation.ts'

export type { Method, Operation, OperationSpec } from './operation.ts'

/**
 * Every call of the API reference (`/api/openapi.json`, `/api/docs`), from which
 * `npm run openapi` makes the OpenAPI document: its inputs are the contract's valibot schemas,
 * its answers the contract's types by name. A route that answers with a contract `…Answer` type
 * has an entry here (test/server/openapi-coverage.test.ts).
 */
export const OPERATIONS: readonly Operation[] = [
  ...liveOperations,
  ...roomOperations,
  ...userOperations,
  ...eventOperations,
  ...shopOperations,
  ...siteOperations,
]

/** The reference's sections, in its menu's order, with what each holds. */
export const TAGS: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'Live', description: 'What a room page plays and shows while a live is on air.' },
  { name: 'Gifts', description: 'The gift panel, gifting and what gifts add up to.' },
  {
    name: 'Broadcasting',
    description: "The room owner's tools: OBS, telops, votes, start and end.",
  },
  { name: 'Room', description: 'A room: its status, profile, welcome comment and settings.' },
  { name: 'Follow', description: 'Followed rooms, their lives to come and greetings.' },
  { name: 'Reports', description: 'Reporting lives and users, and blocking comments.' },
  { name: 'Session', description: 'The session, its CSRF token, login, sign-up and logout.' },
  { name: 'Account', description: 'The account, SMS authentication, avatars and consents.' },
  { name: 'Missions', description: 'Missions and their rewards.' },
  { name: 'Events', description: 'Events, their pages, rankings and entries.' },
  { name: 'Organizers', description: 'Event organizers and the navigators of rooms.' },
  { name: 'Ranking', description: 'Genre rankings, grades, SHOWRANK, medals and campaigns.' },
  { name: 'Gacha', description: 'Lotteries, free gifts and ad rewards.' },
  { name: 'Shop', description: 'Room shops, the povo shop, time-limited packs and payments.' },
  { name: 'Search', description: 'Rooms and genres by keyword.' },
  { name: 'Site', description: 'Notices, inquiries, dialogs, animations and settings.' },
]
