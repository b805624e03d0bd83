import { page, t, type DemoCampaign } from './demo-campaigns.ts'

/** The demo idol cup's event (seed-campaigns.ts adds it), which /lp/idolcup ranks. */
export const IDOL_CUP_EVENT = 'kirari_idol_cup'

const whiteday = page(
  'whiteday2024',
  'whiteday2024',
  'whiteday2024',
  {
    ja: t(
      'ホワイトデー 2024',
      'バレンタインのお返しは配信で。3月14日までの2週間、ホワイトデー限定ギフトをお届けしました。',
      [
        'たくさんのご参加ありがとうございました。このキャンペーンは終了しました。',
        '## 開催内容',
        '- 3月1日〜3月14日の期間、ホワイトデー限定の「マシュマロ」「キャンディ」ギフトを販売しました。',
        '- 限定ギフトを受け取ったルームには、期間中だけのホワイトデーフレームを表示しました。',
        '次の季節のキャンペーンもお楽しみに。',
      ].join('\n\n'),
    ),
    en: t(
      'White Day 2024',
      'Returning Valentine’s gifts, live: for two weeks up to March 14 we offered White Day gifts.',
      [
        'Thank you for joining in. This campaign has ended.',
        '## What it was',
        '- From March 1 to March 14 the limited “Marshmallow” and “Candy” gifts were on sale.',
        '- Rooms that received them wore a White Day frame during the campaign.',
        'Look out for next season’s campaign.',
      ].join('\n\n'),
    ),
    'zh-tw': t(
      '白色情人節 2024',
      '情人節的回禮就在直播裡。3月14日前的兩週，我們推出了白色情人節限定禮物。',
      [
        '感謝大家熱情參與，本活動已經結束。',
        '## 活動內容',
        '- 3月1日至3月14日期間販售白色情人節限定的「棉花糖」與「糖果」禮物。',
        '- 收到限定禮物的房間，在活動期間會顯示白色情人節邊框。',
        '敬請期待下一季的活動。',
      ].join('\n\n'),
    ),
    th: t(
      'ไวท์เดย์ 2024',
      'ตอบแทนของขวัญวาเลนไทน์ในไลฟ์ สองสัปดาห์จนถึง 14 มีนาคม เรามีของขวัญพิเศษวันไวท์เดย์',
      [
        'ขอบคุณที่ร่วมสนุก แคมเปญนี้จบแล้ว',
        '## รายละเอียด',
        '- ตั้งแต่ 1 ถึง 14 มีนาคม มีของขวัญพิเศษ “มาร์ชเมลโลว์” และ “ลูกอม” วางขาย',
        '- ห้องที่ได้รับของขวัญพิเศษจะแสดงกรอบไวท์เดย์ระหว่างแคมเปญ',
        'รอติดตามแคมเปญฤดูกาลหน้า',
      ].join('\n\n'),
    ),
  },
  { period: { started_at: '2024-03-01T00:00:00+09:00', ended_at: '2024-03-15T00:00:00+09:00' } },
)

const cup = { cta_url: `/event/${IDOL_CUP_EVENT}`, ranking: 'event', group_key: 'idolcup' } as const

const idolcup = page(
  'idolcup',
  'liver-ranking',
  'idolcup',
  {
    ja: t(
      'Kirari アイドルカップ',
      'アイドルとして配信するライバーが、ギフトのポイントで頂点を目指すランキングイベントです。',
      [
        '歌って、踊って、リスナーと一緒にステージをつくる。Kirari アイドルカップは、アイドル配信のいちばんを決めるイベントです。',
        '## 参加のしかた',
        'イベントページからエントリーして、期間中に配信するだけ。リスナーから届いたギフトのポイントがそのままランキングに反映されます。',
        '## 賞',
        '- 1位: トップページでの特集と、限定バッジ',
        '- 2〜10位: 限定バッジ',
        'ランキングはこのページと「ランキング」タブでいつでも確認できます。',
      ].join('\n\n'),
      'イベントページへ',
    ),
    en: t(
      'Kirari Idol Cup',
      'A ranking event where livers who stream as idols aim for the top with the points of their gifts.',
      [
        'Sing, dance and build the stage together with your viewers: the Kirari Idol Cup finds the best idol live.',
        '## How to take part',
        'Enter from the event page and go live during the event. The points of every gift your viewers send count toward the ranking.',
        '## Prizes',
        '- 1st: a feature on the top page and a limited badge',
        '- 2nd to 10th: a limited badge',
        'Check the ranking any time on this page and in the Ranking tab.',
      ].join('\n\n'),
      'Go to the event page',
    ),
    'zh-tw': t(
      'Kirari 偶像盃',
      '以偶像身分直播的主播，憑禮物點數爭奪第一的排行榜活動。',
      [
        '唱歌、跳舞，和聽眾一起打造舞台。Kirari 偶像盃要選出最棒的偶像直播。',
        '## 參加方式',
        '從活動頁面報名，在活動期間直播即可。聽眾送出的禮物點數會直接反映在排行榜上。',
        '## 獎勵',
        '- 第1名：首頁特輯與限定徽章',
        '- 第2〜10名：限定徽章',
        '隨時可以在本頁與「排行榜」分頁查看排名。',
      ].join('\n\n'),
      '前往活動頁面',
    ),
    th: t(
      'Kirari ไอดอลคัพ',
      'อีเวนต์จัดอันดับที่ไลฟ์เวอร์สายไอดอลแข่งกันขึ้นอันดับหนึ่งด้วยแต้มของขวัญ',
      [
        'ร้อง เต้น และสร้างเวทีไปพร้อมกับผู้ชม Kirari ไอดอลคัพหาไลฟ์ไอดอลที่ดีที่สุด',
        '## วิธีเข้าร่วม',
        'สมัครจากหน้าอีเวนต์แล้วไลฟ์ในช่วงอีเวนต์ แต้มของขวัญที่ผู้ชมส่งมาจะนับเข้าอันดับทันที',
        '## รางวัล',
        '- อันดับ 1: พื้นที่แนะนำบนหน้าแรกและเหรียญตราพิเศษ',
        '- อันดับ 2–10: เหรียญตราพิเศษ',
        'ดูอันดับได้ตลอดในหน้านี้และแท็บ “อันดับ”',
      ].join('\n\n'),
      'ไปที่หน้าอีเวนต์',
    ),
  },
  { ...cup, position: 0 },
)

const idolcupRanking = page(
  'idolcup/ranking',
  'liver-ranking',
  'idolcup',
  {
    ja: t(
      'アイドルカップ ランキング',
      'Kirari アイドルカップの現在の順位です。ギフトが届くたびに順位が動きます。',
      '上位30ルームを表示しています。配信中のルームはそのまま応援に行けます。',
      'イベントページへ',
    ),
    en: t(
      'Idol Cup ranking',
      'The Kirari Idol Cup standings now: they move with every gift.',
      'The top 30 rooms are shown. Rooms on air are one tap away.',
      'Go to the event page',
    ),
    'zh-tw': t(
      '偶像盃 排行榜',
      'Kirari 偶像盃目前的排名，每收到一份禮物都會變動。',
      '顯示前30名的房間。正在直播的房間可以直接前往應援。',
      '前往活動頁面',
    ),
    th: t(
      'อันดับไอดอลคัพ',
      'อันดับปัจจุบันของ Kirari ไอดอลคัพ เปลี่ยนทุกครั้งที่มีของขวัญ',
      'แสดง 30 ห้องแรก ห้องที่กำลังไลฟ์เข้าไปเชียร์ได้ทันที',
      'ไปที่หน้าอีเวนต์',
    ),
  },
  { ...cup, position: 1 },
)

const giftRanking = page(
  'gift_ranking/1',
  'liver-ranking',
  'gift_ranking',
  {
    ja: t(
      'ハート ギフトランキング',
      '期間中に「ハート」をいちばん多く受け取ったルームはどこ？ハートのポイントだけで競うランキングです。',
      [
        'いちばん身近な有料ギフト「ハート」。期間中にルームへ届いたハートのポイントを合計して順位をつけます。',
        '- ほかのギフトは数えません。',
        '- ランキングはギフトが届くたびに更新されます。',
        '上位のルームには期間終了後、トップページで紹介します。',
      ].join('\n\n'),
      '配信中のルームを見る',
    ),
    en: t(
      'Heart gift ranking',
      'Which room receives the most Hearts? A ranking by the points of the Heart gift alone.',
      [
        'The Heart is our most familiar paid gift. Rooms are ranked by the points of the Hearts they receive during the campaign.',
        '- Other gifts do not count.',
        '- The ranking updates with every gift.',
        'The top rooms are featured on the top page after the campaign.',
      ].join('\n\n'),
      'See rooms on air',
    ),
    'zh-tw': t(
      '愛心 禮物排行榜',
      '活動期間收到最多「愛心」的是哪個房間？只以愛心點數競爭的排行榜。',
      [
        '最親切的付費禮物「愛心」。依活動期間房間收到的愛心點數合計排名。',
        '- 其他禮物不列入計算。',
        '- 每收到一份禮物，排行榜就會更新。',
        '名列前茅的房間會在活動結束後於首頁介紹。',
      ].join('\n\n'),
      '看看正在直播的房間',
    ),
    th: t(
      'อันดับของขวัญหัวใจ',
      'ห้องไหนได้ “หัวใจ” มากที่สุด? อันดับที่นับเฉพาะแต้มของของขวัญหัวใจ',
      [
        'หัวใจคือของขวัญแบบเสียเงินที่คุ้นเคยที่สุด เราจัดอันดับห้องตามแต้มหัวใจที่ได้รับในช่วงแคมเปญ',
        '- ไม่นับของขวัญอื่น',
        '- อันดับอัปเดตทุกครั้งที่มีของขวัญ',
        'ห้องอันดับต้น ๆ จะได้รับการแนะนำบนหน้าแรกหลังจบแคมเปญ',
      ].join('\n\n'),
      'ดูห้องที่กำลังไลฟ์',
    ),
  },
  { cta_url: '/', ranking: 'gift' },
)

export const DEMO_CAMPAIGN_EVENTS: DemoCampaign[] = [whiteday, idolcup, idolcupRanking, giftRanking]
