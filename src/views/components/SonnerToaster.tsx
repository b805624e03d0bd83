import { useEffect } from 'react'
import { Toaster } from 'sonner'
import { TOAST_LIMIT, toasterListening } from '../../effects/toasts.ts'

/** One toaster: newest on top, 20 at most, top-right (the 'show' tone asks for top-centre). */
export default function SonnerToaster() {
  // Runs after the Toaster's own effects, so sonner is listening by now.
  useEffect(toasterListening, [])
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
