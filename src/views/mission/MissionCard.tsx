import { shallowEqual, useSelector } from '@xstate/react'
import type { Mission } from '../../contract/mission.ts'
import { useT } from '../app-context.tsx'
import type { MissionActor } from './types.ts'

/**
 * One mission: its title (a liver's mission tagged), the level it stands on, the progress bar
 * towards that level's target, the reward, and the receive button or "達成済み". A refused
 * receive says why beside the button.
 */
export function MissionCard({ actor, mission }: { actor: MissionActor; mission: Mission }) {
  const { t, locale } = useT()
  const id = mission.mission_id
  const view = useSelector(
    actor,
    (s) => ({
      // One reward at a time: every other button waits while one is on its way.
      busy: s.context.receivingId !== null,
      mine: s.context.receivingId === id,
      error: s.context.error?.missionId === id ? s.context.error : null,
    }),
    shallowEqual,
  )
  const number = (n: number) => new Intl.NumberFormat(locale).format(n)
  const shown = Math.min(mission.current_value, mission.target_value)
  const percent = mission.target_value > 0 ? (100 * shown) / mission.target_value : 100
  const titleId = `mission-${id}-title`

  return (
    <li className="mission-card" data-testid="mission" data-mission={id}>
      <div className="mission-card__head">
        <span id={titleId} className="mission-card__title">
          {mission.title}
        </span>
        {mission.for_owner && <span className="mission-tag">{t('mission.owner')}</span>}
        {mission.max_level > 1 && (
          <span className="mission-card__level">
            {t('mission.level', { level: mission.current_level, max: mission.max_level })}
          </span>
        )}
      </div>
      <div className="mission-card__progress">
        <div
          className="mission-bar"
          role="progressbar"
          aria-labelledby={titleId}
          aria-valuemin={0}
          aria-valuemax={mission.target_value}
          aria-valuenow={shown}
        >
          <span className="mission-bar__fill" style={{ width: `${percent}%` }} />
        </div>
        <span className="mission-card__count" data-testid="mission-count">
          {t('mission.count', { current: number(shown), target: number(mission.target_value) })}
        </span>
      </div>
      <div className="mission-card__foot">
        <p className="mission-card__reward">
          <span className="visually-hidden">{t('mission.rewardLabel')} </span>
          {mission.reward_url && (
            <img src={mission.reward_url} alt="" width={32} height={32} loading="lazy" />
          )}
          <span>
            {t('mission.reward', { name: mission.reward_name, num: number(mission.reward_num) })}
          </span>
        </p>
        {mission.reward === 'receivable' && (
          <button
            type="button"
            className="button button--primary mission-card__receive"
            aria-describedby={titleId}
            aria-busy={view.mine}
            disabled={view.busy}
            onClick={() => actor.send({ type: 'mission.receive', missionId: id })}
          >
            {view.mine ? t('mission.receiving') : t('mission.receive')}
          </button>
        )}
        {mission.reward === 'completed' && (
          <span className="mission-card__done">{t('mission.completed')}</span>
        )}
      </div>
      {view.error && (
        <p className="form-error mission-card__error" role="alert">
          {'text' in view.error ? view.error.text : t(view.error.key)}
        </p>
      )}
    </li>
  )
}

/** A list of missions, or a line saying there are none. */
export function MissionList({ actor, missions }: { actor: MissionActor; missions: Mission[] }) {
  const { t } = useT()
  if (missions.length === 0) return <p className="mission-panel__empty">{t('mission.empty')}</p>
  return (
    <ul className="mission-list">
      {missions.map((m) => (
        <MissionCard key={m.mission_id} actor={actor} mission={m} />
      ))}
    </ul>
  )
}
