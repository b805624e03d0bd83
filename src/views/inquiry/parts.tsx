import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import type { InquiryPage } from '../../machines/inquiry/inquiry.machine.ts'
import { useT } from '../app-context.tsx'
import { LoadFailed } from '../components/StatusBlocks.tsx'
import { StepList } from '../components/StepList.tsx'
import type { InquiryActor } from './inquiry-context.tsx'
import './inquiry.css'

/** The inquiry's three steps, the current one marked. */
export function InquirySteps({ current }: { current: InquiryPage }) {
  const { t } = useT()
  const steps = (['category', 'post', 'confirm'] as const).map((key) => ({
    key,
    text: t(`inquiry.step.${key}`),
  }))
  return <StepList steps={steps} current={current} label={t('inquiry.stepsLabel')} />
}

/** The page's content once the draft and the kinds are in; until then, loading or a retry. */
export function InquiryGate({ actor, children }: { actor: InquiryActor; children: ReactNode }) {
  const { t } = useT()
  const failed = useSelector(actor, (s) => s.matches('loadFailed'))
  const loading = useSelector(actor, (s) => s.matches('restoring') || s.matches('loading'))
  if (failed) {
    return (
      <LoadFailed
        message={t('inquiry.loadFailed')}
        onRetry={() => actor.send({ type: 'inquiry.retry' })}
      />
    )
  }
  if (loading) return <p aria-busy="true">{t('common.loading')}</p>
  return <>{children}</>
}

/** How many characters the text has (as the rule counts them), of how many it may have. */
export function CharCount({ id, text, max }: { id: string; text: string; max: number }) {
  const { t } = useT()
  const count = Array.from(text.trim()).length
  const over = count > max
  return (
    <p id={id} className={over ? 'inquiry__count inquiry__count--over' : 'inquiry__count'}>
      {t('inquiry.count', { count, max })}
    </p>
  )
}

/** A send that failed: the server's own words (too many) or ours, and a button to send again. */
export function SendFailed({
  message,
  onResend,
}: {
  message: string | null
  onResend: () => void
}) {
  const { t } = useT()
  return (
    <div className="notice notice--error inquiry__failed" role="alert">
      <p>{message ?? t('inquiry.sendFailed')}</p>
      <p>{t('inquiry.textKept')}</p>
      <button type="button" className="button button--ghost" onClick={onResend}>
        {t('inquiry.resend')}
      </button>
    </div>
  )
}
