import type { Db } from '../db/index.ts'

/** `/api/bad_report/live_bad_report_category_list`: the reasons a viewer can pick. */
export const REPORT_CATEGORIES = [
  { id: 1, label: '不適切な内容' },
  { id: 2, label: '著作権侵害' },
  { id: 3, label: '暴力的な表現' },
  { id: 4, label: 'スパム・宣伝' },
  { id: 5, label: '誹謗中傷・嫌がらせ' },
  { id: 99, label: 'その他' },
] as const

export const REPORT_COMMENT_MAX_LENGTH = 200

export const reportMessages = {
  category: '通報の理由を選択してください',
  commentTooLong: `通報内容は${REPORT_COMMENT_MAX_LENGTH}文字以内で入力してください`,
  alreadyReported: 'この配信はすでに通報済みです',
  ownLive: 'ご自身の配信は通報できません',
  self: 'ご自身を通報することはできません',
  selfBlock: 'ご自身をブロックすることはできません',
  tooMany: '通報の回数が多すぎます。しばらくしてから再度お試しください。',
} as const

export function isReportCategory(id: number): boolean {
  return REPORT_CATEGORIES.some((c) => c.id === id)
}

/** Stores a live report; false when this user has already reported this live (one each). */
export async function storeLiveReport(
  db: Db,
  report: { liveId: number; userId: number; categoryId: number; comment: string },
): Promise<boolean> {
  const row = await db
    .insertInto('live_reports')
    .values({
      live_id: report.liveId,
      user_id: report.userId,
      category_id: report.categoryId,
      comment: report.comment,
    })
    .onConflict((oc) => oc.columns(['live_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}
