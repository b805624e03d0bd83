import type { ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import { totalRewards } from '../../machines/mission/mission.lists.ts'
import { useT } from '../app-context.tsx'
import { BottomSheet } from '../components/BottomSheet.tsx'
import type { MissionActor } from './types.ts'
import './mission-sheet.css'

/** The room's "ミッション" button: a 44 px square on a phone, with the rewards waiting on it. */
export function MissionButton({
  actor,
  open,
  onToggle,
}: {
  actor: MissionActor
  open: boolean
  onToggle: () => void
}) {
  const { t } = useT()
  const waiting = useSelector(actor, (s) => totalRewards(s.context.genres))
  return (
    <button
      type="button"
      className="button button--ghost mission-button"
      aria-expanded={open}
      aria-controls="mission-sheet"
      title={t('mission.open')}
      onClick={onToggle}
    >
      <svg
        className="mission-button__icon"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
      >
        {/* A flag: a mission's goal. */}
        <path d="M5 21V4h10l1 2h4v9h-6l-1-2H7v8z" fill="currentColor" />
      </svg>
      <span className="mission-button__label visually-hidden">{t('mission.open')}</span>
      {waiting > 0 && (
        <>
          <span className="mission-badge" aria-hidden="true">
            {waiting}
          </span>
          <span className="visually-hidden">{t('mission.waiting', { count: waiting })}</span>
        </>
      )}
    </button>
  )
}

/**
 * The mission panel's sheet in a room: a dialog from the bottom of a phone's screen; on a laptop
 * a card in the side column while open (BottomSheet.tsx).
 */
export function MissionSheet({
  open,
  onClose,
  children,
}: {
  open: boolean
  onClose: () => void
  children: ReactNode
}) {
  const { t } = useT()
  return (
    <BottomSheet
      id="mission-sheet"
      title={t('mission.title')}
      className="mission-sheet"
      open={open}
      onClose={onClose}
      wide="whileOpen"
    >
      {children}
    </BottomSheet>
  )
}
