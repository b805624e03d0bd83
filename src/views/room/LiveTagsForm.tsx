import { shallowEqual, useSelector } from '@xstate/react'
import { useId, type KeyboardEvent } from 'react'
import type { ActorRefFrom } from 'xstate'
import { LIVE_TAG_MAX_LENGTH, LIVE_TAGS_PER_LIVE } from '../../domain/live-tags.ts'
import type { liveTagsMachine } from '../../machines/live-tags/live-tags.machine.ts'
import { useT } from '../app-context.tsx'
import './live-tags.css'

export type LiveTagsActor = ActorRefFrom<typeof liveTagsMachine>

/**
 * The owner's tags of the live on air: the tags as removable chips, a field that suggests tags
 * in use (an ARIA combobox: the arrow keys move `aria-activedescendant`, Enter adds the chosen
 * one or what was typed, Escape closes the list), and one save for the whole list. A refused tag
 * stays in the field with the rule's message.
 */
export function LiveTagsForm({ actor }: { actor: LiveTagsActor }) {
  const { t } = useT()
  const id = useId()
  const status = useSelector(actor, (s) =>
    s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready',
  )
  return (
    <section className="live-tags-editor" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('owner.tags')}</h3>
      {status === 'loading' && <p aria-busy="true">{t('common.loading')}</p>}
      {status === 'failed' && (
        <div role="alert">
          <p>{t('owner.tagsLoadFailed')}</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => actor.send({ type: 'liveTags.retry' })}
          >
            {t('common.retry')}
          </button>
        </div>
      )}
      {status === 'ready' && <Editor actor={actor} id={id} />}
    </section>
  )
}

function Editor({ actor, id }: { actor: LiveTagsActor; id: string }) {
  const { t } = useT()
  const view = useSelector(
    actor,
    (s) => ({
      draft: s.context.draft,
      text: s.context.text,
      error: s.context.error,
      suggestions: s.context.suggestions,
      active: s.context.active,
      open: s.matches({ ready: { editing: 'open' } }),
      checking: s.matches({ ready: 'checking' }),
      busy: s.matches({ ready: 'checking' }) || s.matches({ ready: 'saving' }),
    }),
    shallowEqual,
  )
  const optionId = (i: number) => `${id}-option-${i}`
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') actor.send({ type: 'liveTags.next' })
    else if (e.key === 'ArrowUp') actor.send({ type: 'liveTags.previous' })
    else if (e.key === 'Escape' && view.open) actor.send({ type: 'liveTags.close' })
    else return
    e.preventDefault()
  }
  return (
    <>
      {view.draft.length === 0 ? (
        <p className="live-tags-editor__hint">{t('owner.tagsNone')}</p>
      ) : (
        <ul className="live-tags-editor__chips" aria-label={t('owner.tags')}>
          {view.draft.map((tag) => (
            <li key={tag} className="live-tags-editor__chip">
              <span>#{tag}</span>
              <button
                type="button"
                className="live-tags-editor__remove"
                aria-label={t('owner.tagsRemove', { tag })}
                aria-disabled={view.busy}
                onClick={() => actor.send({ type: 'liveTags.remove', tag })}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="live-tags-editor__add"
        onSubmit={(e) => {
          // Enter in the field, or the button: the chosen suggestion or what was typed.
          e.preventDefault()
          actor.send({ type: 'liveTags.add' })
        }}
      >
        <label className="field__label" htmlFor={`${id}-field`}>
          {t('owner.tagsField', { max: LIVE_TAG_MAX_LENGTH })}
        </label>
        <div className="live-tags-editor__row">
          <div className="live-tags-editor__combo">
            <input
              id={`${id}-field`}
              className="field__input"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={view.open}
              aria-controls={`${id}-list`}
              aria-activedescendant={
                view.open && view.active !== null ? optionId(view.active) : undefined
              }
              aria-invalid={view.error ? true : undefined}
              aria-describedby={view.error ? `${id}-error` : `${id}-hint`}
              autoComplete="off"
              readOnly={view.checking}
              value={view.text}
              onChange={(e) => actor.send({ type: 'liveTags.type', text: e.target.value })}
              onKeyDown={onKeyDown}
              onBlur={() => actor.send({ type: 'liveTags.close' })}
            />
            <ul
              id={`${id}-list`}
              role="listbox"
              aria-label={t('owner.tagsSuggestions')}
              className="live-tags-editor__list"
              hidden={!view.open}
            >
              {view.open &&
                view.suggestions.map((s, i) => (
                  <li
                    key={s.tag}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === view.active}
                    className="live-tags-editor__option"
                    // Keeps the focus in the field, so its blur does not close the list first.
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => actor.send({ type: 'liveTags.pick', tag: s.tag })}
                  >
                    <span>#{s.tag}</span>
                    <span className="live-tags-editor__count">
                      {t('owner.tagsOnAir', { num: s.onlive_num })}
                    </span>
                  </li>
                ))}
            </ul>
          </div>
          <button type="submit" className="button button--ghost" aria-disabled={view.busy}>
            {t('owner.tagsAdd')}
          </button>
        </div>
        {view.error && (
          <span id={`${id}-error`} className="field__error" role="alert">
            {view.error}
          </span>
        )}
        <p id={`${id}-hint`} className="live-tags-editor__hint">
          {t('owner.tagsHint', { max: LIVE_TAGS_PER_LIVE })}
        </p>
      </form>
      <div>
        <button
          type="button"
          className="button button--primary"
          aria-disabled={view.busy}
          onClick={() => actor.send({ type: 'liveTags.save' })}
        >
          {t('owner.tagsSave')}
        </button>
      </div>
    </>
  )
}
