import * as v from 'valibot'
import { LOCALES } from '../domain/locale.ts'
import { Id } from './common.ts'

/*
 * Site dialogs and animations (issue #22; SPEC.md §7 `/api/dialog`, `/api/animations`).
 */

/** `GET /api/dialog` query: `path` (a site path, with or without its locale prefix), optional `lang`. */
export const DialogQuery = v.object({
  path: v.pipe(v.string(), v.startsWith('/'), v.maxLength(500)),
  lang: v.optional(v.picklist(LOCALES)),
})

/** `GET /api/dialog`: the newest open dialog the caller has not closed yet, or null. */
export interface SiteDialogAnswer {
  dialog: {
    dialog_id: number
    title: string
    body: string
    /** A site path; '' when none. */
    image_url: string
    /** A site path or https address the dialog's button opens; '' for none. */
    link_url: string
    link_label: string
  } | null
}

/** `POST /api/dialog/seen`: closed; a logged-in user never gets it again (anonymous: per session). */
export const SiteDialogSeenBody = v.object({ dialog_id: Id })

export const ANIMATION_KINDS = ['gift', 'rank_up'] as const
export type AnimationKind = (typeof ANIMATION_KINDS)[number]

/** The effects the app can draw (CSS keyframes in the room). */
export const ANIMATION_EFFECTS = ['burst', 'rain', 'float', 'fanfare'] as const
export type AnimationEffect = (typeof ANIMATION_EFFECTS)[number]

export interface Animation {
  animation_id: number
  kind: AnimationKind
  /** The gift it plays for (`gift` kind); null for `rank_up`. */
  gift_id: number | null
  /** It plays when one gift push carries at least this many. */
  min_num: number
  effect: AnimationEffect
  duration_ms: number
}

/** `GET /api/animations`: every animation, cacheable. */
export interface AnimationsAnswer {
  animations: Animation[]
}
