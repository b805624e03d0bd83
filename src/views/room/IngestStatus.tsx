import { useSelector } from '@xstate/react'
import { useId } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { IngestStatus, IngestVideo } from '../../contract/ingest.ts'
import type { IngestWarning } from '../../domain/ingest.ts'
import { languageTag, type Locale } from '../../domain/locale.ts'
import type { ingestStatusMachine } from '../../machines/ingest-status/ingest-status.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import './ingest-status.css'

type IngestActor = ActorRefFrom<typeof ingestStatusMachine>
type T = (key: string, params?: Record<string, unknown>) => string

const number = (locale: Locale, n: number, digits: { min?: number; max: number }) =>
  new Intl.NumberFormat(languageTag(locale), {
    minimumFractionDigits: digits.min ?? 0,
    maximumFractionDigits: digits.max,
  }).format(n)

/**
 * "受信状況" in the broadcaster menu (issue #38): what the media host receives from OBS —
 * resolution, frame rate, bitrate, keyframe interval, the qualities delivered to viewers — and
 * warnings in plain words with the fix. Started while the menu is shown (it asks every 5 s).
 */
export function IngestStatusSection({
  logic,
  roomId,
}: {
  logic: typeof ingestStatusMachine
  roomId: number
}) {
  const { t } = useT()
  const id = useId()
  const actor = usePageActor(logic, { input: { roomId } })
  const phase = useSelector(actor, (s) =>
    s.matches('refused')
      ? 'refused'
      : s.matches('failed')
        ? 'failed'
        : s.context.answer === null
          ? 'loading'
          : 'shown',
  )
  return (
    <section className="ingest" aria-labelledby={id} data-testid="ingest-status">
      <h3 id={id}>{t('owner.ingest')}</h3>
      {phase === 'loading' && <p aria-busy="true">{t('common.loading')}</p>}
      {(phase === 'failed' || phase === 'refused') && <Problem actor={actor} />}
      {phase === 'shown' && <Received actor={actor} />}
    </section>
  )
}

/** Why nothing is shown, and a retry (a failure is also retried by itself). */
function Problem({ actor }: { actor: IngestActor }) {
  const { t } = useT()
  const key = useSelector(actor, (s) =>
    s.matches('refused')
      ? 'owner.ingestRefused'
      : s.context.problem === 'unreachable'
        ? 'owner.ingestUnreachable'
        : 'owner.ingestFailed',
  )
  return (
    <div className="ingest__problem">
      <p role="status">{t(key)}</p>
      <button
        type="button"
        className="button button--ghost"
        onClick={() => actor.send({ type: 'ingest.retry' })}
      >
        {t('common.retry')}
      </button>
    </div>
  )
}

function Received({ actor }: { actor: IngestActor }) {
  const { t, locale } = useT()
  const ingest = useSelector(actor, (s) => s.context.answer?.ingest ?? null)
  const receiving = ingest !== null && ingest.receiving
  // On air with the encoder gone (a network blip, OBS stopped): the live waits for it a while.
  const lost =
    useSelector(actor, (s) => s.context.answer?.on_air === true) && ingest !== null && !receiving
  const warnings = useSelector(actor, (s) => s.context.warnings)
  return (
    <>
      {receiving && ingest.video && <Figures ingest={ingest} video={ingest.video} />}
      {receiving && ingest.renditions.length > 0 && <Renditions ingest={ingest} />}
      {/* Announced when it changes: the figures below it change every few seconds and are not. */}
      <div role="status" aria-live="polite" className="ingest__state">
        {lost && (
          <ul className="ingest__warnings">
            <li>{t('owner.ingestLost')}</li>
          </ul>
        )}
        {!receiving && !lost && (
          <>
            <p className="ingest__idle">{t('owner.ingestIdle')}</p>
            <p className="field__hint">{t('owner.ingestIdleHint')}</p>
          </>
        )}
        {receiving && !ingest.video && !ingest.stalled && <p>{t('owner.ingestWaiting')}</p>}
        {warnings.length > 0 && (
          <ul className="ingest__warnings">
            {warnings.map((w) => (
              <li key={w.code}>{warningText(w, t, locale)}</li>
            ))}
          </ul>
        )}
        {receiving && ingest.video && warnings.length === 0 && (
          <p className="ingest__ok">{t('owner.ingestOk')}</p>
        )}
      </div>
    </>
  )
}

function Figures({ ingest, video }: { ingest: IngestStatus; video: IngestVideo }) {
  const { t, locale } = useT()
  return (
    <dl className="ingest__figures">
      <dt>{t('owner.ingestResolution')}</dt>
      <dd data-testid="ingest-resolution">{`${video.width}×${video.height}`}</dd>
      <dt>{t('owner.ingestFrameRate')}</dt>
      <dd>{t('owner.ingestFps', { fps: number(locale, video.frame_rate, { max: 2 }) })}</dd>
      <dt>{t('owner.ingestBitrate')}</dt>
      <dd data-testid="ingest-bitrate">
        {t('owner.ingestKbps', { kbps: number(locale, video.kbps, { max: 0 }) })}
      </dd>
      {ingest.audio && (
        <>
          <dt>{t('owner.ingestAudio')}</dt>
          <dd>{t('owner.ingestKbps', { kbps: number(locale, ingest.audio.kbps, { max: 0 }) })}</dd>
        </>
      )}
      <dt>{t('owner.ingestKeyframe')}</dt>
      <dd data-testid="ingest-keyframe">
        {video.keyframe_interval > 0
          ? t('owner.ingestSeconds', {
              seconds: number(locale, video.keyframe_interval, { min: 1, max: 1 }),
            })
          : t('owner.ingestUnknown')}
      </dd>
    </dl>
  )
}

/** The qualities the ladder delivers to viewers, the source first. */
function Renditions({ ingest }: { ingest: IngestStatus }) {
  const { t } = useT()
  const id = useId()
  return (
    <div className="ingest__renditions">
      <p id={id} className="ingest__label">
        {t('owner.ingestRenditions')}
      </p>
      <ul aria-labelledby={id}>
        {ingest.renditions.map((r) => (
          <li key={r.name} className={r.running ? undefined : 'ingest__rendition--stopped'}>
            {r.name === 'source' ? t('owner.ingestSource') : r.name}{' '}
            <span className="ingest__size">{`${r.width}×${r.height}`}</span>
            {!r.running && ` (${t('owner.ingestStopped')})`}
          </li>
        ))}
      </ul>
    </div>
  )
}

function warningText(w: IngestWarning, t: T, locale: Locale): string {
  const key = `owner.ingestWarn.${w.code}`
  switch (w.code) {
    case 'keyframeLong':
      return t(key, { seconds: number(locale, w.seconds, { max: 1 }) })
    case 'bitrateHigh':
    case 'bitrateLow':
      return t(key, { kbps: number(locale, w.kbps, { max: 0 }) })
    case 'frameRateLow':
      return t(key, { fps: number(locale, w.fps, { max: 1 }) })
    case 'stalled':
    case 'keyframeIrregular':
      return t(key)
  }
}
