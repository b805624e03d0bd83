import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type {
  LiveTagAutocompleteAnswer,
  LiveTagValidateAnswer,
  LiveTagsAnswer,
  LiveTagsBody,
} from '../../contract/search.ts'
import { failureOf, type Notice } from '../../domain/api-failure.ts'
import { normalTag, tagsProblem } from '../../domain/live-tags.ts'
import { notProvided } from '../not-provided.ts'
import { nextActive, previousActive } from '../list-cursor.ts'

/** How long typing must pause before tags in use are suggested. */
export const TAG_SUGGEST_DELAY_MS = 200

export type TagSuggestion = LiveTagAutocompleteAnswer['tags'][number]

export interface LiveTagsContext {
  roomId: number
  /** The live on air as the server answered (0 off air): the one the owner's tags are saved on. */
  liveId: number
  /** The tags as saved: what the room page shows. */
  tags: string[]
  /** The owner's list as edited (chips), sent whole on save. */
  draft: string[]
  /** The tag field, kept as typed when refused. */
  text: string
  /** Why the tag (or the list) was refused, by the rule's own message; null when nothing is. */
  error: string | null
  /** Tags in use holding what was typed, those not in the list already. */
  suggestions: TagSuggestion[]
  /** The suggestion chosen with the arrow keys, or null (Enter adds what was typed). */
  active: number | null
}

export type LiveTagsEvent =
  | { type: 'liveTags.type'; text: string }
  | { type: 'liveTags.add' }
  | { type: 'liveTags.pick'; tag: string }
  | { type: 'liveTags.next' }
  | { type: 'liveTags.previous' }
  | { type: 'liveTags.close' }
  | { type: 'liveTags.remove'; tag: string }
  | { type: 'liveTags.save' }
  | { type: 'liveTags.retry' }

/** The tag Enter adds: the suggestion chosen with the arrow keys, or else what was typed. */
export function candidateOf(context: Pick<LiveTagsContext, 'active' | 'suggestions' | 'text'>) {
  const chosen = context.active === null ? undefined : context.suggestions[context.active]
  return chosen ? chosen.tag : context.text
}

/** What is wrong with the list once `tag` joins it (src/domain/live-tags.ts), or null. */
const refusalOf = (draft: readonly string[], tag: string) => tagsProblem([...draft, tag])

const sameTag = (a: string, b: string) => normalTag(a).toLowerCase() === normalTag(b).toLowerCase()

/** A 400 with the rule's message (`INVALID_TAG`): shown on the field, not as a toast. */
const refusedMessage = (error: unknown) => {
  const f = failureOf(error)
  return f.kind === 'server' && f.status === 400 ? f.message : null
}

export const liveTagsSetup = setup({
  types: {
    context: {} as LiveTagsContext,
    events: {} as LiveTagsEvent,
    input: {} as { roomId: number },
  },
  actors: {
    loadTags: fromPromise<LiveTagsAnswer, { roomId: number }>(notProvided('loadTags')),
    suggestTags: fromPromise<LiveTagAutocompleteAnswer, { keyword: string }>(
      notProvided('suggestTags'),
    ),
    validateTag: fromPromise<LiveTagValidateAnswer, { tag: string }>(notProvided('validateTag')),
    saveTags: fromPromise<LiveTagsAnswer, LiveTagsBody>(notProvided('saveTags')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    store: assign((_, answer: LiveTagsAnswer) => ({
      liveId: answer.live_id,
      tags: answer.tags,
      draft: answer.tags,
    })),
    saved: assign((_, answer: LiveTagsAnswer) => ({
      liveId: answer.live_id,
      tags: answer.tags,
      draft: answer.tags,
      error: null,
    })),
    typed: assign(({ event }) => {
      assertEvent(event, 'liveTags.type')
      return { text: event.text, error: null, active: null }
    }),
    clearSuggestions: assign({ suggestions: [], active: null }),
    storeSuggestions: assign(({ context }, answer: LiveTagAutocompleteAnswer) => ({
      suggestions: answer.tags.filter((s) => !context.draft.some((t) => sameTag(t, s.tag))),
      active: null,
    })),
    moveNext: assign(({ context }) => ({
      active: nextActive(context.active, context.suggestions.length),
    })),
    movePrevious: assign(({ context }) => ({
      active: previousActive(context.active, context.suggestions.length),
    })),
    /** The tag stays in the field, with the rule it breaks. */
    refuse: assign(({ context }, { tag }: { tag: string }) => ({
      text: tag,
      error: refusalOf(context.draft, tag),
    })),
    refuseList: assign(({ context }) => ({ error: tagsProblem(context.draft) })),
    take: assign((_, { tag }: { tag: string }) => ({
      text: tag,
      error: null,
      suggestions: [],
      active: null,
    })),
    addTag: assign(({ context }, answer: LiveTagValidateAnswer) => ({
      draft: [...context.draft, answer.tag],
      text: '',
      error: null,
    })),
    remove: assign(({ context, event }) => {
      assertEvent(event, 'liveTags.remove')
      return { draft: context.draft.filter((t) => t !== event.tag), error: null }
    }),
    storeRefusal: assign((_, { error }: { error: unknown }) => ({ error: refusedMessage(error) })),
  },
  delays: { suggestDelay: TAG_SUGGEST_DELAY_MS },
  guards: {
    /** The rules of src/domain/live-tags.ts, checked before the server is asked. */
    isRefused: ({ context }, { tag }: { tag: string }) => refusalOf(context.draft, tag) !== null,
    /** The list itself breaks a rule (tags saved under other rules): it is not sent. */
    isListRefused: ({ context }) => tagsProblem(context.draft) !== null,
    isBlankTyped: ({ event }) => event.type === 'liveTags.type' && event.text.trim() === '',
    hasSuggestions: ({ context }) => context.suggestions.length > 0,
    /** Every tag suggested is in the list already (or none was). */
    offersNothing: ({ context }, answer: LiveTagAutocompleteAnswer) =>
      answer.tags.every((s) => context.draft.some((t) => sameTag(t, s.tag))),
    /** The server refused with the rule's message (400). */
    isServerRefusal: (_, { error }: { error: unknown }) => refusedMessage(error) !== null,
  },
})
