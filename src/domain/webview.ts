/** Marker our own apps put in their user agent. */
export const APP_UA_MARKER = 'KirariApp'

/**
 * SPEC.md §6: the product's app, iOS and Android web views and any non-desktop device count as
 * webview clients, which skip the age gate (the app runs its own).
 */
export function isWebviewClient(userAgent: string): boolean {
  if (userAgent.includes(APP_UA_MARKER)) return true
  if (/\bwv\)/.test(userAgent) || /; wv\b/.test(userAgent)) return true
  if (/(iPhone|iPod|iPad).*AppleWebKit(?!.*Safari)/.test(userAgent)) return true
  return /Android|iPhone|iPod|iPad|Mobile|Silk|Kindle|BlackBerry|Opera Mini|IEMobile/.test(
    userAgent,
  )
}
