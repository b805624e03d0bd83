import { Link } from '@tanstack/react-router'
import { useApp, useT } from '../app-context.tsx'

/**
 * Where a user finds their standing: their medals and missions, and for a room's owner its grade,
 * its medals and its year (`year`: this year in Tokyo).
 */
export function StandingLinks({ year }: { year: number }) {
  const { t } = useT()
  const ownsRoom = useApp((s) => Boolean(s.context.user?.own_room_url_key))
  return (
    <nav className="standing-links" aria-labelledby="standing-links-title">
      <h2 id="standing-links-title">{t('mypage.standing')}</h2>
      <ul>
        <li>
          <Link to="/follow">{t('nav.follow')}</Link>
        </li>
        <li>
          <Link to="/ranking">{t('nav.ranking')}</Link>
        </li>
        {ownsRoom && (
          <>
            <li>
              <Link to="/room/show_grade">{t('mypage.showGrade')}</Link>
            </li>
            <li>
              <Link to="/room/medal">{t('mypage.roomMedal')}</Link>
            </li>
            <li>
              <Link to="/room_memory/$year" params={{ year }}>
                {t('mypage.roomMemory', { year })}
              </Link>
            </li>
          </>
        )}
        <li>
          <Link to="/user/medal">{t('mypage.userMedal')}</Link>
        </li>
        <li>
          <Link to="/mission">{t('mypage.missions')}</Link>
        </li>
      </ul>
    </nav>
  )
}
