import { useSelector } from '@xstate/react'
import { useAuthActor } from '../app-context.tsx'
import { LoginModal } from './LoginModal.tsx'
import { RegisterModal } from './RegisterModal.tsx'
import { SmsAuthModal } from './SmsAuthModal.tsx'

/** Login, registration and SMS authentication are modals over any page (SPEC.md §2). */
export function AuthModals() {
  const auth = useAuthActor()
  const login = useSelector(auth, (s) => s.matches({ login: 'open' }))
  const register = useSelector(auth, (s) => s.matches({ register: 'open' }))
  const sms = useSelector(auth, (s) => s.matches({ sms: 'open' }))
  return (
    <>
      {login && <LoginModal />}
      {register && <RegisterModal />}
      {sms && <SmsAuthModal />}
    </>
  )
}
