import type { Db } from '../../db/index.ts'
import { notify } from '../notices/notices.ts'
import type { Delivery } from './applications.ts'

/**
 * What deciding an account's application did. `none`: the account has nothing pending (never
 * applied, or already decided — so running the command twice changes nothing the second time);
 * `already`, a part of that: it is an organizer already.
 */
export type Decision =
  | { outcome: 'approved' | 'rejected'; applicationId: number; userId: number }
  | { outcome: 'none' | 'already'; userId: number }
  | { outcome: 'unknown-account' }

export interface DecideRequest {
  accountId: string
  /** A rejection's reason (shown to the applicant); absent: approve. */
  reject?: string | undefined
  /** Where the approval's links point (config.publicOrigin); '' writes site paths alone. */
  origin?: string
}

/**
 * The operator's decision on an account's pending application (`npm run organizer:approve`,
 * docs/running-a-site.md): in one transaction the application is decided and, when approved, the user becomes
 * an organizer, with a notice; then the applicant is mailed. Only a pending application is
 * decided, under its row's lock, so a second run (or two at once) does nothing more.
 */
export async function decideApplication(
  db: Db,
  delivery: Delivery,
  request: DecideRequest,
): Promise<Decision> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'is_organizer'])
    .where('account_id', '=', request.accountId)
    .executeTakeFirst()
  if (!user) return { outcome: 'unknown-account' }
  const approve = request.reject === undefined
  const decided = await db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('organizer_applications')
      .set({
        status: approve ? 'approved' : 'rejected',
        decided_at: new Date(),
        decided_note: request.reject?.trim() ?? '',
      })
      .where('user_id', '=', user.id)
      .where('status', '=', 'pending')
      .returning(['id', 'company_name', 'contact_name', 'contact_mail'])
      .executeTakeFirst()
    if (!row) return null
    if (approve) {
      await tx.updateTable('users').set({ is_organizer: true }).where('id', '=', user.id).execute()
    }
    await notify(tx, {
      userId: user.id,
      kind: 'news',
      title: approve
        ? 'イベント主催者のお申し込みが承認されました'
        : 'イベント主催者のお申し込みについて',
      body: approve
        ? `${row.company_name} としてイベントを作成できるようになりました。`
        : `今回はお申し込みをお受けできませんでした。${request.reject?.trim() ?? ''}`,
      url: approve ? '/organizer/events' : '/organizer/register',
    })
    return row
  })
  if (!decided) return { outcome: user.is_organizer ? 'already' : 'none', userId: user.id }
  const link = `${request.origin ?? ''}${approve ? '/organizer/events' : '/organizer/register'}`
  await delivery.messages
    .send({
      channel: 'mail',
      recipient: decided.contact_mail,
      subject: approve
        ? '【Kirari】イベント主催者のお申し込みが承認されました'
        : '【Kirari】イベント主催者のお申し込みについて',
      body: [
        decided.company_name,
        `${decided.contact_name} 様`,
        '',
        approve
          ? 'イベント主催者のお申し込みを承認しました。次のページからイベントを作成できます。'
          : `誠に恐れ入りますが、今回はお申し込みをお受けできませんでした。\n理由: ${request.reject?.trim() || '（記載なし）'}`,
        link,
      ].join('\n'),
    })
    .catch((error: unknown) =>
      delivery.logger.error('organizer mail failed', { to: 'applicant', error: String(error) }),
    )
  return {
    outcome: approve ? 'approved' : 'rejected',
    applicationId: decided.id,
    userId: user.id,
  }
}
