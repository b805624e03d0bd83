import { sql } from 'kysely'
import type { Db } from './index.ts'

/** One theme of the catalogue; its id is kept for good (rooms point at it). */
export interface CatalogueTheme {
  id: number
  name: string
  description: string
  frame_color: string
  accent_color: string
  background_color: string
  stamps: string[]
  is_pick_up: boolean
}

/**
 * The liver themes (issue #22): a frame and colours for the room and the stamps its viewers tap.
 * Catalogue data, not demo data: seeded at every start (seedLiverThemes); the listed order is the
 * gallery's. The room page is dark, so every background_color is a dark one its light comment
 * text reads on (test/server/liver-themes.test.ts holds them to it).
 */
export const LIVER_THEMES: CatalogueTheme[] = [
  {
    id: 1,
    name: '夜桜',
    description: 'ぼんぼりの灯りに浮かぶ桜の下で、ゆったりおしゃべり。春の夜の配信に。',
    frame_color: '#f4a7c0',
    accent_color: '#c2336a',
    background_color: '#2a1b2e',
    stamps: ['🌸', 'きれい', '🏮', 'ひらひら', '花見したい'],
    is_pick_up: true,
  },
  {
    id: 2,
    name: '星空',
    description: '満天の星を見上げながら、願いごとをひとつ。夜更けの歌枠や雑談にぴったり。',
    frame_color: '#7aa2ff',
    accent_color: '#ffd166',
    background_color: '#0f1733',
    stamps: ['⭐', '✨', '🌙', '流れ星！', '願いごと'],
    is_pick_up: true,
  },
  {
    id: 3,
    name: '夏祭り',
    description: '提灯と花火で、ルームがまるごとお祭り会場に。みんなで掛け声を送り合おう。',
    frame_color: '#ff8a3d',
    accent_color: '#ff5a5f',
    background_color: '#24123a',
    stamps: ['🎆', 'たまや〜', '🍧', 'わっしょい', '🎐', '金魚すくい'],
    is_pick_up: true,
  },
  {
    id: 4,
    name: '雨上がり',
    description: '雨のあとの澄んだ空気と、遠くにかかる虹。しっとり聞かせたい配信に。',
    frame_color: '#7cc6d6',
    accent_color: '#4fb3c8',
    background_color: '#0f2a33',
    stamps: ['🌈', '☔', 'しっとり', '晴れた！'],
    is_pick_up: false,
  },
  {
    id: 5,
    name: '紅葉狩り',
    description: '赤や黄色に染まる山道をおさんぽ気分で。秋の味覚の話にも花が咲きます。',
    frame_color: '#c8553d',
    accent_color: '#e07a3f',
    background_color: '#2d140d',
    stamps: ['🍁', '🍂', '秋だね', 'ほっこり', '🍠'],
    is_pick_up: false,
  },
  {
    id: 6,
    name: '雪あかり',
    description: 'しんしんと降る雪と、窓にともる小さな灯り。冬の夜のあたたかい配信に。',
    frame_color: '#dfeaf5',
    accent_color: '#9cc8f0',
    background_color: '#14212f',
    stamps: ['❄️', '☃️', 'ぬくぬく', '🔥', 'こたつ'],
    is_pick_up: false,
  },
  {
    id: 7,
    name: 'ネオン街',
    description: 'きらめくネオンの夜の街。ゲーム実況やDJ配信を、ノリよく盛り上げます。',
    frame_color: '#ff3df2',
    accent_color: '#00e5ff',
    background_color: '#120b1f',
    stamps: ['💜', '⚡', '🎧', 'ノリノリ', '最高！'],
    is_pick_up: false,
  },
  {
    id: 8,
    name: '海辺のカフェ',
    description: '波の音が聞こえるテラス席で、コーヒー片手にまったりトーク。',
    frame_color: '#f2c57c',
    accent_color: '#4fd1c5',
    background_color: '#102a2b',
    stamps: ['☕', '🌊', 'まったり', '🐚', 'おかわり'],
    is_pick_up: false,
  },
]

/** The preview picture of a theme (server/api/liver-themes.ts draws it). */
export const liverThemeImageUrl = (id: number) => `/img/liver_theme/${id}.svg`

/** The catalogue: new themes are added and the wording and colours of the others kept current. */
export async function seedLiverThemes(db: Db): Promise<void> {
  const rows = LIVER_THEMES.map((t, position) => ({
    ...t,
    stamps: JSON.stringify(t.stamps),
    image_url: liverThemeImageUrl(t.id),
    position,
  }))
  await db
    .insertInto('liver_themes')
    .values(rows)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        description: eb.ref('excluded.description'),
        frame_color: eb.ref('excluded.frame_color'),
        accent_color: eb.ref('excluded.accent_color'),
        background_color: eb.ref('excluded.background_color'),
        stamps: eb.ref('excluded.stamps'),
        image_url: eb.ref('excluded.image_url'),
        is_pick_up: eb.ref('excluded.is_pick_up'),
        position: eb.ref('excluded.position'),
      })),
    )
    .execute()
}

/** Demo rooms wearing a theme: the demo liver's room (夜桜) and kirari_hoshino's (星空). */
const DEMO_ROOM_THEMES: Array<[string, number]> = [
  ['demo_liver_room', 1],
  ['kirari_hoshino', 2],
]

/**
 * Gives two demo rooms a theme, once: skipped when any room has one already, so a demo owner who
 * takes the theme off keeps it off after a restart.
 */
export async function seedDemoLiverThemes(db: Db): Promise<void> {
  const themed = await db
    .selectFrom('rooms')
    .select('id')
    .where('liver_theme_id', 'is not', null)
    .executeTakeFirst()
  if (themed) return
  for (const [key, themeId] of DEMO_ROOM_THEMES) {
    await db
      .updateTable('rooms')
      .set({ liver_theme_id: themeId })
      .where('room_url_key', '=', key)
      .where(sql<boolean>`exists (select 1 from liver_themes where id = ${themeId})`)
      .execute()
  }
}
