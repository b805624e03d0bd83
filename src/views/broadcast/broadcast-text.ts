import type { BroadcastProblem, EndReason } from '../../machines/broadcast/broadcast.machine.ts'

type T = (key: string, params?: Record<string, unknown>) => string

/** WHIP statuses with their own explanation (src/contract/whip.ts); others get the general one. */
const EXPLAINED = new Set([0, 400, 401, 403, 404, 406, 409, 413, 415, 503])

/** A problem in plain words; a refusal keeps the site's own text beside its explanation. */
export function problemText(problem: BroadcastProblem, t: T): { text: string; detail: string } {
  switch (problem.kind) {
    case 'camera':
      return { text: t(`broadcast.camera.${problem.reason}`), detail: '' }
    case 'refused':
      return {
        text: EXPLAINED.has(problem.status)
          ? t(`broadcast.refused.s${problem.status}`)
          : t('broadcast.refused.other', { status: problem.status }),
        detail: problem.message,
      }
    default:
      return { text: t(`broadcast.problem.${problem.kind}`), detail: '' }
  }
}

/** Why the live is over. */
export const endText = (reason: EndReason, end: string | null, t: T) =>
  reason === 'window' && end ? t('broadcast.ended.window', { end }) : t(`broadcast.ended.${reason}`)
