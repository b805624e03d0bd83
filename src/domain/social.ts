/**
 * What a provider's callback tells the app (`/?social=…&result=…`; src/contract/social.ts):
 * here, without the contract's schemas, so the app shell reads a callback without loading them.
 */
export const SOCIAL_RESULTS = ['done', 'no_user', 'register', 'linked', 'error'] as const
export type SocialResult = (typeof SOCIAL_RESULTS)[number]
