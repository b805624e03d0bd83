import { createFileRoute } from '@tanstack/react-router'

/** SPEC.md §2 ad-reward rule: a redirect only (./-redirect.ts), whose code loads with it. */
export const Route = createFileRoute('/lottery/ad_reward/')({
  beforeLoad: async ({ context, location }) =>
    (await import('./-redirect.ts')).adRewardRedirect(context, location.searchStr),
})
