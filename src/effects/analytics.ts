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
