import { toast } from 'sonner'
import type { Notice } from '../domain/api-failure.ts'

/** SPEC.md §9: success and error 3000 ms (top-right), 'show' 2000 ms (top-centre). */
export const TOAST_LIMIT = 20
export const TOAST_DURATION = { success: 3000, error: 3000, show: 2000 } as const

export function showNotice(notice: Notice, translate: (key: string) => string): void {
  const message = 'text' in notice ? notice.text : translate(notice.key)
  if (notice.tone === 'success') toast.success(message, { duration: TOAST_DURATION.success })
  else if (notice.tone === 'error') toast.error(message, { duration: TOAST_DURATION.error })
  else toast(message, { duration: TOAST_DURATION.show, position: 'top-center' })
}
