import { sql } from 'kysely'
import type { SiteDialogAnswer } from '../../../src/contract/site-dialog.ts'
import type { Locale } from '../../../src/domain/locale.ts'
import type { Db } from '../../db/index.ts'
import type { SiteDialogContent, SiteDialogText } from '../../db/schema-dialogs.ts'

export interface DialogRequest {
  /** The page's path without its locale prefix (`/virtual_liver/events`). */
  path: string
  locale: Locale
  /** The logged-in user; null for an anonymous caller (offered every open dialog). */
  userId: number | null
  now: Date
}

/**
 * The newest dialog open at `now` whose path prefix covers the page (the prefix itself, a path
 * under it, or '/' for every page), leaving out those the user has closed; in the caller's
 * locale, Japanese where it has none.
 */
export async function dialogFor(db: Db, request: DialogRequest): Promise<SiteDialogAnswer> {
  const { path, locale, userId, now } = request
  let query = db
    .selectFrom('site_dialogs as d')
    .select(['d.id', 'd.content', 'd.image_url', 'd.link_url'])
    .where('d.starts_at', '<=', now)
    .where((eb) => eb.or([eb('d.ends_at', 'is', null), eb('d.ends_at', '>', now)]))
    .where(
      sql<boolean>`(d.path_prefix = '/' or d.path_prefix = ${path}
        or left(${path}, length(d.path_prefix) + 1) = d.path_prefix || '/')`,
    )
  if (userId !== null) {
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('site_dialog_seen as s')
            .select('s.dialog_id')
            .whereRef('s.dialog_id', '=', 'd.id')
            .where('s.user_id', '=', userId),
        ),
      ),
    )
  }
  const row = await query.orderBy('d.starts_at', 'desc').orderBy('d.id', 'desc').executeTakeFirst()
  if (!row) return { dialog: null }
  const text = textIn(row.content, locale)
  return {
    dialog: {
      dialog_id: row.id,
      title: text.title,
      body: text.body,
      image_url: row.image_url,
      link_url: row.link_url,
      link_label: text.link_label,
    },
  }
}

function textIn(content: SiteDialogContent, locale: Locale): SiteDialogText {
  return (locale === 'ja' ? undefined : content[locale]) ?? content.ja
}

/**
 * Records that a user closed a dialog: once (a second time changes nothing). A dialog that does
 * not exist is ignored, as there is nothing to hide.
 */
export async function markSeen(db: Db, userId: number, dialogId: number): Promise<void> {
  await db
    .insertInto('site_dialog_seen')
    .columns(['dialog_id', 'user_id'])
    .expression((eb) =>
      eb
        .selectFrom('site_dialogs')
        .select(['id as dialog_id', sql<number>`${userId}::int`.as('user_id')])
        .where('id', '=', dialogId),
    )
    .onConflict((oc) => oc.columns(['dialog_id', 'user_id']).doNothing())
    .execute()
}
