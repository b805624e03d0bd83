import { Link } from '@tanstack/react-router'
import type { missionMachine } from '../../machines/mission/mission.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { MissionPanel } from './MissionPanel.tsx'
import './mission.css'

/**
 * `/mission` (SPEC §2's comment-mission screen): the mission lists on a page of their own, opened
 * from a room's panel (with the way back to it) or from /mypage. An anonymous visitor sees the
 * catalogue and a login button.
 */
export function MissionPage({
  logic,
  roomId,
  roomUrlKey,
}: {
  logic: typeof missionMachine
  /** The room the page was opened from, if any: its missions are asked in its name. */
  roomId: number | null
  roomUrlKey: string | null
}) {
  const { t } = useT()
  const actor = usePageActor(logic, { input: { roomId } })
  useDocumentTitle(t('mission.title'))
  return (
    <article className="mission-page" aria-labelledby="mission-page-title">
      <div className="mission-page__head">
        <h1 id="mission-page-title">{t('mission.title')}</h1>
        {roomUrlKey && (
          <Link className="mission-page__back" to="/r/$roomUrlKey" params={{ roomUrlKey }}>
            {t('mission.backToRoom')}
          </Link>
        )}
      </div>
      <MissionPanel actor={actor} />
    </article>
  )
}
