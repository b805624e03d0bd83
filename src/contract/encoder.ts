import * as v from 'valibot'
import type { VoteResult } from '../domain/gifts.ts'
import { FlagOr, Id, OptionalText, Text } from './common.ts'
import type { Ok } from './common.ts'
import type { TelopAnswer } from './live.ts'

/** `POST /api/encoder/{delete_telop,live_end,enquete_end}` (form): the owner's open live. */
export const LiveIdBody = v.object({ live_id: Id })
export type LiveIdBody = v.InferInput<typeof LiveIdBody>

/**
 * `POST /api/encoder/post_telop` (form): one line of text (line breaks become spaces), 1–60
 * characters once hidden characters are taken out; 1000 bounds what is read.
 */
export const PostTelopBody = v.object({ live_id: Id, telop: Text(1000) })
export type PostTelopBody = v.InferInput<typeof PostTelopBody>

/** The telop saved (or removed: ''), as everyone watching now has it. */
export interface TelopSavedAnswer extends Ok, TelopAnswer {}

/** `POST /api/encoder/live_start` (form): room_id; is_restart 1 continues a live that just ended. */
export const LiveStartBody = v.object({ room_id: Id, is_restart: FlagOr(false) })
export type LiveStartBody = v.InferInput<typeof LiveStartBody>

export interface LiveStartAnswer extends Ok {
  live_id: number
  bcsvr_key: string
  is_restart: boolean
}

export interface LiveEndAnswer extends Ok {
  live_id: number
}

/** `POST /api/encoder/enquete_start` (form): a vote with `options` answers, 2–10 (5 if left out). */
export const EnqueteStartBody = v.object({ live_id: Id, options: OptionalText(2) })
export type EnqueteStartBody = v.InferInput<typeof EnqueteStartBody>

export interface EnqueteStartAnswer extends Ok {
  enquete_id: number
  options: number
}

export interface EnqueteEndAnswer extends Ok {
  results: VoteResult[]
}
