import { useLocation } from '@tanstack/react-router'
import { LOCALES, isLocale } from '../../domain/locale.ts'
import { useAppActor, useT } from '../app-context.tsx'
import './header.css'

/** Switching loads the messages, stores the cookie and moves to the localized path. */
export function LocaleSwitcher() {
  const app = useAppActor()
  const { t, locale } = useT()
  const pathname = useLocation({ select: (l) => l.pathname })
  return (
    <label className="locale-switcher">
      <span className="visually-hidden">{t('header.language')}</span>
      <select
        aria-label={t('header.language')}
        value={locale}
        onChange={(e) => {
          const next = e.currentTarget.value
          if (isLocale(next)) app.send({ type: 'locale.set', locale: next, path: pathname })
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`locale.${l}`)}
          </option>
        ))}
      </select>
    </label>
  )
}
