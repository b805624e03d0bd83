/** A page-view sink: SPEC.md §2 sends one after every navigation. Off unless configured. */
export interface PageViewSink {
  pageView(view: { path: string; title: string; locale: string }): void
}

export const noPageViews: PageViewSink = { pageView() {} }

/** Sends each page view as a small JSON beacon to `url` (PAGE_VIEW_URL on the server). */
export function beaconPageViews(url: string): PageViewSink {
  return {
    pageView(view) {
      const body = JSON.stringify({
        ...view,
        at: new Date().toISOString(),
        referrer: document.referrer,
      })
      if (!navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) {
        void fetch(url, { method: 'POST', body, keepalive: true, mode: 'no-cors' }).catch(() => {})
      }
    },
  }
}

/** Whether a path belongs to the shop's own analytics property (SPEC §9: paths under /povo_ec/). */
export const isShopPath = (path: string) => /^(\/(en|zh-tw|th))?\/povo_ec(\/|$)/.test(path)

/**
 * The site's page views: the main property (PAGE_VIEW_URL) gets every page, the shop's
 * (SHOP_PAGE_VIEW_URL) only the pages under /povo_ec/. Either is off when not configured.
 */
export function pageViewSinks(
  urls: { page_view_url: string | null; shop_page_view_url: string | null },
  beacon: (url: string) => PageViewSink = beaconPageViews,
): PageViewSink {
  const main = urls.page_view_url ? beacon(urls.page_view_url) : noPageViews
  const shop = urls.shop_page_view_url ? beacon(urls.shop_page_view_url) : noPageViews
  return {
    pageView(view) {
      main.pageView(view)
      if (isShopPath(view.path)) shop.pageView(view)
    },
  }
}
