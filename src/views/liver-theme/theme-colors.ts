import type { CSSProperties } from 'react'
import type { LiverTheme } from '../../contract/liver-theme.ts'

/** The relative luminance of a `#rrggbb` colour (WCAG 2). */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/** The WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

const DARK_INK = '#1f1d2b'
const LIGHT_INK = '#ffffff'

/** Dark or white text, whichever reads better on `background` (a `#rrggbb` colour). */
export const readableInk = (background: string): string =>
  contrast(background, DARK_INK) >= contrast(background, LIGHT_INK) ? DARK_INK : LIGHT_INK

/** A theme as CSS custom properties, for the room's root and the gallery's previews. */
export function themeVars(theme: LiverTheme): CSSProperties {
  return {
    '--theme-frame': theme.frame_color,
    '--theme-accent': theme.accent_color,
    '--theme-accent-ink': readableInk(theme.accent_color),
    '--theme-bg': theme.background_color,
    '--theme-ink': readableInk(theme.background_color),
  } as CSSProperties
}
