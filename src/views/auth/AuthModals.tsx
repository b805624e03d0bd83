import { useEffect, useState } from 'react'
import { useSelector } from '@xstate/react'
import { useAuthActor } from '../app-context.tsx'
import { useModule, whenIdle } from '../use-module.ts'

const loadViews = () => import('./auth-modal-views.ts')

/**
 * Login, registration and SMS authentication are modals over any page (SPEC.md §2). Their views
 * are not part of the first page's code: they load when the page is idle, or when one opens.
 */
export function AuthModals() {
  const auth = useAuthActor()
  const login = useSelector(auth, (s) => s.matches({ login: 'open' }))
  const register = useSelector(auth, (s) => s.matches({ register: 'open' }))
  const sms = useSelector(auth, (s) => s.matches({ sms: 'open' }))
  const [idle, setIdle] = useState(false)
  useEffect(() => whenIdle(() => setIdle(true)), [])
  const views = useModule(loadViews, idle || login || register || sms)
  if (!views) return null
  const { LoginModal, RegisterModal, SmsAuthModal } = views
  return (
    <>
      {login && <LoginModal />}
      {register && <RegisterModal />}
      {sms && <SmsAuthModal />}
    </>
  )
}
