import { GRADES } from './grades.ts'
/**
 * Events (SPEC §3 Event, §7 Events): the kinds, the entry states and the rules both programs
 * share. Points: a gift to a live of a room entered in an ongoing event adds its points — paid
 * and free gifts alike count `point × num` (a free star is 1 point, as in the catalogue); vote
 * (enquete) gifts count nothing, they are the viewer's ballot, not support.
 */
export const EVENT_TYPE = { ranking: 1, quest: 2, block: 3 } as const
export type EventType = (typeof EVENT_TYPE)[keyof typeof EVENT_TYPE]

export const ENTRY_STATUS = ['applied', 'approved', 'refused'] as const
export type EntryStatus = (typeof ENTRY_STATUS)[number]

/** Quest events: a room's level is one per this many support points, up to the top level. */
export const QUEST_LEVEL_POINTS = 10_000
export const QUEST_LEVEL_MAX = 10

export const questLevel = (point: number) =>
  Math.min(QUEST_LEVEL_MAX, Math.floor(point / QUEST_LEVEL_POINTS))

/** A room's place in an event, as the room page shows it (its badge). */
export interface EventStanding {
  eventId: number
  eventName: string
  /** Unix seconds. */
  endedAt: number
  rank: number
  point: number
  /** Points to the room above (0 at the top). */
  gap: number
}

export const EVENT_FORM_LIMITS = {
  name: 60,
  description: 4000,
  url: 500,
  rewards: 2000,
  terms: 4000,
  minFollowers: 1_000_000,
  blocks: 20,
  blockLabel: 30,
  tiers: 20,
  tierReward: 200,
  tierRank: 100_000,
} as const

/**
 * The fields of an organizer's event form (src/contract/event-entry.ts EventForm), and what each
 * says when it does not pass (the form shows it beside the field).
 */
export const eventFormMessages = {
  url_key:
    'URLキーは半角英小文字・数字・_ の64文字以内で入力してください（数字だけのキーは使えません）',
  name: 'イベント名を入力してください（60文字以内）',
  description: '説明は4,000文字以内で入力してください',
  image: '画像は https:// か / で始まるURL（500文字以内）で入力してください',
  event_type: 'イベントの種類を選んでください',
  started_at: '開始日時を入力してください',
  ended_at: '終了日時は開始日時より後にしてください',
  entry_started_at: 'エントリー開始日時を入力してください',
  entry_ended_at: 'エントリー締切はエントリー開始より後、イベント終了以前にしてください',
  min_follower_num: 'フォロワー数の条件は0から1,000,000の整数で入力してください',
  min_grade_id: 'グレードの条件を選んでください',
  rewards: '報酬は2,000文字以内で入力してください',
  terms: '規約は4,000文字以内で入力してください',
  tutorial_url: 'チュートリアルは https:// か / で始まるURL（500文字以内）で入力してください',
  blocks: 'ブロック名を1〜20個、重複なく各30文字以内で入力してください',
  reward_tiers:
    '報酬の区分は20個まで、順位の小さい順に重複なく、報酬は200文字以内で入力してください',
} as const
export type EventFormField = keyof typeof eventFormMessages
export type EventFormErrors = Partial<Record<EventFormField, string>>

/** Rules only the server can check (they need the stored event), per field as well. */
export const eventEditMessages = {
  urlKeyTaken: 'このURLキーはすでに使われています',
  startMoved: '開始済みのイベントの開始日時は変更できません',
  endMoved: '終了日時を変えるなら、現在より後の日時にしてください',
  typeFixed: 'エントリーのあるイベントの種類は変更できません',
  blockInUse: 'ルームが割り当てられているブロックは削除できません',
} as const

/** An event form that passed: times are epoch milliseconds, texts trimmed. */
export interface EventDraft {
  url_key: string
  name: string
  description: string
  image: string
  event_type: EventType
  started_at: number
  ended_at: number
  entry_started_at: number
  entry_ended_at: number
  min_follower_num: number
  /** 0: any grade; else the lowest grade (src/domain/grades.ts) that may enter. */
  min_grade_id: number
  rewards: string
  terms: string
  tutorial_url: string
  /** Block events' division labels (ids 1, 2, … in this order); [] for other kinds. */
  blocks: string[]
  /** Sorted by up_to_rank, each rank once. */
  reward_tiers: Array<{ up_to_rank: number; reward: string }>
}

const TOKYO_OFFSET_MS = 9 * 3_600_000

/** `2025-01-01T20:00:00+09:00`: how the form's times are written (Tokyo, no daylight saving). */
export function tokyoIso(epochMs: number): string {
  return `${new Date(epochMs + TOKYO_OFFSET_MS).toISOString().slice(0, 19)}+09:00`
}

const TIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/

/**
 * A form's time: ISO 8601 with an offset, or without one (a `datetime-local` input) read as
 * Tokyo time. Null for anything else, including dates that do not exist (2月30日).
 */
export function parseFormTime(value: unknown): number | null {
  if (typeof value !== 'string') return null
  const written = value.trim().replace(' ', 'T')
  const m = TIME_RE.exec(written)
  if (!m) return null
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = m
    .slice(1, 7)
    .map((n: string | undefined) => Number(n ?? 0))
  const lastDay = new Date(Date.UTC(y, mo, 0)).getUTCDate()
  if (mo < 1 || mo > 12 || d < 1 || d > lastDay || h > 23 || mi > 59 || s > 59) return null
  const ms = Date.parse(m[7] ? written : `${written}+09:00`)
  // Whole seconds, as tokyoIso writes them back: an edit compares the times it loaded.
  return Number.isFinite(ms) ? Math.floor(ms / 1000) * 1000 : null
}

const text = (value: unknown): string | null =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value.trim() : null

const integer = (value: unknown, min: number, max: number): number | null => {
  const digits = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : ''
  if (!/^\d{1,9}$/.test(digits.trim())) return null
  const n = Number(digits.trim())
  return n >= min && n <= max ? n : null
}

const isUrl = (url: string) => url === '' || /^(https:\/\/|\/)[^\s<>"']*$/.test(url)

/** Block labels: an array, or one per line of a textarea. */
function blockLabels(value: unknown): string[] | null {
  const list = typeof value === 'string' ? value.split(/\r?\n/) : value
  if (!Array.isArray(list)) return value === undefined || value === null ? [] : null
  const labels = list.map(text)
  if (labels.some((l) => l === null)) return null
  return (labels as string[]).filter((l) => l !== '')
}

/** Reward tiers: an array of `{up_to_rank, reward}`, or that array as JSON text. */
function rewardTiers(value: unknown): EventDraft['reward_tiers'] | null {
  let list = value
  if (typeof value === 'string') {
    if (value.trim() === '') return []
    try {
      list = JSON.parse(value)
    } catch {
      return null
    }
  }
  if (list === undefined || list === null) return []
  if (!Array.isArray(list) || list.length > EVENT_FORM_LIMITS.tiers) return null
  const tiers: EventDraft['reward_tiers'] = []
  for (const item of list as unknown[]) {
    if (typeof item !== 'object' || item === null) return null
    const { up_to_rank: rank, reward } = item as Record<string, unknown>
    const upToRank = integer(rank, 1, EVENT_FORM_LIMITS.tierRank)
    const label = text(reward)
    if (upToRank === null || !label || label.length > EVENT_FORM_LIMITS.tierReward) return null
    const last = tiers[tiers.length - 1]
    if (last && last.up_to_rank >= upToRank) return null
    tiers.push({ up_to_rank: upToRank, reward: label })
  }
  return tiers
}

/**
 * Checks an organizer's event form, field by field, as both the form and the server do: a url
 * key of `[a-z0-9_]{1,64}` that is not all digits (an all-digit reference is an event id), a
 * name of 1–60 characters, an end after the start, an entry window that opens before it closes
 * and closes no later than the event ends, a follower condition of 0–1,000,000, a kind 1–3, 1–20
 * distinct labels for a block event, reward tiers by rank ascending with no rank twice, and
 * bounded texts. Whether the url key is free is the server's to say.
 */
export function checkEventForm(
  form: Partial<Record<EventFormField, unknown>>,
): { ok: true; draft: EventDraft } | { ok: false; errors: EventFormErrors } {
  const errors: EventFormErrors = {}
  const bounded = (field: EventFormField, max: number, required = false) => {
    const value = text(form[field])
    if (value === null || value.length > max || (required && value === '')) {
      errors[field] = eventFormMessages[field]
    }
    return value ?? ''
  }
  const urlKey = bounded('url_key', 64, true)
  if (!/^[a-z0-9_]{1,64}$/.test(urlKey) || /^\d+$/.test(urlKey)) {
    errors.url_key = eventFormMessages.url_key
  }
  const name = bounded('name', EVENT_FORM_LIMITS.name, true)
  const description = bounded('description', EVENT_FORM_LIMITS.description)
  const image = bounded('image', EVENT_FORM_LIMITS.url)
  if (!isUrl(image)) errors.image = eventFormMessages.image
  const tutorialUrl = bounded('tutorial_url', EVENT_FORM_LIMITS.url)
  if (!isUrl(tutorialUrl)) errors.tutorial_url = eventFormMessages.tutorial_url
  const rewards = bounded('rewards', EVENT_FORM_LIMITS.rewards)
  const terms = bounded('terms', EVENT_FORM_LIMITS.terms)
  const eventType = integer(form.event_type, 1, 3) as EventType | null
  if (eventType === null) errors.event_type = eventFormMessages.event_type
  const minFollowers = integer(form.min_follower_num ?? 0, 0, EVENT_FORM_LIMITS.minFollowers)
  if (minFollowers === null) errors.min_follower_num = eventFormMessages.min_follower_num
  const minGrade = integer(form.min_grade_id ?? 0, 0, GRADES.length)
  if (minGrade === null) errors.min_grade_id = eventFormMessages.min_grade_id

  const time = (field: EventFormField) => {
    const ms = parseFormTime(form[field])
    if (ms === null) errors[field] = eventFormMessages[field]
    return ms
  }
  const startedAt = time('started_at')
  const endedAt = time('ended_at')
  const entryStartedAt = time('entry_started_at')
  const entryEndedAt = time('entry_ended_at')
  if (startedAt !== null && endedAt !== null && endedAt <= startedAt) {
    errors.ended_at = eventFormMessages.ended_at
  }
  if (
    entryEndedAt !== null &&
    ((entryStartedAt !== null && entryEndedAt <= entryStartedAt) ||
      (endedAt !== null && entryEndedAt > endedAt))
  ) {
    errors.entry_ended_at = eventFormMessages.entry_ended_at
  }

  let blocks = blockLabels(form.blocks)
  if (eventType !== EVENT_TYPE.block) blocks = []
  else if (
    blocks === null ||
    blocks.length < 1 ||
    blocks.length > EVENT_FORM_LIMITS.blocks ||
    blocks.some((b) => b.length > EVENT_FORM_LIMITS.blockLabel) ||
    new Set(blocks).size !== blocks.length
  ) {
    errors.blocks = eventFormMessages.blocks
  }
  const tiers = rewardTiers(form.reward_tiers)
  if (tiers === null) errors.reward_tiers = eventFormMessages.reward_tiers

  if (
    Object.keys(errors).length > 0 ||
    eventType === null ||
    minFollowers === null ||
    minGrade === null ||
    startedAt === null ||
    endedAt === null ||
    entryStartedAt === null ||
    entryEndedAt === null ||
    blocks === null ||
    tiers === null
  ) {
    return { ok: false, errors }
  }
  return {
    ok: true,
    draft: {
      url_key: urlKey,
      name,
      description,
      image,
      event_type: eventType,
      started_at: startedAt,
      ended_at: endedAt,
      entry_started_at: entryStartedAt,
      entry_ended_at: entryEndedAt,
      min_follower_num: minFollowers,
      min_grade_id: minGrade,
      rewards,
      terms,
      tutorial_url: tutorialUrl,
      blocks,
      reward_tiers: tiers,
    },
  }
}

/** The form's field errors ({} when it passes): what the form shows beside each field. */
export function eventFieldErrors(form: Partial<Record<EventFormField, unknown>>): EventFormErrors {
  const checked = checkEventForm(form)
  return checked.ok ? {} : checked.errors
}
