/**
 * The shop seeded into every database (seed.ts, seedShop): the povo shop's banners, packages
 * and plans, the time-limited coin pack and the room item shop's categories. Entries are added
 * by id and never changed, so a database seeded by an older version gains what is new here.
 * Prices are yen, tax included.
 */

export const SHOP_BANNERS = [
  {
    id: 1,
    title: 'povo2.0 SIM でもっと配信を楽しもう',
    link_url: '/povo_ec/1',
    color: '#f59e0b',
    order_no: 1,
  },
  {
    id: 2,
    title: 'はじめての特別パック 期間限定',
    link_url: '/payment/time_limited_pack',
    color: '#ec4899',
    order_no: 2,
  },
]

export const SHOP_PACKAGES = [
  {
    id: 1,
    name: 'povo2.0 SIM スターターパック',
    description: 'povo2.0 の SIM カードとゴールドのセットです。SIM カードはご自宅に届きます。',
    color: '#f59e0b',
    is_recommended: true,
    order_no: 1,
  },
  {
    id: 2,
    name: 'ギフトコインパック',
    description: 'ゴールドをまとめて買えるデジタルパックです。お支払い後すぐに反映されます。',
    color: '#f0507a',
    is_recommended: true,
    order_no: 2,
  },
  {
    id: 3,
    name: 'データトッピング＋コイン',
    description:
      'povo2.0 のデータトッピングコードとゴールドのセットです。コードはメールで届きます。',
    color: '#3b82f6',
    is_recommended: false,
    order_no: 3,
  },
]

export const SHOP_PLANS = [
  {
    id: 101,
    package_id: 1,
    name: 'SIM ＋ 1,000ゴールド',
    description: 'povo2.0 SIM カード1枚と1,000ゴールド。',
    price: 1_500,
    gold: 1_000,
    requires_shipping: true,
    color: '#f59e0b',
    order_no: 1,
  },
  {
    id: 102,
    package_id: 1,
    name: 'SIM ＋ 3,000ゴールド',
    description: 'povo2.0 SIM カード1枚と3,000ゴールド。',
    price: 3_500,
    gold: 3_000,
    requires_shipping: true,
    color: '#d97706',
    order_no: 2,
  },
  {
    id: 201,
    package_id: 2,
    name: '500ゴールド',
    description: '500ゴールドをすぐにお届けします。',
    price: 550,
    gold: 500,
    requires_shipping: false,
    color: '#f0507a',
    order_no: 1,
  },
  {
    id: 202,
    package_id: 2,
    name: '2,000ゴールド',
    description: '2,000ゴールドをすぐにお届けします。',
    price: 2_200,
    gold: 2_000,
    requires_shipping: false,
    color: '#e11d48',
    order_no: 2,
  },
  {
    id: 203,
    package_id: 2,
    name: '10,000ゴールド',
    description: '10,000ゴールドをすぐにお届けします。',
    price: 11_000,
    gold: 10_000,
    requires_shipping: false,
    color: '#9f1239',
    order_no: 3,
  },
  {
    id: 301,
    package_id: 3,
    name: 'データ 3GB ＋ 300ゴールド',
    description: '3GB（30日間）のトッピングコードと300ゴールド。',
    price: 1_290,
    gold: 300,
    requires_shipping: false,
    color: '#3b82f6',
    order_no: 1,
  },
  {
    id: 302,
    package_id: 3,
    name: 'データ 20GB ＋ 1,000ゴールド',
    description: '20GB（30日間）のトッピングコードと1,000ゴールド。',
    price: 3_700,
    gold: 1_000,
    requires_shipping: false,
    color: '#1d4ed8',
    order_no: 2,
  },
]

/** Offered to each user for offer_hours from the first time they open its page. */
export const TIME_LIMITED_PACKS = [
  {
    id: 1,
    name: 'はじめての特別パック',
    description: '1,000ゴールドに500ゴールドのおまけが付いた、一度だけ買える特別パックです。',
    price: 980,
    gold: 1_000,
    bonus_gold: 500,
    offer_hours: 24,
  },
]

export const EC_CATEGORIES = [
  { id: 1, name: 'グッズ', order_no: 1 },
  { id: 2, name: 'デジタル', order_no: 2 },
  { id: 3, name: 'ボイス', order_no: 3 },
  { id: 4, name: 'チェキ', order_no: 4 },
]

/** The demo liver's item shop (demo databases only); `stock: 3` shows a nearly sold-out item. */
export const DEMO_EC_ROOM = 'demo_liver_room'
export const DEMO_EC_ITEMS = [
  {
    category_id: 1,
    name: 'きらりアクリルスタンド',
    description: '配信でおなじみのデモライバーのアクリルスタンド（約15cm）。',
    price: 1_800,
    stock: null,
    color: '#f0507a',
  },
  {
    category_id: 4,
    name: '直筆サイン入りチェキ',
    description: '一枚ずつサインを入れたチェキです。数量限定。',
    price: 3_000,
    stock: 3,
    color: '#8b5cf6',
  },
  {
    category_id: 3,
    name: 'おやすみボイス',
    description: '約3分のおやすみボイス（ダウンロード）。',
    price: 500,
    stock: null,
    color: '#14b8a6',
  },
  {
    category_id: 2,
    name: '限定壁紙セット',
    description: 'スマートフォン用の壁紙3枚セット。',
    price: 300,
    stock: null,
    color: '#3b82f6',
  },
]
