import { Link } from '@tanstack/react-router'
import { formatCompactCount } from '../../domain/compact-count.ts'
import { useApp, useAppActor, useT, type AppSnapshot } from '../app-context.tsx'
import { LocaleSwitcher } from './LocaleSwitcher.tsx'

const selectOnliveNum = (s: AppSnapshot) => s.context.onliveNum
const selectMenuOpen = (s: AppSnapshot) => s.matches({ menu: 'open' })
const selectUserName = (s: AppSnapshot) => (s.context.user?.is_login ? s.context.user.name : null)

export function Header({ compact = false }: { compact?: boolean }) {
  const app = useAppActor()
  const { t, locale } = useT()
  const onliveNum = useApp(selectOnliveNum)
  const menuOpen = useApp(selectMenuOpen)
  const userName = useApp(selectUserName)

  return (
    <header className={compact ? 'site-header site-header--compact' : 'site-header'}>
      <Link to="/" className="brand" aria-label={t('nav.home')}>
        <span className="brand__mark" aria-hidden="true">
          ✦
        </span>
        <span className="brand__name">{t('site.name')}</span>
      </Link>
      {onliveNum !== null && (
        <p className="onair-count" aria-label={t('header.onAirLabel')} data-testid="onair-count">
          <span className="onair-dot" aria-hidden="true" />
          {t('header.onAir', { num: formatCompactCount(onliveNum, locale) })}
        </p>
      )}
      <div className="site-header__actions">
        <LocaleSwitcher />
        {userName ? (
          <span className="user-name">{userName}</span>
        ) : (
          <button
            type="button"
            className="button button--primary"
            onClick={() => app.send({ type: 'login.request' })}
          >
            {t('header.login')}
          </button>
        )}
        <button
          type="button"
          className="button button--ghost menu-button"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => app.send({ type: 'menu.toggle' })}
        >
          {menuOpen ? t('header.closeMenu') : t('header.menu')}
        </button>
      </div>
      {menuOpen && (
        <nav id="site-menu" className="site-menu" aria-label={t('header.menu')}>
          <Link to="/">{t('nav.home')}</Link>
          <Link to="/terms">{t('nav.terms')}</Link>
          <Link to="/privacypolicy">{t('nav.privacypolicy')}</Link>
          <Link to="/tokusho">{t('nav.tokusho')}</Link>
        </nav>
      )}
    </header>
  )
}
