import { redirect } from '@tanstack/react-router'
import {
  AD_REWARD_MAINTENANCE_PATH,
  adRewardTarget,
  isAdRewardMaintenance,
} from '../../../domain/ad-reward.ts'
import { getAdRewardGacha } from '../../../effects/api/ad-reward.ts'
import { localizePath } from '../../../domain/locale.ts'
import type { RouterContext } from '../../../router-context.ts'

/**
 * SPEC.md §2 ad-reward rule: inside the maintenance window → maintenance page; otherwise to the
 * current `gacha_path` with the original query (a full navigation), or to /404 when there is none.
 * Loaded with the redirect (src/routes/lottery/ad_reward/index.tsx), not with the site.
 */
export async function adRewardRedirect(
  context: Pick<RouterContext, 'nowMs' | 'api' | 'app'>,
  searchStr: string,
): Promise<never> {
  if (isAdRewardMaintenance(Math.floor(context.nowMs() / 1000))) {
    // TanStack Router signals redirects by throwing them.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw redirect({ to: AD_REWARD_MAINTENANCE_PATH, replace: true })
  }
  const target = await getAdRewardGacha(context.api).then(
    (info) => adRewardTarget(info.gacha_path, searchStr),
    () => null,
  )
  const locale = context.app.getSnapshot().context.locale
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw redirect({
    href: target ?? localizePath('/404', locale),
    reloadDocument: true,
    replace: true,
  })
}
