import type * as v from 'valibot'
import type {
  AnimationsAnswer,
  SiteDialogAnswer,
  SiteDialogSeenBody,
} from '../../contract/site-dialog.ts'
import type { Locale } from '../../domain/locale.ts'
import type { ApiClient } from './client.ts'

/** `GET /api/dialog`: the newest open dialog for a page (its path without a locale prefix). */
export const getSiteDialog = (api: ApiClient, path: string, locale: Locale) =>
  api.get<SiteDialogAnswer>('/api/dialog', { path, lang: locale })

/** `POST /api/dialog/seen` (JSON): a logged-in user closed the dialog; it never comes back. */
export const markSiteDialogSeen = (api: ApiClient, dialogId: number) =>
  api.postJson<{ ok: boolean }>('/api/dialog/seen', {
    dialog_id: dialogId,
  } satisfies v.InferInput<typeof SiteDialogSeenBody>)

/** `GET /api/animations`: the gift and rank animations the room plays. */
export const getAnimations = (api: ApiClient) => api.get<AnimationsAnswer>('/api/animations')

/** The session key under which an anonymous visitor's closed dialogs are kept for the tab. */
const CLOSED_KEY = 'kirari.closedDialogs'

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>

/** The dialogs this tab's anonymous visitor has closed (unreadable storage: none). */
export function readClosedDialogs(store: SessionStore): number[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(CLOSED_KEY) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : []
  } catch {
    return []
  }
}

/** Adds a closed dialog to the tab's list (storage refused: it may show again on a later page). */
export function rememberClosedDialog(store: SessionStore, dialogId: number): void {
  const closed = readClosedDialogs(store)
  if (closed.includes(dialogId)) return
  try {
    store.setItem(CLOSED_KEY, JSON.stringify([...closed, dialogId]))
  } catch {
    // Private mode or a full store: nothing else to do.
  }
}
