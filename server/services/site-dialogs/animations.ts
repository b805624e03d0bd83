import type { Animation } from '../../../src/contract/site-dialog.ts'
import type { Db } from '../../db/index.ts'

/** Every animation of the catalogue (seed-dialogs.ts), in id order. */
export async function listAnimations(db: Db): Promise<Animation[]> {
  const rows = await db
    .selectFrom('animations')
    .select(['id', 'kind', 'gift_id', 'min_num', 'effect', 'duration_ms'])
    .orderBy('id')
    .execute()
  return rows.map(({ id, ...row }) => ({ animation_id: id, ...row }))
}
