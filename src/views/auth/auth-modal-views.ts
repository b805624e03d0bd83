// The auth modals' views, one chunk loaded when the first of them opens (AuthModals.tsx).
export { LoginModal } from './LoginModal.tsx'
export { RegisterModal } from './RegisterModal.tsx'
export { SmsAuthModal } from './SmsAuthModal.tsx'
export { SocialSignupModal } from './SocialSignupModal.tsx'
