import { shallowEqual, useSelector } from '@xstate/react'
import { useEffect, useId, type KeyboardEvent } from 'react'
import type { searchBoxMachine } from '../../machines/search/search-box.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import './search.css'

export interface SearchBoxProps {
  logic: typeof searchBoxMachine
  /** What was typed into the plain field before this box loaded. */
  initial: string
  /** Escape with no suggestions open: the phone's field closes. */
  onDismiss: () => void
}

/**
 * The header's search field as an ARIA combobox: the suggestions are a listbox, the arrow keys
 * move `aria-activedescendant` through them (focus stays in the field), Enter opens the chosen
 * room or the results page, Escape closes the list.
 */
export function SearchBox({ logic, initial, onDismiss }: SearchBoxProps) {
  const { t } = useT()
  const actor = usePageActor(logic)
  const id = useId()
  useEffect(() => {
    if (initial.trim() !== '') actor.send({ type: 'search.type', keyword: initial })
    // Only what was typed before the box loaded; the machine keeps the keyword afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor])
  const view = useSelector(
    actor,
    (s) => ({
      keyword: s.context.keyword,
      rooms: s.context.suggestions,
      active: s.context.active,
      open: s.matches('open'),
    }),
    shallowEqual,
  )
  const optionId = (i: number) => `${id}-option-${i}`
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault()
        actor.send({ type: 'search.next' })
        break
      case 'ArrowUp':
        e.preventDefault()
        actor.send({ type: 'search.previous' })
        break
      case 'Enter':
        e.preventDefault()
        actor.send({ type: 'search.submit' })
        break
      case 'Escape':
        e.preventDefault()
        if (view.open) actor.send({ type: 'search.close' })
        else onDismiss()
        break
    }
  }
  return (
    <div className="search-box">
      <input
        // The field this one replaces had the focus (or the phone's search button opened it).
        autoFocus
        type="search"
        name="keyword"
        role="combobox"
        className="search-box__input"
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        aria-autocomplete="list"
        aria-expanded={view.open}
        aria-controls={`${id}-list`}
        aria-activedescendant={
          view.open && view.active !== null ? optionId(view.active) : undefined
        }
        autoComplete="off"
        value={view.keyword}
        onChange={(e) => actor.send({ type: 'search.type', keyword: e.target.value })}
        onKeyDown={onKeyDown}
        onBlur={() => actor.send({ type: 'search.close' })}
      />
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={t('search.suggestions')}
        className="search-box__list"
        hidden={!view.open}
      >
        {view.open &&
          view.rooms.map((room, i) => (
            <li
              key={room.room_id}
              id={optionId(i)}
              role="option"
              aria-selected={i === view.active}
              className="search-box__option"
              // Keeps the focus in the field, so its blur does not close the list first.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => actor.send({ type: 'search.pick', index: i })}
            >
              <span className="search-box__name">{room.room_name}</span>
              <span className="search-box__meta">
                {room.is_online && <span className="search-box__live">{t('room.onAir')}</span>}
                {room.genre_name}
              </span>
            </li>
          ))}
      </ul>
    </div>
  )
}
