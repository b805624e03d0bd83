import { BADGES, badgeKey } from '../../domain/badges.ts'
import { useT } from '../app-context.tsx'
import './badge.css'

/** The colour family of a badge id (SPEC §3 Badge/title ids). */
function tierOf(badge: number): string {
  if (badge === BADGES.gold) return 'gold'
  if (badge === BADGES.silver) return 'silver'
  if (badge === BADGES.bronze) return 'bronze'
  if (badge === BADGES.official) return 'official'
  if (badge === BADGES.start || badge === BADGES.begin) return 'new'
  return 'pink'
}

/** A user's or room owner's badge beside their name; nothing for 0 or an unknown id. */
export function Badge({ badge }: { badge: number }) {
  const { t } = useT()
  const key = badgeKey(badge)
  if (!key) return null
  return (
    <span className={`badge badge--${tierOf(badge)}`} data-testid="badge" data-badge={badge}>
      {t(key)}
    </span>
  )
}
