import { useRouter, useRouterState } from '@tanstack/react-router'
import { useRef, useState, type SyntheticEvent } from 'react'
import { useT } from '../app-context.tsx'
import type { SearchBoxProps } from './SearchBox.tsx'

type Loaded = Pick<SearchBoxProps, 'logic'> & {
  Box: (props: SearchBoxProps) => React.JSX.Element
}

/**
 * The header's search, kept small because it is on every page: a plain field in a form (it
 * searches even before any script of its own has loaded) that, once focused, or opened with the
 * search button on a phone, loads the combobox with its suggestions and takes its place.
 */
export function SearchSlot() {
  const { t } = useT()
  const router = useRouter()
  const [draft, setDraft] = useState('')
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const loading = useRef(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const plain = useRef<HTMLInputElement>(null)
  const path = useRouterState({ select: (s) => s.location.pathname })
  // The phone's field is open on the page it was opened on: a room or the results opened from
  // it close it.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === path

  const load = () => {
    if (loading.current) return
    loading.current = true
    Promise.all([import('./SearchBox.tsx'), router.options.context.search()]).then(
      ([m, machines]) => setLoaded({ Box: m.SearchBox, logic: machines.box }),
      // The plain field keeps working; the next focus tries again.
      () => void (loading.current = false),
    )
  }
  const submit = (e: SyntheticEvent) => {
    e.preventDefault()
    const keyword = draft.trim()
    if (keyword !== '') void router.navigate({ to: '/search', search: { keyword } })
  }
  const dismiss = () => {
    setOpenOn(null)
    toggle.current?.focus()
  }

  return (
    <div className="header-search">
      <button
        ref={toggle}
        type="button"
        className="header-search__toggle"
        aria-expanded={open}
        aria-controls="site-search"
        aria-label={t('search.open')}
        onClick={() => {
          setOpenOn(open ? null : path)
          load()
          if (!open) queueMicrotask(() => plain.current?.focus())
        }}
      >
        <span className="header-search__icon" aria-hidden="true" />
      </button>
      <form
        id="site-search"
        role="search"
        action="/search"
        className={open ? 'header-search__form header-search__form--open' : 'header-search__form'}
        onSubmit={submit}
      >
        {loaded ? (
          <loaded.Box logic={loaded.logic} initial={draft} onDismiss={dismiss} />
        ) : (
          <input
            ref={plain}
            type="search"
            name="keyword"
            className="search-box__input"
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onFocus={load}
          />
        )}
      </form>
    </div>
  )
}
