/** Demo data for the room's social parts: the banners and the bot viewers `DEMO_BOTS_PER_MINUTE` uses. */

/** Banners shown in every room, pointing at pages of the site; images are drawn by /img/banner. */
export const demoBanners = [
  {
    title: 'アドリワードくじ 毎日チャンス！',
    url: '/lottery/ad_reward',
    color: '#f59e0b',
    sort_order: 10,
  },
  { title: '配信中のルームをさがそう', url: '/', color: '#8b5cf6', sort_order: 20 },
]

/** Viewers that comment by themselves in demo rooms on air; they have no password. */
export const demoBots = [
  { account_id: 'bot_mochi', name: 'もちもち', avatar_id: 0 },
  { account_id: 'bot_yoru', name: 'よるのねこ', avatar_id: 1 },
  { account_id: 'bot_taku', name: 'たく', avatar_id: 2 },
  { account_id: 'bot_haru', name: 'はる🌸', avatar_id: 3 },
  { account_id: 'bot_kenta', name: 'ケンタ', avatar_id: 4 },
  { account_id: 'bot_sora', name: 'そらまめ', avatar_id: 5 },
  { account_id: 'bot_mii', name: 'みぃ', avatar_id: 6 },
  { account_id: 'bot_gorou', name: 'ごろう', avatar_id: 7 },
]

/** What the bots say: the kind of thing viewers write in any room. */
export const botComments = [
  'こんばんは！',
  'こんばんは〜',
  '初見です',
  '初見です！よろしくお願いします',
  'ただいま〜',
  '待ってました！',
  'きたー！',
  '今日もお疲れさま',
  'お疲れさまです！',
  '仕事終わりに来ました',
  '歌うまい！',
  'かわいい〜',
  '声が好き',
  '癒される…',
  '笑った',
  'わかる〜',
  'それな',
  '888888',
  'いいね！',
  '今日なにするの？',
  'もう一回聴きたい',
  '応援してます！',
  'がんばって！',
  'いつも元気もらってます',
  '神配信',
  'その髪型似合ってる',
  '明日も来ます',
  '通知きて飛んできた',
  'BGMいい感じ',
  'おやすみ前に来ました',
]
