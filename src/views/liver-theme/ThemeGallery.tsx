import type { LiverTheme } from '../../contract/liver-theme.ts'
import { useT } from '../app-context.tsx'
import { themeVars } from './theme-colors.ts'
import './liver-theme.css'

export interface ThemeGalleryProps {
  themes: LiverTheme[]
  /** The picker (the owner's panel): the room's theme now, marked on its card. */
  currentId?: number | null
  /** With it, each card gets a choose button. */
  onChoose?: (themeId: number) => void
  /** A choice is being saved: the buttons wait. */
  busy?: boolean
}

/**
 * The liver themes as cards (issue #22): a preview in the theme's colours (the frame, the accent,
 * the comments' panel with its stamps), the name, the description and a pick-up badge. Shown on
 * `/lp/liver-theme` and, with `onChoose`, in the room owner's theme picker.
 */
export function ThemeGallery({
  themes,
  currentId = null,
  onChoose,
  busy = false,
}: ThemeGalleryProps) {
  const { t } = useT()
  return (
    <ul className="theme-gallery" aria-label={t('liverTheme.gallery')}>
      {themes.map((theme) => {
        const current = currentId === theme.theme_id
        return (
          <li
            key={theme.theme_id}
            className="theme-card"
            data-testid={`theme-card-${theme.theme_id}`}
            style={themeVars(theme)}
          >
            <div className="theme-card__preview" aria-hidden="true">
              <div className="theme-card__player">
                <span className="theme-card__accent" />
              </div>
              <ul className="theme-card__stamps">
                {theme.stamps.map((stamp) => (
                  <li key={stamp}>{stamp}</li>
                ))}
              </ul>
            </div>
            <div className="theme-card__body">
              <h3 className="theme-card__name">
                {theme.name}
                {theme.is_pick_up && (
                  <span className="theme-card__badge">{t('liverTheme.pickUp')}</span>
                )}
              </h3>
              <p className="theme-card__description">{theme.description}</p>
              <p className="theme-card__stamp-line">
                {t('liverTheme.stamps')}
                <span className="visually-hidden">: </span>
                <span className="theme-card__stamp-list">{theme.stamps.join(' ')}</span>
              </p>
              {onChoose && (
                <button
                  type="button"
                  className="button theme-card__choose"
                  disabled={busy || current}
                  aria-pressed={current}
                  onClick={() => onChoose(theme.theme_id)}
                >
                  {current ? t('liverTheme.inUse') : t('liverTheme.choose')}
                </button>
              )}
            </div>
          </li>
        )
      })}
    </ul>
  )
}
