import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate'
import type { Notice } from '../../domain/api-failure.ts'
import { type EcCategory, type EcConfig, type EcItem, type FieldErrors } from '../../domain/shop.ts'
import { checkEcItemDraft, type EcItemField } from '../../domain/shop-forms.ts'
import { failures } from '../povo/failures.ts'
import { notProvided } from '../not-provided.ts'

export interface EcEditorData {
  config: EcConfig
  items: EcItem[]
  categories: EcCategory[]
}

/** The item form as typed (numbers stay text until they are checked). */
export type EcItemForm = Record<Exclude<EcItemField, 'category_id'>, string> & {
  category_id: string
  is_hidden: boolean
}

export interface EcEditorContext {
  roomUrlKey: string
  config: EcConfig | null
  items: EcItem[]
  categories: EcCategory[]
  /** The item being edited; null while creating one. */
  itemId: number | null
  form: EcItemForm
  fieldErrors: FieldErrors
}

export type EcEditorEvent =
  | { type: 'item.new' }
  | { type: 'item.edit'; itemId: number }
  | { type: 'item.toggleHidden'; itemId: number }
  | { type: 'form.change'; field: keyof EcItemForm; value: string | boolean }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'editor.retry' }
  | { type: 'xstate.done.actor.saveItem'; output: EcItem }
  | { type: 'xstate.error.actor.saveItem'; error: unknown }
  | { type: 'xstate.done.actor.toggleItem'; output: EcItem }
  | { type: 'xstate.error.actor.toggleItem'; error: unknown }

interface SaveInput {
  roomId: number
  itemId: number | null
  form: EcItemForm
  /** The stock the form was filled from: the server applies the owner's change to it. */
  stockWas: number | null
}

/**
 * The form as it is saved: into the editor's room, which is there once the editor has loaded.
 * The guard that saves and the save itself read it here, so they cannot disagree.
 */
function saveOf(c: EcEditorContext): SaveInput | null {
  if (c.config === null) return null
  const item = c.items.find((i) => i.item_id === c.itemId)
  return { roomId: c.config.room_id, itemId: c.itemId, form: c.form, stockWas: item?.stock ?? null }
}

/** An item with its visibility flipped, in the editor's room; null for an item not in the list. */
function flippedOf(c: EcEditorContext, itemId: number) {
  const item = c.items.find((i) => i.item_id === itemId)
  if (c.config === null || item === undefined) return null
  return { roomId: c.config.room_id, itemId, hidden: !item.is_hidden }
}

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error })

const formOf = (item: EcItem | null, categories: readonly EcCategory[]): EcItemForm => ({
  name: item?.name ?? '',
  description: item?.description ?? '',
  category_id: String(item?.category_id ?? categories[0]?.category_id ?? ''),
  price: item ? String(item.price) : '',
  stock: item?.stock === null || item === null ? '' : String(item.stock),
  is_hidden: item?.is_hidden ?? false,
})

const upsert = (items: readonly EcItem[], item: EcItem) =>
  items.some((i) => i.item_id === item.item_id)
    ? items.map((i) => (i.item_id === item.item_id ? item : i))
    : [...items, item]

/**
 * The room owner's item editor (`/r/{room_url_key}/edit_ec_items_for_room_owner`): every item,
 * hidden ones too; create, edit and hide or show them. Anyone else is refused (403).
 */
export const ecEditorMachine = setup({
  types: {
    context: {} as EcEditorContext,
    events: {} as EcEditorEvent,
    input: {} as { roomUrlKey: string },
  },
  actors: {
    loadEditor: fromPromise<EcEditorData, { roomUrlKey: string }>(notProvided('loadEditor')),
    /** Sends the form (checked again by the effect and by the server). */
    saveItem: fromPromise<EcItem, SaveInput>(notProvided('saveItem')),
    /** Hides an item from the shop or shows it again; nothing else of it changes. */
    setVisibility: fromPromise<EcItem, { roomId: number; itemId: number; hidden: boolean }>(
      notProvided('setVisibility'),
    ),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    requireLogin: () => {},
  },
  guards: {
    formInvalid: ({ context }) => !checkEcItemDraft(context.form).ok,
    isForbidden: (_, { error }: { error: unknown }) => failures.forbidden(error),
    isNotFound: (_, { error }: { error: unknown }) => failures.notFound(error),
    isLoginLost: (_, { error }: { error: unknown }) => failures.loginLost(error),
    hasFieldErrors: (_, { error }: { error: unknown }) => failures.fieldErrors(error) !== null,
    isKnownItem: ({ context, event }) => {
      assertEvent(event, 'item.edit')
      return context.items.some((i) => i.item_id === event.itemId)
    },
    canFlip: ({ context, event }) => {
      assertEvent(event, 'item.toggleHidden')
      return flippedOf(context, event.itemId) !== null
    },
    canSave: ({ context }) => saveOf(context) !== null,
  },
}).createMachine({
  id: 'ecEditor',
  context: ({ input }) => ({
    roomUrlKey: input.roomUrlKey,
    config: null,
    items: [],
    categories: [],
    itemId: null,
    form: formOf(null, []),
    fieldErrors: {},
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadEditor',
        src: 'loadEditor',
        input: ({ context }) => ({ roomUrlKey: context.roomUrlKey }),
        onDone: {
          target: 'list',
          actions: assign(({ event }) => ({ ...event.output })),
        },
        onError: [
          {
            guard: { type: 'isForbidden', params: errorParams },
            target: 'forbidden',
            description: 'Only the room owner edits its items.',
          },
          {
            guard: { type: 'isLoginLost', params: errorParams },
            target: 'forbidden',
            actions: 'requireLogin',
          },
          { guard: { type: 'isNotFound', params: errorParams }, target: 'notFound' },
          { target: 'failed' },
        ],
      },
    },
    failed: { on: { 'editor.retry': 'loading' } },
    forbidden: {},
    notFound: {},
    list: {
      on: {
        'item.new': {
          target: 'editing',
          actions: assign(({ context }) => ({
            itemId: null,
            form: formOf(null, context.categories),
            fieldErrors: {},
          })),
        },
        'item.edit': {
          guard: 'isKnownItem',
          target: 'editing',
          actions: assign(({ context, event }) => ({
            itemId: event.itemId,
            form: formOf(context.items.find((i) => i.item_id === event.itemId) ?? null, []),
            fieldErrors: {},
          })),
        },
        'item.toggleHidden': {
          guard: 'canFlip',
          target: 'toggling',
          description: 'Hides an item from the shop, or shows it again, in one click.',
          actions: [
            assign(({ context, event }) => {
              const item = context.items.find((i) => i.item_id === event.itemId) ?? null
              const form = formOf(item, [])
              return { itemId: event.itemId, form: { ...form, is_hidden: !form.is_hidden } }
            }),
            // The item as it is in the list, flipped (`canFlip` has just found it there).
            enqueueActions(({ context, event, enqueue }) => {
              const flipped = flippedOf(context, event.itemId)
              if (flipped) enqueue.spawnChild('setVisibility', { id: 'toggleItem', input: flipped })
            }),
          ],
        },
      },
    },
    editing: {
      on: {
        'form.change': {
          actions: assign(({ context, event }) => {
            const { [event.field]: _, ...otherErrors } = context.fieldErrors
            return {
              form: { ...context.form, [event.field]: event.value },
              fieldErrors: otherErrors,
            }
          }),
        },
        'form.submit': [
          {
            guard: 'formInvalid',
            actions: assign(({ context }) => {
              const checked = checkEcItemDraft(context.form)
              return { fieldErrors: checked.ok ? {} : checked.errors }
            }),
          },
          {
            guard: 'canSave',
            target: 'saving',
            // The form as checked (`canSave` has just found the editor's room).
            actions: enqueueActions(({ context, enqueue }) => {
              const save = saveOf(context)
              if (save) enqueue.spawnChild('saveItem', { id: 'saveItem', input: save })
            }),
          },
        ],
        'form.cancel': 'list',
      },
    },
    toggling: {
      description:
        'Saves the item with its visibility flipped; a refusal leaves the list as it was.',
      on: {
        'xstate.done.actor.toggleItem': {
          target: 'list',
          actions: assign(({ context, event }) => ({ items: upsert(context.items, event.output) })),
        },
        'xstate.error.actor.toggleItem': [
          {
            guard: { type: 'isLoginLost', params: errorParams },
            target: 'list',
            actions: 'requireLogin',
          },
          { target: 'list', actions: { type: 'reportError', params: errorParams } },
        ],
      },
    },
    saving: {
      on: {
        'xstate.done.actor.saveItem': {
          target: 'list',
          actions: [
            assign(({ context, event }) => ({
              items: upsert(context.items, event.output),
              fieldErrors: {},
            })),
            { type: 'notify', params: { tone: 'success', key: 'ecEditor.saved' } },
          ],
        },
        'xstate.error.actor.saveItem': [
          {
            guard: { type: 'hasFieldErrors', params: errorParams },
            target: 'editing',
            // The server's refusals, by their fields (`hasFieldErrors` has just found them).
            actions: assign(({ event }) => {
              const fieldErrors = failures.fieldErrors(event.error)
              return fieldErrors === null ? {} : { fieldErrors }
            }),
          },
          {
            guard: { type: 'isLoginLost', params: errorParams },
            target: 'editing',
            actions: 'requireLogin',
          },
          { target: 'editing', actions: { type: 'reportError', params: errorParams } },
        ],
      },
    },
  },
})
