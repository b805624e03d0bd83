import type { AnimationEffect } from '../../src/contract/site-dialog.ts'
import type { Db } from './index.ts'
import type { SiteDialogContent } from './schema-dialogs.ts'

type Row = [id: number, giftId: number | null, minNum: number, effect: AnimationEffect, ms: number]

/**
 * The animation catalogue (issue #22): the everyday paid gifts sent by the ten, the dearest gifts
 * from one, and a fanfare for a room climbing in its event. Ids are fixed: seeded on every start,
 * new rows are added and none changed (as the gifts are).
 */
const ANIMATIONS: Row[] = [
  [1, 3, 10, 'float', 2400], // ハート ×10: hearts rise
  [2, 5, 10, 'rain', 2600], // お花 ×10: petals fall
  [3, 7, 10, 'rain', 2600], // 花束 ×10
  [4, 18, 10, 'burst', 2000], // 拍手 ×10
  [5, 800115, 10, 'float', 2400], // ペンライト（ピンク）×10
  [6, 19, 5, 'burst', 2200], // ブラボー ×5
  [7, 20, 1, 'burst', 2600], // 最高
  [8, 21, 1, 'fanfare', 3200], // キラリタワー
  [9, 23, 1, 'fanfare', 3200], // お城
  [100, null, 1, 'fanfare', 2800], // rank_up
]

/** The animation catalogue; new entries are added, none changed. */
export async function seedAnimations(db: Db): Promise<void> {
  await db
    .insertInto('animations')
    .values(
      ANIMATIONS.map(([id, gift_id, min_num, effect, duration_ms]) => ({
        id,
        kind: gift_id === null ? ('rank_up' as const) : ('gift' as const),
        gift_id,
        min_num,
        effect,
        duration_ms,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
}

/** The demo's dialog: on the virtual livers' pages only, so it covers no other page. */
export const DEMO_DIALOG_PATH = '/virtual_liver'
const DEMO_DIALOG_LINK = '/lp/idolcup'

const demoContent: SiteDialogContent = {
  ja: {
    title: 'キャンペーン開催中',
    body: 'アイドルカップが始まりました。応援ギフトでお気に入りのライバーをランキングの上へ。期間限定のテーマやイベントも続々登場します。',
    link_label: 'アイドルカップを見る',
  },
  en: {
    title: 'Campaigns are on',
    body: 'The Idol Cup has begun. Send gifts to lift your favourite liver up the ranking. Limited-time themes and events are arriving too.',
    link_label: 'See the Idol Cup',
  },
  'zh-tw': {
    title: '活動舉辦中',
    body: '偶像盃開跑了！送出應援禮物，讓你喜歡的直播主登上排行榜。期間限定的主題與活動也陸續登場。',
    link_label: '查看偶像盃',
  },
  th: {
    title: 'แคมเปญกำลังจัดอยู่',
    body: 'Idol Cup เริ่มแล้ว ส่งของขวัญเชียร์ไลเวอร์คนโปรดให้ขึ้นอันดับ ธีมและอีเวนต์ช่วงเวลาจำกัดก็กำลังตามมา',
    link_label: 'ดู Idol Cup',
  },
}

/**
 * The demo's dialog announcing the campaigns, once (a database seeded before it gets it too):
 * open from the seed on, with no end.
 */
export async function seedDemoDialogs(db: Db): Promise<void> {
  const present = await db
    .selectFrom('site_dialogs')
    .select('id')
    .where('path_prefix', '=', DEMO_DIALOG_PATH)
    .where('link_url', '=', DEMO_DIALOG_LINK)
    .executeTakeFirst()
  if (present) return
  await db
    .insertInto('site_dialogs')
    .values({
      content: JSON.stringify(demoContent),
      image_url: '',
      link_url: DEMO_DIALOG_LINK,
      path_prefix: DEMO_DIALOG_PATH,
      starts_at: new Date(Date.now() - 60_000),
      ends_at: null,
    })
    .execute()
}
