import { useSelector } from '@xstate/react'
import type { DailyMissions, LimitedMissions, MonthlyMissions } from '../../contract/mission.ts'
import { DAILY_PERIODS } from '../../domain/missions.ts'
import { setMissions } from '../../machines/mission/mission.lists.ts'
import { secondsToSwitch } from '../../machines/mission/mission.machine.ts'
import { useT } from '../app-context.tsx'
import { countdownParts } from '../event/parts.tsx'
import { formatTokyo, formatTokyoDate } from '../tokyo-time.ts'
import { MissionList } from './MissionCard.tsx'
import type { MissionActor } from './types.ts'

/** The countdown to the daily switch; only this line re-renders each second. */
function SwitchCountdown({ actor, open }: { actor: MissionActor; open: 'day' | 'night' }) {
  const { t } = useT()
  const seconds = useSelector(actor, (s) => secondsToSwitch(s.context))
  if (seconds === null) return null
  const { clock } = countdownParts(seconds * 1000)
  return (
    <p className="mission-panel__countdown" role="timer" data-testid="mission-countdown">
      {t(open === 'day' ? 'mission.toNight' : 'mission.toDay', { clock })}
    </p>
  )
}

/**
 * The daily missions: the day/night switch with the set open now first, the countdown to the
 * other set, and the chosen set's missions (the one not open yet says so).
 */
export function DailyGenre({ actor, daily }: { actor: MissionActor; daily: DailyMissions }) {
  const { t } = useT()
  const chosen = useSelector(actor, (s) => s.context.period)
  const open = daily.current_period
  const shown = chosen ?? open
  const order = [open, ...DAILY_PERIODS.filter((p) => p !== open)]
  return (
    <>
      <div className="mission-switch" role="group" aria-label={t('mission.periods')}>
        {order.map((p) => (
          <button
            key={p}
            type="button"
            className="chip mission-switch__option"
            aria-pressed={p === shown}
            onClick={() => actor.send({ type: 'mission.period', period: p })}
          >
            <span>
              {t(`mission.period.${p}`)}
              {p === open && <span className="mission-switch__now">{t('mission.now')}</span>}
            </span>
            <span className="mission-switch__hours">{t(`mission.hours.${p}`)}</span>
          </button>
        ))}
      </div>
      <SwitchCountdown actor={actor} open={open} />
      {shown !== open && <p className="mission-panel__note">{t('mission.notStarted')}</p>}
      <MissionList
        actor={actor}
        missions={setMissions(shown === 'day' ? daily.day : daily.night)}
      />
    </>
  )
}

/** The month's missions, with the moment they end. */
export function MonthlyGenre({
  actor,
  monthly,
}: {
  actor: MissionActor
  monthly: MonthlyMissions
}) {
  const { t, locale } = useT()
  return (
    <>
      <p className="mission-panel__note">
        {t('mission.until', { date: formatTokyo(monthly.ends_at, locale) })}
      </p>
      <MissionList actor={actor} missions={setMissions(monthly)} />
    </>
  )
}

/** A limited campaign: its words, each period (the current one marked) and its every-day ones. */
export function LimitedGenre({
  actor,
  limited,
}: {
  actor: MissionActor
  limited: LimitedMissions
}) {
  const { t, locale } = useT()
  const span = (start: number, end: number) =>
    t('mission.span', { start: formatTokyoDate(start, locale), end: formatTokyoDate(end, locale) })
  return (
    <>
      <h3 className="mission-panel__campaign">{limited.title}</h3>
      {limited.description && <p className="mission-panel__note">{limited.description}</p>}
      <p className="mission-panel__note">{span(limited.starts_at, limited.ends_at)}</p>
      {limited.periods.map((p) => (
        <section
          key={p.period_no}
          className="mission-period"
          aria-labelledby={`mission-period-${p.period_no}`}
          data-current={p.is_current || undefined}
        >
          <h4 id={`mission-period-${p.period_no}`}>
            {p.title}
            {p.is_current && <span className="mission-switch__now">{t('mission.now')}</span>}
          </h4>
          <p className="mission-panel__note">{span(p.starts_at, p.ends_at)}</p>
          <MissionList actor={actor} missions={p.mission} />
        </section>
      ))}
      {limited.all_days_mission.length > 0 && (
        <section className="mission-period" aria-labelledby="mission-all-days">
          <h4 id="mission-all-days">{t('mission.allDays')}</h4>
          <MissionList actor={actor} missions={limited.all_days_mission} />
        </section>
      )}
    </>
  )
}
