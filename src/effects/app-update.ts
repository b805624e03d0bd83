import type { PageVisibilityEvent } from '../machines/app-update/app-update.machine.ts'

/** The id of the build the server serves now (`latest.json`, written by each build). */
export async function fetchLatestBuild(): Promise<string> {
  const response = await fetch('/latest.json', { cache: 'no-store' })
  if (!response.ok) throw new Error(`latest.json answered ${response.status}`)
  const body = (await response.json()) as { build_id?: unknown }
  if (typeof body.build_id !== 'string') throw new Error('latest.json names no build_id')
  return body.build_id
}

/** Tells `send` when the tab is hidden or shown again (at once, if it starts hidden). */
export function watchVisibility(send: (event: PageVisibilityEvent) => void): () => void {
  const report = () => send({ type: document.hidden ? 'page.hidden' : 'page.visible' })
  document.addEventListener('visibilitychange', report)
  if (document.hidden) report()
  return () => document.removeEventListener('visibilitychange', report)
}
