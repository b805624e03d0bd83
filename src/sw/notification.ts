// What the service worker (sw.ts) does with a push message and a tap on its notification, kept
// free of service-worker types so that it is tested like any module (issue #41).

/** The JSON the server sends (server/services/web-push/sender.ts PushPayload). */
export interface PushNotice {
  title: string
  body: string
  icon: string
  /** Where a tap leads: a page of this site. */
  url: string
  tag: string
}

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.trim() !== '' ? value : fallback

/** A page of `origin` only: anything else (another site, a bad URL) leads to the home page. */
export function sameOriginUrl(value: unknown, origin: string): string {
  try {
    const url = new URL(typeof value === 'string' ? value : '/', origin)
    return url.origin === origin ? url.toString() : `${origin}/`
  } catch {
    return `${origin}/`
  }
}

/** The notification a push message shows; a message that is not the server's JSON still shows. */
export function noticeFromPush(data: string | null, origin: string): PushNotice {
  let parsed: Record<string, unknown> = {}
  try {
    const value: unknown = data === null ? null : JSON.parse(data)
    if (typeof value === 'object' && value !== null) parsed = value as Record<string, unknown>
  } catch {
    parsed = { body: data ?? '' }
  }
  return {
    title: text(parsed.title, 'Kirari'),
    body: text(parsed.body, ''),
    icon: parsed.icon === '' ? '' : sameOriginUrl(parsed.icon ?? '/icons/icon-192.png', origin),
    url: sameOriginUrl(parsed.url, origin),
    tag: text(parsed.tag, 'kirari'),
  }
}

/** `showNotification`'s options for a notice: a tap opens `data.url`. */
export function notificationOptions(notice: PushNotice, origin: string): NotificationOptions {
  return {
    body: notice.body,
    ...(notice.icon && { icon: notice.icon }),
    badge: `${origin}/icons/icon-192.png`,
    tag: notice.tag,
    lang: 'ja',
    data: { url: notice.url },
  }
}

/** Where a tap on a notification leads (its `data.url`, of this site only). */
export function tapTarget(data: unknown, origin: string): string {
  const url =
    typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined
  return sameOriginUrl(url, origin)
}

/**
 * Which open window a tap uses: one already at the page (focused), else one of the site's to
 * take there; none: a new window is opened.
 */
export function windowForTap<T extends { url: string }>(
  windows: readonly T[],
  target: string,
): { window: T; navigate: boolean } | null {
  const there = windows.find((w) => w.url === target)
  if (there) return { window: there, navigate: false }
  const any = windows[0]
  return any ? { window: any, navigate: true } : null
}
