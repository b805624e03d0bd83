import { candidateOf, liveTagsSetup } from './live-tags.setup.ts'

const reportError = {
  type: 'reportError',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const
const storeRefusal = {
  type: 'storeRefusal',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const
const isServerRefusal = {
  type: 'isServerRefusal',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const

/**
 * The tags of a room's live on air (issue #20, `/api/live_tags`): loaded for everyone on the
 * room page; its owner edits them from the owner panel — chips to remove, a field that suggests
 * tags in use after a pause (an ARIA combobox), each new tag checked by the rules of
 * src/domain/live-tags.ts and then by the server (`/api/live_tag/validate`), the list saved all
 * at once. A refused tag stays in the field with the rule's message.
 */
export const liveTagsMachine = liveTagsSetup.createMachine({
  id: 'liveTags',
  context: ({ input }) => ({
    roomId: input.roomId,
    liveId: 0,
    tags: [],
    draft: [],
    text: '',
    error: null,
    suggestions: [],
    active: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTags',
        src: 'loadTags',
        input: ({ context }) => ({ roomId: context.roomId }),
        onDone: {
          target: 'ready',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: 'failed',
      },
    },
    failed: {
      description: 'The room shows no tags; the owner’s editor offers a retry.',
      on: { 'liveTags.retry': 'loading' },
    },
    ready: {
      initial: 'editing',
      states: {
        editing: {
          initial: 'idle',
          on: {
            'liveTags.type': [
              { guard: 'isBlankTyped', target: '.idle', actions: ['typed', 'clearSuggestions'] },
              { target: '.waiting', reenter: true, actions: 'typed' },
            ],
            'liveTags.add': [
              {
                guard: {
                  type: 'isRefused',
                  params: ({ context }) => ({ tag: candidateOf(context) }),
                },
                target: '.idle',
                actions: [
                  { type: 'refuse', params: ({ context }) => ({ tag: candidateOf(context) }) },
                  'clearSuggestions',
                ],
                description: 'Refused here by the rules: the server is not asked.',
              },
              {
                target: 'checking',
                actions: { type: 'take', params: ({ context }) => ({ tag: candidateOf(context) }) },
              },
            ],
            'liveTags.pick': [
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ tag: event.tag }) },
                target: '.idle',
                actions: [
                  { type: 'refuse', params: ({ event }) => ({ tag: event.tag }) },
                  'clearSuggestions',
                ],
              },
              {
                target: 'checking',
                actions: { type: 'take', params: ({ event }) => ({ tag: event.tag }) },
              },
            ],
            'liveTags.close': { target: '.idle', actions: 'clearSuggestions' },
            'liveTags.remove': { actions: 'remove' },
            'liveTags.save': [
              { guard: 'isListRefused', actions: 'refuseList' },
              { target: 'saving', actions: 'clearSuggestions' },
            ],
          },
          states: {
            idle: {},
            waiting: {
              description: 'Typing; tags in use are asked for once it pauses.',
              after: { suggestDelay: 'asking' },
            },
            asking: {
              invoke: {
                id: 'suggestTags',
                src: 'suggestTags',
                input: ({ context }) => ({ keyword: context.text.trim() }),
                onDone: [
                  {
                    guard: { type: 'offersNothing', params: ({ event }) => event.output },
                    target: 'idle',
                    actions: 'clearSuggestions',
                  },
                  {
                    target: 'open',
                    actions: { type: 'storeSuggestions', params: ({ event }) => event.output },
                  },
                ],
                // No suggestions: the owner still adds what they type.
                onError: { target: 'idle', actions: 'clearSuggestions' },
              },
            },
            open: {
              on: {
                'liveTags.next': { guard: 'hasSuggestions', actions: 'moveNext' },
                'liveTags.previous': { guard: 'hasSuggestions', actions: 'movePrevious' },
              },
            },
          },
        },
        checking: {
          description: 'The server checks the tag by the same rules (`/api/live_tag/validate`).',
          invoke: {
            id: 'validateTag',
            src: 'validateTag',
            input: ({ context }) => ({ tag: context.text }),
            onDone: {
              target: 'editing',
              actions: { type: 'addTag', params: ({ event }) => event.output },
            },
            onError: [
              { guard: isServerRefusal, target: 'editing', actions: storeRefusal },
              { target: 'editing', actions: reportError },
            ],
          },
        },
        saving: {
          invoke: {
            id: 'saveTags',
            src: 'saveTags',
            input: ({ context }) => ({ live_id: context.liveId, tags: context.draft }),
            onDone: {
              target: 'editing',
              actions: [
                { type: 'saved', params: ({ event }) => event.output },
                { type: 'notify', params: { tone: 'success', key: 'owner.tagsSaved' } },
              ],
            },
            onError: [
              { guard: isServerRefusal, target: 'editing', actions: storeRefusal },
              { target: 'editing', actions: reportError },
            ],
          },
        },
      },
    },
  },
})
