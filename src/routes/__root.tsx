import {
  Outlet,
  createRootRouteWithContext,
  lazyRouteComponent,
  redirect,
  useLocation,
  useMatches,
} from '@tanstack/react-router'
import { DEFAULT_LOCALE, splitLocalePath } from '../domain/locale.ts'
import type { RouterContext } from '../router-context.ts'
import { AuthModals } from '../views/auth/AuthModals.tsx'
import { AppToaster } from '../views/components/AppToaster.tsx'
import { SiteLayout } from '../views/layouts/SiteLayout.tsx'
import { RouteError } from '../views/pages/RouteError.tsx'
import { SiteDialogSlot } from '../views/site-dialog/SiteDialogSlot.tsx'

export const Route = createRootRouteWithContext<RouterContext>()({
  // SPEC.md §2: before every route, the locale of the URL, the current user, the on-air count
  // and the age gate.
  beforeLoad: async ({ context, location }) => {
    const publicPath = new URL(location.publicHref, 'http://kirari.invalid').pathname
    const urlLocale = splitLocalePath(publicPath).locale ?? DEFAULT_LOCALE
    if (urlLocale !== context.app.getSnapshot().context.locale) {
      await context.loadMessages(urlLocale)
      context.app.send({ type: 'locale.sync', locale: urlLocale })
    }
    const { redirectTo } = await context.guardNavigation(location.pathname)
    if (redirectTo !== null && redirectTo !== location.pathname) {
      throw redirect({ to: redirectTo, replace: true })
    }
  },
  component: Root,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
})

function Root() {
  const layout = useMatches({ select: (matches) => matches.at(-1)?.staticData.layout ?? 'default' })
  return (
    <>
      <SiteLayout kind={layout}>
        <Outlet />
      </SiteLayout>
      <AuthModals />
      <AppToaster />
      <SiteDialogSlot />
    </>
  )
}

// Most visits never meet it: its code loads when one does.
const NotFoundPage = lazyRouteComponent(
  () => import('../views/pages/NotFoundPage.tsx'),
  'NotFoundPage',
)

function NotFound() {
  const path = useLocation({ select: (l) => l.pathname })
  return <NotFoundPage path={path} />
}
