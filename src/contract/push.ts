import * as v from 'valibot'

/**
 * The push socket's frames (`MSG\t<key>\t<json>`), one schema per `t`, shared by the server that
 * builds them and the app that reads them. SHOWROOM's own (fixtures/showroom-api/
 * broadcast_ws_messages.json): comment "1", gift "2", telop 8, live end 101; Kirari's: vote
 * start 3 and end 4, welcome comment 201, system log 202, event standing 203, event ranking 204,
 * live interrupted 205. The server builds each with its builder (the types hold it to the
 * schema); the app parses with `parsePushPayload`, and a frame that does not fit is dropped,
 * never filled in with guesses.
 */

const int = v.pipe(v.number(), v.integer())
const unixSeconds = int

/** SHOWROOM sends some `t` as strings and some as numbers; either spelling is the same frame. */
const tOf = <T extends string>(t: T) => v.union([v.literal(t), v.literal(Number(t))])

export const CommentFrame = v.object({
  t: tOf('1'),
  /** The comment. */
  cm: v.string(),
  /** The commenter's name. */
  ac: v.string(),
  /** The commenter's user id. */
  u: int,
  /** Their avatar id. */
  av: int,
  ua: int,
  at: int,
  d: v.optional(int, 0),
  /** Kirari (issue #23): 1 when the commenter is a navigator of the room's (a staff badge). */
  st: v.optional(int),
  created_at: unixSeconds,
})

export const GiftFrame = v.object({
  t: tOf('2'),
  /** How many. */
  n: int,
  /** Gift id and gift type. */
  g: int,
  gt: int,
  ac: v.string(),
  u: int,
  av: int,
  ua: int,
  at: int,
  h: v.optional(int, 0),
  d: v.optional(int, 0),
  created_at: unixSeconds,
})

export const VoteResultSchema = v.object({
  id: int,
  gift_id: int,
  image: v.string(),
  num: int,
  rate: v.number(),
})

export const VoteStartFrame = v.object({
  t: tOf('3'),
  enquete_id: int,
  options: int,
  created_at: unixSeconds,
})

export const VoteEndFrame = v.object({
  t: tOf('4'),
  enquete_id: int,
  results: v.array(VoteResultSchema),
})

export const TelopFrame = v.object({
  t: tOf('8'),
  telop: v.string(),
  telops: v.array(
    v.object({
      text: v.string(),
      type: v.string(),
      color: v.object({ r: int, g: int, b: int }),
    }),
  ),
  interval: int,
  api: v.string(),
})

export const LiveEndFrame = v.object({
  t: tOf('101'),
  created_at: unixSeconds,
})

export const WelcomeFrame = v.object({
  t: tOf('201'),
  /** '' clears it. */
  comment: v.string(),
  is_pinned: v.boolean(),
  created_at: unixSeconds,
})

/** SPEC §4 system-log targets: 0 everyone, 1 the user named, 2 the owner, 3 the owner and the user. */
export const LOG_TARGETS = [0, 1, 2, 3] as const
export type LogTarget = (typeof LOG_TARGETS)[number]

export const SystemLogFrame = v.object({
  t: tOf('202'),
  target_type: v.picklist(LOG_TARGETS),
  user_id: v.optional(int),
  text: v.string(),
  created_at: unixSeconds,
})

/** Kirari's: a room's standing in an event changed (a gift moved it, or passed it). */
export const EventStandingFrame = v.object({
  t: tOf('203'),
  event_id: int,
  event_name: v.string(),
  ended_at: unixSeconds,
  rank: int,
  point: int,
  /** Points to the room above; 0 at the top. */
  gap: int,
  next_rank: int,
  lower_rank: int,
  lower_gap: int,
  /*
   * Added later, so optional: a frame without them still parses. The rank last shown for the
   * room (0: unknown) and 1 when the rank moved since; the room's points sequence (a client
   * keeps the standing with the highest); rooms ranked and the rank across the whole event (a
   * block event ranks within divisions).
   */
  before_rank: v.optional(int, 0),
  is_animation: v.optional(v.picklist([0, 1]), 0),
  sequence_num: v.optional(int, 0),
  max_rank: v.optional(int, 0),
  large_rank: v.optional(int, 0),
  event_block_division_id: v.optional(int, 0),
  created_at: unixSeconds,
})

/** The push key an event's page follows (frame 204). */
export const eventPushKey = (eventId: number) => `event:${eventId}`

/**
 * Kirari's, on an event's own key (`event:{id}`): its ranking moved. `v` is when the server read
 * the ranking it pushed for (ms): a page reloads the ranking as of at least then.
 */
export const EventRankingFrame = v.object({
  t: tOf('204'),
  event_id: int,
  v: int,
  created_at: unixSeconds,
})

/** Why an OBS live's video stopped: its encoder disconnected, or is connected but sends nothing. */
export const INTERRUPTION_REASONS = ['stalled', 'disconnected'] as const
export type InterruptionReason = (typeof INTERRUPTION_REASONS)[number]

/**
 * Kirari's (issue #38), on the live's key: the OBS live's video stopped reaching the site
 * (`interrupted: true`, the live goes on; a disconnected encoder has OBS_RECONNECT_GRACE_MS to
 * come back) or came back (`false`, with the reason that is over).
 */
export const LiveInterruptedFrame = v.object({
  t: tOf('205'),
  interrupted: v.boolean(),
  reason: v.picklist(INTERRUPTION_REASONS),
  created_at: unixSeconds,
})

const FRAMES = {
  '1': CommentFrame,
  '2': GiftFrame,
  '3': VoteStartFrame,
  '4': VoteEndFrame,
  '8': TelopFrame,
  '101': LiveEndFrame,
  '201': WelcomeFrame,
  '202': SystemLogFrame,
  '203': EventStandingFrame,
  '204': EventRankingFrame,
  '205': LiveInterruptedFrame,
} as const

type Frames = typeof FRAMES
export type FrameType = keyof Frames
/** A frame as it travels, by its type. */
export type PushPayload<T extends FrameType = FrameType> = v.InferOutput<Frames[T]>
/** A parsed frame with its type spelled one way, whatever way it came. */
export type ParsedFrame = { [T in FrameType]: { type: T; frame: PushPayload<T> } }[FrameType]

/** What a builder takes: the frame without `t` (and without the defaulted fields if wished). */
export type FrameFields<T extends FrameType> = Omit<v.InferInput<Frames[T]>, 't'>

/** The frame of type `t` with `fields`, as the server publishes it (the string `t` SHOWROOM uses for 1 and 2). */
export function buildFrame<T extends FrameType>(
  t: T,
  fields: FrameFields<T>,
): v.InferInput<Frames[T]> {
  const wire = t === '1' || t === '2' ? t : Number(t)
  return { ...fields, t: wire } as v.InferInput<Frames[T]>
}

/** One frame's JSON payload, checked against its type's schema; null for others and misfits. */
export function parsePushPayload(payload: unknown): ParsedFrame | null {
  if (payload === null || typeof payload !== 'object') return null
  const t = (payload as { t?: unknown }).t
  const type = typeof t === 'string' || typeof t === 'number' ? String(t) : ''
  if (!Object.hasOwn(FRAMES, type)) return null
  const result = v.safeParse(FRAMES[type as FrameType], payload)
  return result.success ? ({ type, frame: result.output } as ParsedFrame) : null
}
