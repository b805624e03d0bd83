import type { LiverTheme } from '../../../src/contract/liver-theme.ts'
import type { Db } from '../../db/index.ts'
import { ApiError, messages } from '../../errors.ts'
import { themeColumns, themeOf } from './themes.ts'

const hex = (color: string) => (/^#[0-9a-f]{6}$/i.test(color) ? color : '#1f1d2b')

/** A theme, or a 404. */
export async function liverThemeById(db: Db, id: number): Promise<LiverTheme> {
  const row = await db
    .selectFrom('liver_themes')
    .select(themeColumns)
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) throw new ApiError(404, messages.notFound)
  return themeOf(row)
}

/**
 * A theme's preview card (its `image_url`): a player in the theme's frame over the comments'
 * panel, with an accent bar and three bubbles. Colours only: no text, nothing to escape.
 */
export function liverThemeSvg(theme: LiverTheme): string {
  const frame = hex(theme.frame_color)
  const accent = hex(theme.accent_color)
  const panel = hex(theme.background_color)
  const bubbles = [0, 1, 2]
    .map(
      (i) =>
        `<rect x="${60 + i * 150}" y="470" width="120" height="44" rx="22" fill="none" stroke="${accent}" stroke-width="6"/>`,
    )
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="560" viewBox="0 0 640 560">
<rect width="640" height="560" fill="${panel}"/>
<rect x="40" y="40" width="560" height="315" rx="20" fill="#0f0e17" stroke="${frame}" stroke-width="16"/>
<rect x="440" y="300" width="120" height="24" rx="12" fill="${accent}"/>
<rect x="40" y="385" width="400" height="24" rx="12" fill="${accent}" opacity="0.35"/>
${bubbles}
</svg>`
}
