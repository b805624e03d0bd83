import { Link } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { formatCompactCount } from '../../domain/compact-count.ts'
import { shallowEqual } from '@xstate/react'
import { useApp, useAppActor, useAuth, useT, type AppSnapshot } from '../app-context.tsx'
import { LocaleSwitcher } from './LocaleSwitcher.tsx'
import './header.css'
import './header-tools.css'

// Loaded just after the page's first paint: the home page's first-load budget (120 KB) is spent.
const SearchSlot = lazy(() =>
  import('../search/SearchSlot.tsx').then((m) => ({ default: m.SearchSlot })),
)

const selectOnliveNum = (s: AppSnapshot) => s.context.onliveNum
const selectMenuOpen = (s: AppSnapshot) => s.matches({ menu: 'open' })
const selectUser = (s: AppSnapshot) =>
  s.context.user?.is_login
    ? {
        organizer: s.context.user.is_organizer,
        name: s.context.user.name,
        avatarUrl: s.context.user.avatar_url,
        gold: s.context.user.gold + s.context.user.expiring_gold,
        unread: s.context.user.has_unread_user_notice,
      }
    : null

export function Header({ compact = false }: { compact?: boolean }) {
  const app = useAppActor()
  const { t, locale } = useT()
  const onliveNum = useApp(selectOnliveNum)
  const menuOpen = useApp(selectMenuOpen)
  const user = useApp(selectUser, shallowEqual)
  const auth = useAuth()

  return (
    <header className={compact ? 'site-header site-header--compact' : 'site-header'}>
      <Link to="/" className="brand">
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
        <Suspense fallback={<span className="header-search" />}>
          <SearchSlot />
        </Suspense>
        <LocaleSwitcher />
        {user ? (
          <>
            <p className="gold-chip" data-testid="header-gold">
              {t('header.gold', { gold: new Intl.NumberFormat(locale).format(user.gold) })}
            </p>
            {/* An organizer's own page is their events (/mypage is a viewer's). */}
            <Link to={user.organizer ? '/organizer/events' : '/mypage'} className="user-chip">
              <img src={user.avatarUrl} alt="" width={28} height={28} />
              <span className="user-name">{user.name}</span>
            </Link>
            <Link to="/notice" className="notice-link" data-testid="header-notice">
              <span className="notice-link__bell" aria-hidden="true" />
              <span className="notice-link__text">{t('header.notices')}</span>{' '}
              {user.unread && (
                <span className="notice-link__dot" data-testid="header-unread">
                  <span className="visually-hidden">{t('header.unreadNotices')}</span>
                </span>
              )}
            </Link>
            <button
              type="button"
              className="button button--ghost logout-button"
              onClick={() => auth.send({ type: 'logout.request' })}
            >
              {t('header.logout')}
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="button button--primary"
              onClick={() => auth.send({ type: 'login.open', kind: 1 })}
            >
              {t('header.login')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => auth.send({ type: 'register.open' })}
            >
              {t('header.register')}
            </button>
          </>
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
          {/* The follow list is a logged-in user's (SPEC §2 auth). */}
          {user && <Link to="/follow">{t('nav.follow')}</Link>}
          <Link to="/ranking">{t('nav.ranking')}</Link>
          <Link to="/virtual_liver">{t('nav.virtualLiver')}</Link>
          <Link to="/lottery/list">{t('nav.lottery')}</Link>
          <Link to="/povo_ec">{t('nav.shop')}</Link>
          <Link to="/terms">{t('nav.terms')}</Link>
          <Link to="/privacypolicy">{t('nav.privacypolicy')}</Link>
          <Link to="/tokusho">{t('nav.tokusho')}</Link>
        </nav>
      )}
    </header>
  )
}
