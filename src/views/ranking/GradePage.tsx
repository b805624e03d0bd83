import { shallowEqual, useSelector } from '@xstate/react'
import type { GradeSummary, RoomGradeAnswer } from '../../contract/grade.ts'
import { meterPosition } from '../../domain/grades.ts'
import { secondsLeft, type gradeMachine } from '../../machines/grade/grade.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { LoadFailed } from '../components/StatusBlocks.tsx'
import { countdownParts } from '../event/parts.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import './standing.css'

/** A grade's mark inside its frame (decorative: the caption beside it names the grade). */
function GradeMark({ image, frame }: { image: string; frame: string }) {
  return (
    <span className="grade-mark">
      <img src={image} alt="" width={96} height={96} />
      {frame && <img className="grade-mark__frame" src={frame} alt="" width={96} height={96} />}
    </span>
  )
}

/** The meter: this week's score between the held grade's borders, each border marked. */
function Meter({ grade }: { grade: RoomGradeAnswer }) {
  const { t, locale } = useT()
  const number = (n: number) => new Intl.NumberFormat(locale).format(n)
  const position = Math.max(0, Math.min(100, grade.room_grade_meter_position))
  return (
    <div className="grade-meter">
      <div
        className="grade-meter__bar"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={position}
        aria-label={t('grade.meter')}
        data-testid="grade-meter"
      >
        <span className="grade-meter__fill" style={{ width: `${position}%` }} />
        {grade.room_grade_border_list.map((b) => (
          <span
            key={b.room_grade_id}
            className="grade-meter__border"
            style={{ left: `${meterPosition(grade.starting_room_grade_id, b.score)}%` }}
            aria-hidden="true"
          />
        ))}
      </div>
      <ul className="grade-meter__borders">
        {grade.room_grade_border_list.map((b) => (
          <li key={b.room_grade_id}>
            {t(
              b.room_grade_id > grade.starting_room_grade_id
                ? 'grade.borderUp'
                : b.room_grade_id < grade.starting_room_grade_id
                  ? 'grade.borderDown'
                  : 'grade.borderKeep',
              { name: b.name, score: number(b.score) },
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

const nameOf = (grade: RoomGradeAnswer, id: number) =>
  grade.room_grade_list.find((g) => g.room_grade_id === id)?.name ?? ''

/** Last week's aggregation: the grade before and after, and the week's score. */
function LastWeek({ grade }: { grade: RoomGradeAnswer }) {
  const { t, locale } = useT()
  const mark = (g: GradeSummary | null) =>
    g ? <GradeMark image={g.image_url} frame={g.frame_image_url} /> : null
  return (
    <section className="standing__card" aria-labelledby="grade-last-week">
      <h2 id="grade-last-week">{t('grade.lastWeek')}</h2>
      <p className="grade__change" data-testid="grade-last-week">
        {mark(grade.room_grade_before_aggregation)}
        <span aria-hidden="true">→</span>
        {mark(grade.room_grade_after_aggregation)}
      </p>
      <p>
        {t('grade.lastWeekChange', {
          before: grade.room_grade_before_aggregation?.name ?? '',
          after: grade.room_grade_after_aggregation?.name ?? '',
        })}
      </p>
      <p>
        {t('grade.lastWeekScore', {
          score: new Intl.NumberFormat(locale).format(grade.last_week_score),
        })}
      </p>
    </section>
  )
}

/**
 * `/room/show_grade`: the grade the owner's room holds this week and the one its score leads to,
 * the meter with its borders, the week's score, the countdown to the aggregation (or "集計中"),
 * and last week's move.
 */
export function GradePage({
  logic,
  roomUrlKey,
  nowMs,
}: {
  logic: typeof gradeMachine
  roomUrlKey: string
  nowMs: number
}) {
  const { t, locale } = useT()
  const actor = usePageActor(logic, { input: { roomUrlKey, nowMs } })
  const view = useSelector(
    actor,
    (s) => ({
      grade: s.context.grade,
      state: s.matches('noRoom')
        ? 'noRoom'
        : s.matches('official')
          ? 'official'
          : s.matches('failed')
            ? 'failed'
            : s.matches('aggregating')
              ? 'aggregating'
              : 'counting',
      left: secondsLeft(s.context),
    }),
    shallowEqual,
  )
  useDocumentTitle(t('grade.title'))
  const { grade } = view

  let body
  if (view.state === 'noRoom') body = <p role="note">{t('grade.noRoom')}</p>
  else if (view.state === 'official') body = <p role="note">{t('grade.official')}</p>
  else if (view.state === 'failed' && !grade)
    body = (
      <LoadFailed
        message={t('grade.loadFailed')}
        onRetry={() => actor.send({ type: 'grade.retry' })}
      />
    )
  else if (!grade) body = <p aria-busy="true">{t('common.loading')}</p>
  else {
    const { days, clock } = countdownParts(view.left * 1000)
    const number = (n: number) => new Intl.NumberFormat(locale).format(n)
    body = (
      <>
        <section className="standing__card grade__now" aria-labelledby="grade-now">
          <h2 id="grade-now">{t('grade.thisWeek')}</h2>
          <div className="grade__marks">
            <figure>
              <GradeMark
                image={grade.starting_room_grade_image_url}
                frame={grade.starting_room_grade_frame_image_url}
              />
              <figcaption data-testid="grade-held">
                {t('grade.held', { name: nameOf(grade, grade.starting_room_grade_id) })}
              </figcaption>
            </figure>
            <figure>
              <GradeMark image={grade.image_url} frame={grade.frame_image_url} />
              <figcaption>
                {t('grade.heading', { name: nameOf(grade, grade.current_room_grade_id) })}
              </figcaption>
            </figure>
          </div>
          <p className="grade__score" data-testid="grade-score">
            {t('grade.score', { score: number(grade.score) })}
          </p>
          <Meter grade={grade} />
          {view.state === 'aggregating' ? (
            <p className="grade__countdown" role="status" data-testid="grade-aggregating">
              {t('grade.aggregating')}
            </p>
          ) : (
            <p className="grade__countdown" role="timer" data-testid="grade-countdown">
              {t('grade.countdown', { days, clock })}
            </p>
          )}
          {view.state === 'failed' && (
            <LoadFailed
              message={t('grade.loadFailed')}
              onRetry={() => actor.send({ type: 'grade.retry' })}
            />
          )}
        </section>
        {grade.exist_last_week_room_grade && <LastWeek grade={grade} />}
      </>
    )
  }
  return (
    <article className="standing" aria-labelledby="grade-title">
      <h1 id="grade-title">{t('grade.title')}</h1>
      {body}
    </article>
  )
}
