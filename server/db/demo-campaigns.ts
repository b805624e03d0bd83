import type { CampaignLayout, CampaignShowcase } from '../../src/contract/campaign.ts'
import type { CampaignContent, CampaignText } from './schema-campaigns.ts'

/**
 * The demo's campaign pages: every `/lp/*` route of SPEC §2, in Kirari's own words and the four
 * locales (seed-campaigns.ts writes them). `period` 'open' runs from a week before the seed to
 * two months after it; a past campaign keeps its real dates.
 */
export interface DemoCampaign {
  path: string
  layout: CampaignLayout
  hero: string
  cta_url: string
  period: 'open' | { started_at: string; ended_at: string }
  /** Filled in by the seed: the demo idol cup's event, a paid gift, or newcomers. */
  ranking: null | 'event' | 'gift' | 'newcomer' | 'newcomer-scheduled'
  showcase: CampaignShowcase | null
  group_key: string
  position: number
  content: CampaignContent
}

export const t = (title: string, summary: string, body: string, cta_label = ''): CampaignText => ({
  title,
  summary,
  body,
  cta_label,
})

export const page = (
  path: string,
  layout: CampaignLayout,
  hero: string,
  content: CampaignContent,
  extra: Partial<DemoCampaign> = {},
): DemoCampaign => ({
  path,
  layout,
  hero: `/img/lp/${hero}.svg`,
  cta_url: '',
  period: 'open',
  ranking: null,
  showcase: null,
  group_key: '',
  position: 0,
  content,
  ...extra,
})

const bgm = page('bgm', 'lp', 'bgm', {
  ja: t(
    '配信で使える音楽ライブラリ',
    'Kirari が権利者と契約した楽曲を、ライバーは配信の BGM として自由に流せます。',
    [
      '## 音楽ライブラリとは',
      'Kirari が作詞者・作曲者・レコード会社などの権利者と契約している楽曲の一覧です。ライブラリの曲は、配信中に BGM として流したり、歌ってみたり、演奏したりできます。',
      '## 使い方',
      '1. 配信を始める前に、流したい曲がライブラリにあるか確かめます。',
      '2. 配信ソフトの音声入力に曲を流します。',
      '3. 曲名をコメントや配信のタイトルに書いておくと、リスナーも曲を探しやすくなります。',
      '## ご注意',
      '- ライブラリにない曲や、映画・アニメの音声をそのまま流すことはできません。',
      '- 配信のアーカイブや切り抜きを別のサービスへ投稿するときは、そのサービスのルールに従ってください。',
    ].join('\n\n'),
  ),
  en: t(
    'The music library for your lives',
    'Livers may play the songs Kirari has licensed from their rights holders as background music in their lives.',
    [
      '## What it is',
      'A list of songs Kirari has licensed from their writers, composers and labels. In a live you may play them as background music, sing them or perform them.',
      '## How to use it',
      '1. Before going live, check that the song you want is in the library.',
      '2. Play it into your streaming software’s audio input.',
      '3. Put the title in a comment or your live’s title so viewers can find the song.',
      '## Please note',
      '- Songs outside the library, and soundtracks of films or anime, may not be played as they are.',
      '- When you post an archive or a clip elsewhere, that service’s rules apply.',
    ].join('\n\n'),
  ),
  'zh-tw': t(
    '直播可用的音樂庫',
    '主播可以在直播中自由播放 Kirari 已向版權方取得授權的歌曲作為背景音樂。',
    [
      '## 什麼是音樂庫',
      'Kirari 與作詞者、作曲者及唱片公司等版權方簽約的歌曲清單。直播時可以當作背景音樂播放，也可以翻唱或演奏。',
      '## 使用方法',
      '1. 開播前先確認想播放的歌曲是否在音樂庫中。',
      '2. 將歌曲送入直播軟體的音訊輸入。',
      '3. 在留言或直播標題寫上曲名，聽眾也能輕鬆找到這首歌。',
      '## 注意事項',
      '- 不在音樂庫中的歌曲、電影或動畫的原音不可直接播放。',
      '- 將直播存檔或剪輯上傳到其他服務時，請遵守該服務的規定。',
    ].join('\n\n'),
  ),
  th: t(
    'คลังเพลงสำหรับไลฟ์',
    'ไลฟ์เวอร์เปิดเพลงที่ Kirari ได้รับอนุญาตจากเจ้าของลิขสิทธิ์เป็นเพลงประกอบในไลฟ์ได้อย่างอิสระ',
    [
      '## คลังเพลงคืออะไร',
      'รายชื่อเพลงที่ Kirari ทำสัญญากับผู้แต่งเนื้อร้อง ผู้แต่งทำนอง และค่ายเพลง ในไลฟ์คุณเปิดเป็นเพลงประกอบ ร้อง หรือเล่นดนตรีได้',
      '## วิธีใช้',
      '1. ก่อนเริ่มไลฟ์ ตรวจดูว่าเพลงที่อยากเปิดอยู่ในคลังหรือไม่',
      '2. ส่งเพลงเข้าช่องเสียงของโปรแกรมไลฟ์',
      '3. เขียนชื่อเพลงในคอมเมนต์หรือชื่อไลฟ์ ผู้ชมจะหาเพลงได้ง่ายขึ้น',
      '## ข้อควรระวัง',
      '- เพลงที่ไม่อยู่ในคลัง และเสียงจากภาพยนตร์หรืออนิเมะ เปิดตามต้นฉบับไม่ได้',
      '- เมื่อโพสต์ไลฟ์ย้อนหลังหรือคลิปไปยังบริการอื่น โปรดทำตามกฎของบริการนั้น',
    ].join('\n\n'),
  ),
})

const liverTheme = page(
  'liver-theme',
  'liver-theme',
  'liver-theme',
  {
    ja: t(
      'ライバーテーマ',
      'フレームと色、スタンプのセットでルームを着せ替え。ライバーが自分のルームに合うテーマを選べます。',
      [
        'ライバーテーマは、ルームのフレーム・テーマカラー・スタンプをひとまとめにした着せ替えです。',
        '## 選び方',
        '自分のルームを開いて、配信者メニューの「ルームのテーマ」から好きなテーマを選ぶだけ。選んだテーマはすぐにルームのページに反映され、リスナーにも同じ見た目で届きます。',
        '季節ごとに新しいテーマが増えていきます。下のギャラリーで今選べるテーマを見てみましょう。',
      ].join('\n\n'),
    ),
    en: t(
      'Liver themes',
      'Dress up your room with a frame, colours and a stamp set: livers pick the theme that suits their room.',
      [
        'A liver theme bundles a room’s frame, theme colour and stamps into one outfit.',
        '## How to pick one',
        'Open your room and choose a theme under “Room theme” in the broadcaster menu. It shows on your room’s page at once, and viewers see it the same way.',
        'New themes arrive with each season. Browse the ones available now in the gallery below.',
      ].join('\n\n'),
    ),
    'zh-tw': t(
      '主播主題',
      '用邊框、配色與貼圖組合替房間換裝，主播可以挑選最適合自己房間的主題。',
      [
        '主播主題將房間的邊框、主題色與貼圖整合成一套裝扮。',
        '## 如何選擇',
        '打開自己的房間，在主播選單的「房間主題」中選擇喜歡的主題即可。選好後會立即套用到房間頁面，聽眾看到的也是同樣的樣子。',
        '每個季節都會推出新主題。看看下方的圖庫中現在可以選擇的主題吧。',
      ].join('\n\n'),
    ),
    th: t(
      'ธีมไลฟ์เวอร์',
      'แต่งห้องด้วยกรอบ สี และชุดสแตมป์ ไลฟ์เวอร์เลือกธีมที่เข้ากับห้องของตัวเองได้',
      [
        'ธีมไลฟ์เวอร์รวมกรอบ สีธีม และสแตมป์ของห้องไว้เป็นชุดเดียว',
        '## วิธีเลือก',
        'เปิดห้องของคุณ แล้วเลือกธีมที่ชอบใน “ธีมของห้อง” ในเมนูผู้ไลฟ์ ธีมจะแสดงในหน้าห้องทันที และผู้ชมก็เห็นแบบเดียวกัน',
        'ธีมใหม่จะเพิ่มขึ้นทุกฤดูกาล ดูธีมที่เลือกได้ตอนนี้ในแกลเลอรีด้านล่าง',
      ].join('\n\n'),
    ),
  },
  { showcase: 'liver_themes' },
)

const showroomcard = page(
  'showroomcard',
  'lp',
  'showroomcard',
  {
    ja: t(
      'Kirari ゴールドカード',
      'ショップのゴールドパックは、カードを選ぶように気軽に。買ったその場でゴールドが届きます。',
      [
        '応援したいライバーにギフトを贈るためのゴールドは、ショップのゴールドパックで手に入ります。',
        '## 買い方',
        '1. 下のボタンからショップを開きます。',
        '2. 「500ゴールド」「2,000ゴールド」などのパックを選びます。',
        '3. お支払いが済むと、その場でアカウントにゴールドが届きます。',
        'データ容量とゴールドがセットになったパックもあります。ゴールドの残高はヘッダーでいつでも確かめられます。',
      ].join('\n\n'),
      'ショップでゴールドを買う',
    ),
    en: t(
      'Kirari gold cards',
      'Gold packs in the shop, as easy as picking a card: the gold arrives the moment you buy.',
      [
        'The gold you send gifts with comes in the shop’s gold packs.',
        '## How to buy',
        '1. Open the shop with the button below.',
        '2. Pick a pack, such as 500 or 2,000 gold.',
        '3. Once paid, the gold is in your account at once.',
        'Some packs bundle mobile data with gold. The header always shows how much gold you have.',
      ].join('\n\n'),
      'Buy gold in the shop',
    ),
    'zh-tw': t(
      'Kirari 金幣卡',
      '商店的金幣組合像挑選卡片一樣簡單，購買後金幣立即到帳。',
      [
        '送禮物給喜歡的主播所需的金幣，可以在商店的金幣組合中取得。',
        '## 購買方法',
        '1. 點下方的按鈕打開商店。',
        '2. 選擇「500金幣」「2,000金幣」等組合。',
        '3. 完成付款後，金幣立即送到你的帳號。',
        '也有數據流量與金幣搭配的組合。金幣餘額隨時可以在頁首確認。',
      ].join('\n\n'),
      '前往商店購買金幣',
    ),
    th: t(
      'การ์ดโกลด์ Kirari',
      'แพ็กโกลด์ในร้านค้า ง่ายเหมือนเลือกการ์ด ซื้อแล้วโกลด์เข้าบัญชีทันที',
      [
        'โกลด์สำหรับส่งของขวัญให้ไลฟ์เวอร์ที่ชอบ หาได้จากแพ็กโกลด์ในร้านค้า',
        '## วิธีซื้อ',
        '1. เปิดร้านค้าด้วยปุ่มด้านล่าง',
        '2. เลือกแพ็ก เช่น 500 โกลด์ หรือ 2,000 โกลด์',
        '3. ชำระเงินเสร็จ โกลด์จะเข้าบัญชีทันที',
        'บางแพ็กมีดาต้ามือถือรวมกับโกลด์ ดูยอดโกลด์ได้ที่ส่วนหัวของหน้าเสมอ',
      ].join('\n\n'),
      'ซื้อโกลด์ที่ร้านค้า',
    ),
  },
  { cta_url: '/povo_ec' },
)

/** The first of the demo campaigns (demo-campaigns-events.ts and -fans.ts hold the others). */
export const DEMO_CAMPAIGN_GUIDES: DemoCampaign[] = [bgm, liverTheme, showroomcard]
