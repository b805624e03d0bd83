import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { localizePath, splitLocalePath } from './domain/locale.ts'
import type { RouterContext } from './router-context.ts'
import { routeTree } from './routeTree.gen.ts'
import { PageError } from './views/pages/RouteError.tsx'

/**
 * The router. Locale prefixes live only in the public URL: the input rewrite strips `/en`,
 * `/zh-tw`, `/th`, and the output rewrite adds the active locale's prefix, so routes and links
 * are written once, without a locale.
 */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: false,
    // Each page has its own error boundary: a page that fails leaves the site around it working.
    defaultErrorComponent: PageError,
    scrollRestoration: true,
    rewrite: {
      input: ({ url }) => {
        url.pathname = splitLocalePath(url.pathname).path
        return url
      },
      output: ({ url }) => {
        url.pathname = localizePath(url.pathname, context.app.getSnapshot().context.locale)
        return url
      },
    },
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
