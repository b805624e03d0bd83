import { useEffect, useSyncExternalStore } from 'react'
import { useSelector } from '@xstate/react'
import type { AuthActor } from '../../auth-port.ts'
import { AuthActorContext, useAuth } from '../app-context.tsx'
import { useModule, whenIdle } from '../use-module.ts'

const loadViews = () => import('./auth-modal-views.ts')

/**
 * Login, registration and SMS authentication are modals over any page (SPEC.md §2). Neither
 * their machine nor their views are part of the first page's code: both load when the page is
 * idle, or when a modal is asked for.
 */
export function AuthModals() {
  const port = useAuth()
  const actor = useSyncExternalStore(port.subscribe, port.current, port.current)
  useEffect(
    () =>
      whenIdle(() => {
        port.load().catch(() => {})
        loadViews().catch(() => {})
      }),
    [port],
  )
  // Back from X or Facebook (server/api/social.ts callback): the result goes to the auth machine.
  // Its reader loads only then, not with every first page.
  useEffect(() => {
    if (!/[?&]social=/.test(location.search)) return
    let left = false
    import('../../effects/social-callback.ts').then(
      ({ readSocialCallback, socialCallbackEvent, withoutSocialCallback }) => {
        const callback = left ? null : readSocialCallback(location.search)
        if (!callback) return
        history.replaceState(history.state, '', withoutSocialCallback(location.href))
        port.send(socialCallbackEvent(callback))
      },
      () => {},
    )
    return () => {
      left = true
    }
  }, [port])
  return actor ? <OpenModals actor={actor} /> : null
}

function OpenModals({ actor }: { actor: AuthActor }) {
  const login = useSelector(actor, (s) => s.matches({ login: 'open' }))
  const register = useSelector(actor, (s) => s.matches({ register: 'open' }))
  const sms = useSelector(actor, (s) => s.matches({ sms: 'open' }))
  const social = useSelector(actor, (s) => s.matches({ socialSignup: 'open' }))
  const views = useModule(loadViews, login || register || sms || social)
  if (!views) return null
  const { LoginModal, RegisterModal, SmsAuthModal, SocialSignupModal } = views
  return (
    <AuthActorContext.Provider value={actor}>
      {login && <LoginModal />}
      {register && <RegisterModal />}
      {sms && <SmsAuthModal />}
      {social && <SocialSignupModal />}
    </AuthActorContext.Provider>
  )
}
