import { afterAll, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import type { LiveTagsAnswer, LiveTagsBody } from '../../src/contract/search.ts'
import type { OnliveItem } from '../../src/domain/api-types.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { LIVE_TAGS_PER_LIVE, TAG_MESSAGES } from '../../src/domain/live-tags.ts'
import { liveTagsMachine } from '../../src/machines/live-tags/live-tags.machine.ts'
import { TAG_SUGGEST_DELAY_MS, candidateOf } from '../../src/machines/live-tags/live-tags.setup.ts'
import { taggedLivesMachine } from '../../src/machines/live-tags/tagged-lives.machine.ts'
import { coverageLine, delayedEvents, walkMachine, type WalkResult } from './graph-walk.ts'

const lost = new ApiRequestError({ kind: 'network', status: null })
const refusedBy = (message: string) =>
  new ApiRequestError({
    kind: 'server',
    status: 400,
    message,
    errorType: 'INVALID_TAG',
    redirectUrl: null,
  })
const forbidden = refusedBy(TAG_MESSAGES.forbidden('出会い'))
const loaded: LiveTagsAnswer = { live_id: 70, tags: ['歌'] }
// Saved under other rules: one too many, so the list itself is refused before it is sent.
const six: LiveTagsAnswer = { live_id: 70, tags: ['a', 'b', 'c', 'd', 'e', 'f'] }

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('live tags machine graph', () => {
  it('loads the tags; the owner adds checked tags from the field or the suggestions, removes and saves', () => {
    const events = [
      { type: 'liveTags.type', text: '雑談' },
      { type: 'liveTags.type', text: ' ' },
      { type: 'liveTags.type', text: 'a#b' },
      { type: 'liveTags.add' },
      { type: 'liveTags.pick', tag: '歌枠' },
      { type: 'liveTags.pick', tag: '歌' },
      { type: 'liveTags.next' },
      { type: 'liveTags.previous' },
      { type: 'liveTags.close' },
      { type: 'liveTags.remove', tag: '歌' },
      { type: 'liveTags.save' },
      { type: 'liveTags.retry' },
      { type: 'xstate.done.actor.loadTags', output: loaded },
      { type: 'xstate.done.actor.loadTags', output: six },
      { type: 'xstate.error.actor.loadTags', error: lost },
      {
        type: 'xstate.done.actor.suggestTags',
        output: { tags: [{ tag: '歌枠', onlive_num: 2 }] },
      },
      { type: 'xstate.done.actor.suggestTags', output: { tags: [{ tag: '歌', onlive_num: 1 }] } },
      { type: 'xstate.error.actor.suggestTags', error: lost },
      { type: 'xstate.done.actor.validateTag', output: { ok: true, tag: '雑談' } },
      { type: 'xstate.error.actor.validateTag', error: forbidden },
      { type: 'xstate.error.actor.validateTag', error: lost },
      { type: 'xstate.done.actor.saveTags', output: { live_id: 70, tags: ['歌', '雑談'] } },
      { type: 'xstate.error.actor.saveTags', error: refusedBy(TAG_MESSAGES.tooMany) },
      { type: 'xstate.error.actor.saveTags', error: lost },
      ...delayedEvents(liveTagsMachine),
    ] as Array<EventFromLogic<typeof liveTagsMachine>>
    const walk = walkMachine(liveTagsMachine, {
      input: { roomId: 7 },
      events,
      key: (s) => ({
        value: s.value,
        tags: s.context.tags,
        draft: s.context.draft,
        text: s.context.text,
        error: s.context.error,
        n: s.context.suggestions.length,
        active: s.context.active,
      }),
      invariant: (from, sent, to) => {
        const event = sent as { type: string; error?: unknown }
        // The chosen suggestion is one of the list; no suggestion repeats a chip.
        if (to.context.active !== null)
          expect(to.context.active).toBeLessThan(to.context.suggestions.length)
        for (const s of to.context.suggestions) expect(to.context.draft).not.toContain(s.tag)
        // A tag joins the list only as the server checked it, within the limit.
        const grew = to.context.draft.length > from.context.draft.length
        if (grew && from.matches('ready') && event.type !== 'xstate.done.actor.saveTags') {
          expect(event.type).toBe('xstate.done.actor.validateTag')
          expect(to.context.draft.length).toBeLessThanOrEqual(LIVE_TAGS_PER_LIVE)
          expect(to.context.text).toBe('')
        }
        // A refusal keeps the text typed (or picked) and says why, on the field.
        if (
          from.matches({ ready: 'checking' }) &&
          event.type === 'xstate.error.actor.validateTag'
        ) {
          expect(to.context.text).toBe(from.context.text)
          expect(to.context.draft).toEqual(from.context.draft)
          if (event.error === forbidden)
            expect(to.context.error).toBe('「出会い」はタグに使えません。')
          else expect(to.context.error).toBeNull()
        }
        if (from.matches({ ready: 'editing' }) && event.type === 'liveTags.add') {
          // Refused here or sent to be checked, the field holds the tag Enter chose.
          expect(to.context.text).toBe(candidateOf(from.context))
          expect(to.matches({ ready: 'checking' })).toBe(to.context.error === null)
        }
        // A save failure keeps the list as edited; the room shows the saved tags only.
        if (from.matches({ ready: 'saving' }) && event.type === 'xstate.error.actor.saveTags') {
          expect(to.context.draft).toEqual(from.context.draft)
          expect(to.context.tags).toEqual(from.context.tags)
        }
        if (event.type !== 'xstate.done.actor.saveTags' && !event.type.includes('loadTags'))
          expect(to.context.tags).toEqual(from.context.tags)
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })

  it('suggests after a pause, refuses a tag by the rules without asking, and saves the list as JSON', async () => {
    vi.useFakeTimers()
    const suggested: string[] = []
    const validated: string[] = []
    const sent: LiveTagsBody[] = []
    const actor = createActor(
      liveTagsMachine.provide({
        actors: {
          loadTags: fromPromise(() => Promise.resolve(loaded)),
          suggestTags: fromPromise(({ input }) => {
            suggested.push(input.keyword)
            return Promise.resolve({
              tags: [
                { tag: '歌', onlive_num: 3 },
                { tag: '歌枠', onlive_num: 2 },
              ],
            })
          }),
          validateTag: fromPromise(({ input }) => {
            validated.push(input.tag)
            return Promise.resolve({ ok: true as const, tag: input.tag })
          }),
          saveTags: fromPromise(({ input }) => {
            sent.push(input)
            return Promise.resolve({ live_id: 70, tags: input.tags })
          }),
        },
      }),
      { input: { roomId: 7 } },
    ).start()
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'liveTags.type', text: 'う' })
    vi.advanceTimersByTime(TAG_SUGGEST_DELAY_MS / 2)
    actor.send({ type: 'liveTags.type', text: '歌' })
    await vi.advanceTimersByTimeAsync(TAG_SUGGEST_DELAY_MS)
    expect(suggested).toEqual(['歌'])
    // 歌 is a chip already: only 歌枠 is offered.
    expect(actor.getSnapshot().context.suggestions.map((s) => s.tag)).toEqual(['歌枠'])
    actor.send({ type: 'liveTags.next' })
    actor.send({ type: 'liveTags.add' })
    await vi.advanceTimersByTimeAsync(0)
    expect(validated).toEqual(['歌枠'])
    expect(actor.getSnapshot().context.draft).toEqual(['歌', '歌枠'])

    actor.send({ type: 'liveTags.type', text: 'ｳﾀ ﾜｸ' })
    actor.send({ type: 'liveTags.add' })
    expect(actor.getSnapshot().context.error).toBe(TAG_MESSAGES.symbol)
    expect(actor.getSnapshot().context.text).toBe('ｳﾀ ﾜｸ')
    expect(validated).toEqual(['歌枠'])

    actor.send({ type: 'liveTags.remove', tag: '歌' })
    actor.send({ type: 'liveTags.save' })
    await vi.advanceTimersByTimeAsync(0)
    expect(sent).toEqual([{ live_id: 70, tags: ['歌枠'] }])
    expect(actor.getSnapshot().context.tags).toEqual(['歌枠'])
    actor.stop()
    vi.useRealTimers()
  })
})

const live = (id: number, view: number) => ({ live_id: id, view_num: view }) as OnliveItem

describe('tagged lives machine graph', () => {
  it('loads the rooms on air with the tag, with a retry after a failure', () => {
    const walk = walkMachine(taggedLivesMachine, {
      input: { tag: '歌枠' },
      events: [
        { type: 'tagged.retry' },
        { type: 'xstate.done.actor.loadLives', output: [live(1, 9), live(2, 3)] },
        { type: 'xstate.error.actor.loadLives', error: lost },
      ] as Array<EventFromLogic<typeof taggedLivesMachine>>,
      key: (s) => ({ value: s.value, n: s.context.lives?.length ?? null }),
      invariant: (_from, _event, to) => {
        if (to.matches('shown')) expect(to.context.lives).not.toBeNull()
        expect(to.context.tag).toBe('歌枠')
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })
})
