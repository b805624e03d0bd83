import { Toaster } from 'sonner'
import { TOAST_LIMIT } from '../../effects/toasts.ts'

/** One toaster: newest on top, 20 at most, top-right (the 'show' tone asks for top-centre). */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      visibleToasts={TOAST_LIMIT}
      richColors
      closeButton
      expand={false}
    />
  )
}
