import { page, t, type DemoCampaign } from './demo-campaigns.ts'

const newcomer = { cta_url: '/', group_key: 'newcomer_liver' } as const

const newcomerLiver = page(
  'newcomer_liver',
  'liver-ranking',
  'newcomer_liver',
  {
    ja: t(
      '新人ライバー応援キャンペーン',
      '初配信から90日以内のライバーを応援するキャンペーン。期間中に届いたギフトのポイントで新人ランキングをつくります。',
      [
        '配信を始めたばかりのライバーに、もっと多くのリスナーとの出会いを。',
        '## 対象',
        'キャンペーン開始の90日前以降に初めて配信したルームが対象です。エントリーは要りません。',
        '## ランキング',
        '- 「ランキング」: いまの順位をリアルタイムで表示します。',
        '- 「定時ランキング」: 1時間ごとに集計し、次の更新までのカウントダウンを表示します。',
        '上位のルームはトップページの「注目の新人」で紹介します。',
      ].join('\n\n'),
      '配信中のルームを見る',
    ),
    en: t(
      'Newcomer livers campaign',
      'Cheering livers within 90 days of their first live: a newcomer ranking by the points of the gifts they receive.',
      [
        'More viewers for livers who have only just begun.',
        '## Who takes part',
        'Rooms whose first live was at most 90 days before the campaign began. No entry needed.',
        '## Rankings',
        '- “Ranking”: the standings now, in real time.',
        '- “Hourly ranking”: counted every hour, with a countdown to the next update.',
        'Top rooms are featured as “Newcomers to watch” on the top page.',
      ].join('\n\n'),
      'See rooms on air',
    ),
    'zh-tw': t(
      '新人主播應援活動',
      '應援首次直播90天內的主播，依活動期間收到的禮物點數製作新人排行榜。',
      [
        '讓剛開始直播的主播，遇見更多聽眾。',
        '## 對象',
        '活動開始前90天以後才首次直播的房間，不需報名。',
        '## 排行榜',
        '- 「排行榜」：即時顯示目前的排名。',
        '- 「定時排行榜」：每小時統計一次，並顯示距離下次更新的倒數。',
        '名列前茅的房間會在首頁「矚目新人」中介紹。',
      ].join('\n\n'),
      '看看正在直播的房間',
    ),
    th: t(
      'แคมเปญเชียร์ไลฟ์เวอร์หน้าใหม่',
      'เชียร์ไลฟ์เวอร์ที่ไลฟ์ครั้งแรกไม่เกิน 90 วัน จัดอันดับหน้าใหม่ตามแต้มของขวัญที่ได้รับ',
      [
        'ให้ไลฟ์เวอร์ที่เพิ่งเริ่มได้พบผู้ชมมากขึ้น',
        '## ใครเข้าร่วมได้',
        'ห้องที่ไลฟ์ครั้งแรกไม่เกิน 90 วันก่อนแคมเปญเริ่ม ไม่ต้องสมัคร',
        '## อันดับ',
        '- “อันดับ”: อันดับตอนนี้แบบเรียลไทม์',
        '- “อันดับรายชั่วโมง”: สรุปทุกชั่วโมง พร้อมนับถอยหลังถึงการอัปเดตครั้งถัดไป',
        'ห้องอันดับต้น ๆ จะได้รับการแนะนำเป็น “หน้าใหม่น่าจับตา” บนหน้าแรก',
      ].join('\n\n'),
      'ดูห้องที่กำลังไลฟ์',
    ),
  },
  { ...newcomer, ranking: 'newcomer', position: 0 },
)

const newcomerRanking = page(
  'newcomer_liver/ranking',
  'liver-ranking',
  'newcomer_liver',
  {
    ja: t(
      '新人ライバー ランキング',
      '新人ライバーのいまの順位。ギフトが届くとすぐに反映されます。',
      '初配信から90日以内のルームを、期間中に受け取ったギフトのポイントで並べています。',
      '配信中のルームを見る',
    ),
    en: t(
      'Newcomer ranking',
      'The newcomers’ standings now: a gift shows at once.',
      'Rooms within 90 days of their first live, ranked by the points of the gifts received during the campaign.',
      'See rooms on air',
    ),
    'zh-tw': t(
      '新人主播 排行榜',
      '新人主播目前的排名，收到禮物會立即反映。',
      '依活動期間收到的禮物點數，排列首次直播90天內的房間。',
      '看看正在直播的房間',
    ),
    th: t(
      'อันดับไลฟ์เวอร์หน้าใหม่',
      'อันดับตอนนี้ของไลฟ์เวอร์หน้าใหม่ ของขวัญแสดงผลทันที',
      'ห้องที่ไลฟ์ครั้งแรกไม่เกิน 90 วัน เรียงตามแต้มของขวัญที่ได้รับในช่วงแคมเปญ',
      'ดูห้องที่กำลังไลฟ์',
    ),
  },
  { ...newcomer, ranking: 'newcomer', position: 1 },
)

const newcomerUpdate = page(
  'newcomer_liver/update_ranking',
  'liver-ranking',
  'newcomer_liver',
  {
    ja: t(
      '新人ライバー 定時ランキング',
      '1時間ごとに集計する新人ランキング。次の更新までの時間を表示します。',
      '毎時の集計時点までに届いたギフトで順位を決めます。集計のあとに届いたギフトは、次の更新で反映されます。',
      '配信中のルームを見る',
    ),
    en: t(
      'Hourly newcomer ranking',
      'The newcomer ranking counted every hour, with the time left to the next update.',
      'Standings count the gifts received up to each hourly count; a gift sent after it shows at the next update.',
      'See rooms on air',
    ),
    'zh-tw': t(
      '新人主播 定時排行榜',
      '每小時統計一次的新人排行榜，並顯示距離下次更新的時間。',
      '以每小時統計時間點之前收到的禮物決定排名。統計後收到的禮物會在下次更新時反映。',
      '看看正在直播的房間',
    ),
    th: t(
      'อันดับหน้าใหม่รายชั่วโมง',
      'อันดับหน้าใหม่ที่สรุปทุกชั่วโมง พร้อมเวลาที่เหลือถึงการอัปเดตครั้งถัดไป',
      'อันดับนับของขวัญที่ได้รับจนถึงเวลาสรุปแต่ละชั่วโมง ของขวัญที่ส่งหลังจากนั้นจะแสดงในการอัปเดตครั้งถัดไป',
      'ดูห้องที่กำลังไลฟ์',
    ),
  },
  { ...newcomer, ranking: 'newcomer-scheduled', position: 2 },
)

const oshihajime = page(
  'oshihajime2024',
  'oshihajime',
  'oshihajime',
  {
    ja: t(
      '推し始め',
      'まだ推しがいないあなたへ。気になるライバーをフォローして、推しのいる毎日を始めませんか。',
      [
        '「推し始め」は、はじめての推しとの出会いを応援するキャンペーンです。',
        '## はじめの一歩',
        '1. トップページで配信中のルームをのぞいてみましょう。',
        '2. 気になったらルームの「フォロー」を押すだけ。配信が始まるとお知らせが届きます。',
        '3. コメントや無料の星で、まずは気軽に声をかけてみてください。',
        '推しの配信に毎日通うと、ファンレベルが上がっていきます。',
      ].join('\n\n'),
      '推しを探しに行く',
    ),
    en: t(
      'Find your oshi',
      'No favourite yet? Follow a liver who catches your eye and start your days with an oshi.',
      [
        '“Find your oshi” cheers you on to meet your first favourite liver.',
        '## First steps',
        '1. Peek into the rooms on air on the top page.',
        '2. Like one? Tap Follow in the room: you hear when their live starts.',
        '3. Say hello with a comment or a free star.',
        'Visit your oshi’s lives every day and your fan level grows.',
      ].join('\n\n'),
      'Go find your oshi',
    ),
    'zh-tw': t(
      '開始推坑',
      '還沒有本命嗎？追蹤一位讓你在意的主播，開始有本命的每一天吧。',
      [
        '「開始推坑」是幫你遇見第一位本命主播的活動。',
        '## 第一步',
        '1. 在首頁看看正在直播的房間。',
        '2. 有喜歡的就按下房間的「追蹤」，開播時會通知你。',
        '3. 先用留言或免費的星星輕鬆打聲招呼吧。',
        '每天去看本命的直播，粉絲等級就會提升。',
      ].join('\n\n'),
      '去找本命',
    ),
    th: t(
      'เริ่มมีโอชิ',
      'ยังไม่มีโอชิใช่ไหม? ติดตามไลฟ์เวอร์ที่สนใจ แล้วเริ่มวันที่มีโอชิกันเถอะ',
      [
        '“เริ่มมีโอชิ” เป็นแคมเปญที่ช่วยให้คุณได้พบไลฟ์เวอร์คนโปรดคนแรก',
        '## ก้าวแรก',
        '1. ลองเข้าไปดูห้องที่กำลังไลฟ์ในหน้าแรก',
        '2. ถ้าชอบ กด “ติดตาม” ในห้อง แล้วจะได้รับแจ้งเมื่อเริ่มไลฟ์',
        '3. ทักทายด้วยคอมเมนต์หรือดาวฟรีได้เลย',
        'แวะดูไลฟ์ของโอชิทุกวัน แล้วเลเวลแฟนจะสูงขึ้น',
      ].join('\n\n'),
      'ไปหาโอชิ',
    ),
  },
  { cta_url: '/' },
)

const povo = page(
  'povo/*',
  'povo',
  'povo',
  {
    ja: t(
      'povo × Kirari',
      'povo のトッピングで Kirari のゴールドがお得に。povo ショップ限定のゴールドパックをご用意しました。',
      [
        'povo をお使いの方は、povo ショップから Kirari のゴールドパックを購入できます。',
        '## 買い方',
        '1. 下のボタンから povo ショップを開きます。',
        '2. ゴールドパックを選んで、povo のアカウントで支払います。',
        '3. ゴールドはすぐに Kirari のアカウントに届きます。',
        '特典の内容はキャンペーンコードごとに異なります。',
      ].join('\n\n'),
      'povo ショップへ',
    ),
    en: t(
      'povo × Kirari',
      'Kirari gold at a better price with a povo topping: gold packs sold only in the povo shop.',
      [
        'If you use povo, you can buy Kirari gold packs in the povo shop.',
        '## How to buy',
        '1. Open the povo shop with the button below.',
        '2. Pick a gold pack and pay with your povo account.',
        '3. The gold arrives in your Kirari account at once.',
        'The offer depends on the campaign code.',
      ].join('\n\n'),
      'Go to the povo shop',
    ),
    'zh-tw': t(
      'povo × Kirari',
      '用 povo 的加購方案更划算地取得 Kirari 金幣，povo 商店限定的金幣包。',
      [
        '使用 povo 的用戶可以在 povo 商店購買 Kirari 的金幣包。',
        '## 購買方式',
        '1. 點下方按鈕開啟 povo 商店。',
        '2. 選擇金幣包，用 povo 帳號付款。',
        '3. 金幣會立即送到你的 Kirari 帳號。',
        '優惠內容依活動代碼而不同。',
      ].join('\n\n'),
      '前往 povo 商店',
    ),
    th: t(
      'povo × Kirari',
      'รับโกลด์ Kirari ในราคาคุ้มกว่าด้วยท็อปปิ้งของ povo แพ็กโกลด์ที่มีเฉพาะในร้าน povo',
      [
        'ผู้ใช้ povo ซื้อแพ็กโกลด์ของ Kirari ได้ที่ร้าน povo',
        '## วิธีซื้อ',
        '1. เปิดร้าน povo จากปุ่มด้านล่าง',
        '2. เลือกแพ็กโกลด์ แล้วชำระด้วยบัญชี povo',
        '3. โกลด์จะเข้าบัญชี Kirari ของคุณทันที',
        'สิทธิพิเศษแตกต่างกันตามรหัสแคมเปญ',
      ].join('\n\n'),
      'ไปที่ร้าน povo',
    ),
  },
  { cta_url: '/povo_ec', showcase: 'povo_shop' },
)

export const DEMO_CAMPAIGN_FANS: DemoCampaign[] = [
  newcomerLiver,
  newcomerRanking,
  newcomerUpdate,
  oshihajime,
  povo,
]
