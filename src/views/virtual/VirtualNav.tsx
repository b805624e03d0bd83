import { Link } from '@tanstack/react-router'
import type { VirtualView } from '../../machines/virtual/virtual.machine.ts'
import { useT } from '../app-context.tsx'

const TABS = [
  { view: 'rooms', to: '/virtual_liver', label: 'virtual.nav.rooms' },
  { view: 'events', to: '/virtual_liver/events', label: 'virtual.nav.events' },
  { view: 'ranking', to: '/virtual_liver/ranking', label: 'virtual.nav.ranking' },
] as const

/** The corner's three pages as tabs; the page shown is marked current. */
export function VirtualNav({ view }: { view: VirtualView }) {
  const { t } = useT()
  return (
    <nav className="virtual__tabs" aria-label={t('virtual.nav.label')}>
      {TABS.map((tab) => (
        <Link
          key={tab.view}
          to={tab.to}
          className="virtual__tab"
          // The corner's home is the other pages' parent: only the page itself is current.
          activeOptions={{ exact: true }}
          aria-current={tab.view === view ? 'page' : undefined}
        >
          {t(tab.label)}
        </Link>
      ))}
    </nav>
  )
}
