import { createFileRoute, redirect } from '@tanstack/react-router'
import {
  AD_REWARD_MAINTENANCE_PATH,
  adRewardTarget,
  isAdRewardMaintenance,
} from '../../../domain/ad-reward.ts'
import { localizePath } from '../../../domain/locale.ts'

/**
 * SPEC.md §2 ad-reward rule: inside the maintenance window → maintenance page; otherwise to the
 * current `gacha_path` with the original query (a full navigation), or to /404 when there is none.
 */
export const Route = createFileRoute('/lottery/ad_reward/')({
  beforeLoad: async ({ context, location }) => {
    if (isAdRewardMaintenance(Math.floor(context.nowMs() / 1000))) {
      throw redirect({ to: AD_REWARD_MAINTENANCE_PATH, replace: true })
    }
    // The ad-reward API loads with this redirect, not with the site.
    const { getAdRewardGacha } = await import('../../../effects/api/ad-reward.ts')
    const target = await getAdRewardGacha(context.api).then(
      (info) => adRewardTarget(info.gacha_path, location.searchStr),
      () => null,
    )
    const locale = context.app.getSnapshot().context.locale
    throw redirect({
      href: target ?? localizePath('/404', locale),
      reloadDocument: true,
      replace: true,
    })
  },
})
