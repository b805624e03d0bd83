/** The catalogue every database gets (genres) and the demo rooms `SEED_DEMO` adds. */

/** Genre ids follow SHOWROOM's; 8 is the editorial Pick Up list shown first on the home page. */
export const genres = [
  { id: 8, name: 'Pick Up', name_en: 'Pick Up', sort_order: 0 },
  { id: 101, name: 'ミュージック', name_en: 'Music', sort_order: 10 },
  { id: 102, name: 'アイドル', name_en: 'Idol', sort_order: 20 },
  { id: 103, name: 'タレント・モデル', name_en: 'Talent / Model', sort_order: 30 },
  { id: 104, name: '声優・アニメ', name_en: 'Voice Actors / Anime', sort_order: 40 },
  { id: 105, name: 'お笑い・トーク', name_en: 'Comedy / Talk', sort_order: 50 },
  { id: 106, name: 'バーチャル', name_en: 'Virtual', sort_order: 60 },
  { id: 107, name: 'スポーツ', name_en: 'Sports', sort_order: 70 },
  { id: 200, name: 'アマチュア', name_en: 'Amateur', sort_order: 80 },
]

export interface DemoRoom {
  key: string
  room: string
  main: string
  sub: string
  genre: number
  color: string
  official: number
  followers: number
  pickup?: boolean
  /** Minutes on air, or null when the room is off air. */
  onAirFor: number | null
  viewers: number
  description: string
}

export const demoRooms: DemoRoom[] = [
  {
    key: 'kirari_hoshino',
    room: '星野きらりの部屋',
    main: '星野 きらり',
    sub: '毎日配信 120日目',
    genre: 102,
    color: '#f0507a',
    official: 1,
    followers: 18234,
    pickup: true,
    onAirFor: 42,
    viewers: 12345,
    description: 'アイドル活動中の星野きらりです。毎晩21時から歌とおしゃべり！',
  },
  {
    key: 'aoi_music',
    room: 'Aoi Music Room',
    main: '青井 そら',
    sub: 'ギター弾き語り',
    genre: 101,
    color: '#3b82f6',
    official: 1,
    followers: 9876,
    pickup: true,
    onAirFor: 15,
    viewers: 9999,
    description: 'アコースティックギターで弾き語りをしています。リクエスト歓迎。',
  },
  {
    key: 'vtuber_mikan',
    room: 'みかんちゃんねる',
    main: '蜜柑 ミカ',
    sub: 'バーチャル配信者',
    genre: 106,
    color: '#f59e0b',
    official: 0,
    followers: 20000,
    onAirFor: 63,
    viewers: 20000,
    description: 'バーチャル世界からこんにちは！ゲームと雑談をお届けします。',
  },
  {
    key: 'talk_tanaka',
    room: '田中の深夜ラジオ',
    main: '田中 一郎',
    sub: 'お笑いトーク',
    genre: 105,
    color: '#10b981',
    official: 0,
    followers: 4321,
    onAirFor: 8,
    viewers: 1234,
    description: '深夜のゆるいトーク番組。お便り募集中。',
  },
  {
    key: 'seiyu_yume',
    room: 'ゆめの声劇ルーム',
    main: '夢見 ゆめ',
    sub: '声優の卵',
    genre: 104,
    color: '#8b5cf6',
    official: 0,
    followers: 3200,
    onAirFor: 27,
    viewers: 10000,
    description: '朗読と声劇の練習配信です。',
  },
  {
    key: 'model_rin',
    room: 'RIN STYLE',
    main: '凛',
    sub: 'モデル / 毎日コーデ',
    genre: 103,
    color: '#ec4899',
    official: 1,
    followers: 15000,
    onAirFor: 5,
    viewers: 12300,
    description: '今日のコーデと美容の話。',
  },
  {
    key: 'demo_liver_room',
    room: 'デモライバーの部屋',
    main: 'デモ ライバー',
    sub: 'Kirari デモ配信',
    genre: 200,
    color: '#14b8a6',
    official: 0,
    followers: 120,
    onAirFor: 3,
    viewers: 42,
    description: 'デモアカウント demo_liver の部屋です。OBS から配信できます。',
  },
  {
    key: 'minor_hina',
    room: 'ひなの放課後配信',
    main: '小鳥 ひな',
    sub: '中学生ライバー',
    genre: 200,
    color: '#f97316',
    official: 0,
    followers: 210,
    onAirFor: null,
    viewers: 0,
    description: '放課後にお話しします（配信は20時まで）。',
  },
  {
    key: 'sports_ken',
    room: 'KEN のトレーニング',
    main: '健',
    sub: '筋トレ配信',
    genre: 107,
    color: '#ef4444',
    official: 0,
    followers: 777,
    onAirFor: null,
    viewers: 0,
    description: '一緒に筋トレしましょう。',
  },
  {
    key: 'idol_sakura',
    room: 'さくらのお部屋',
    main: '春野 さくら',
    sub: 'アイドル研究生',
    genre: 102,
    color: '#fb7185',
    official: 0,
    followers: 5400,
    onAirFor: null,
    viewers: 0,
    description: '研究生の春野さくらです。',
  },
]
