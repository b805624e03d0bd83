import { createParty } from '../services/parties/manage.ts'
import type { Db } from './index.ts'

/** The demo's party: three rooms the demo puts on air (demo-data.ts), singing one after another. */
export const DEMO_PARTY = {
  name: 'うたリレー・パーティー',
  rooms: ['kirari_hoshino', 'aoi_music', 'seiyu_yume'],
} as const

/**
 * The demo's party (issue #22), made once: skipped when a party exists already (an operator's
 * or an earlier start's), so it runs at every start of a demo database and changes nothing.
 */
export async function seedDemoParties(db: Db): Promise<void> {
  const any = await db.selectFrom('parties').select('id').executeTakeFirst()
  if (any) return
  await createParty(db, DEMO_PARTY.name, DEMO_PARTY.rooms)
}
