/**
 * Preset comments a viewer can post with one tap (`/api/recommended_live_comment`). Built in,
 * not stored: a few for every room and a few that suit the room's genre. Ids are stable, so
 * post_live_comment can check the `recommend_comment_id` it is given.
 */
export interface RecommendComment {
  id: number
  comment: string
}

const EVERY_ROOM: RecommendComment[] = [
  { id: 1, comment: 'こんばんは！' },
  { id: 2, comment: '初見です！' },
  { id: 3, comment: '待ってました！' },
  { id: 4, comment: 'お疲れさまです！' },
  { id: 5, comment: '応援してます！' },
]

const BY_GENRE: Record<number, RecommendComment[]> = {
  101: [
    { id: 101, comment: '歌うまい！' },
    { id: 102, comment: 'もう一曲聴きたい！' },
  ],
  102: [
    { id: 201, comment: 'かわいい！' },
    { id: 202, comment: '今日の衣装すてき！' },
  ],
  103: [
    { id: 301, comment: 'コーデ参考になります！' },
    { id: 302, comment: 'きれい！' },
  ],
  104: [
    { id: 401, comment: 'いい声…！' },
    { id: 402, comment: '演技に引き込まれる！' },
  ],
  105: [
    { id: 501, comment: '笑った！' },
    { id: 502, comment: 'その話もっと聞きたい！' },
  ],
  106: [
    { id: 601, comment: 'かわいい！' },
    { id: 602, comment: 'ゲーム上手！' },
  ],
  107: [
    { id: 701, comment: 'ナイスファイト！' },
    { id: 702, comment: '一緒にがんばります！' },
  ],
}

const FALLBACK: RecommendComment[] = [
  { id: 901, comment: '楽しい！' },
  { id: 902, comment: 'また来ます！' },
]

/** The preset comments of a room of genre `genreId`. */
export function recommendedComments(genreId: number): RecommendComment[] {
  return [...EVERY_ROOM, ...(BY_GENRE[genreId] ?? FALLBACK)]
}
