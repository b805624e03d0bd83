import { createContext, useContext, type ReactNode } from 'react'
import { shallowEqual, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { liverThemeMachine } from '../../machines/liver-theme/liver-theme.machine.ts'
import { usePageActor, useT } from '../app-context.tsx'
import type { RoomActor } from '../room/types.ts'
import { ThemeGallery } from './ThemeGallery.tsx'
import { themeVars } from './theme-colors.ts'
import './room-theme.css'

type ThemeActor = ActorRefFrom<typeof liverThemeMachine>

const NO_STAMPS: string[] = []

// The room's colours, the stamps by the comment box and the owner's picker are far apart in the
// page: one actor reaches them all through this context, so a pick redraws the room at once.
const RoomThemeContext = createContext<ThemeActor | null>(null)

/**
 * Starts the room's theme actor and draws everything inside in the theme's colours (CSS variables
 * on a box that does not change the layout: room-theme.css uses them on the room's parts).
 */
export function RoomThemeScope({
  logic,
  roomId,
  isOwner,
  children,
}: {
  logic: typeof liverThemeMachine
  roomId: number
  isOwner: boolean
  children: ReactNode
}) {
  const actor = usePageActor(logic, { input: { roomId, isOwner } })
  const theme = useSelector(actor, (s) => s.context.theme)
  return (
    <RoomThemeContext.Provider value={actor}>
      <div
        className={theme ? 'room-theme room-theme--on' : 'room-theme'}
        style={theme ? themeVars(theme) : undefined}
        data-liver-theme={theme?.theme_id}
      >
        {children}
      </div>
    </RoomThemeContext.Provider>
  )
}

/**
 * The theme's stamps as a row of buttons by the comment box: a tap sends the stamp as a comment
 * through the room's own comment sending (a logged-out viewer gets the login modal).
 */
export function ThemeStamps({ room }: { room: RoomActor }) {
  const actor = useContext(RoomThemeContext)
  return actor && <Stamps actor={actor} room={room} />
}

function Stamps({ actor, room }: { actor: ThemeActor; room: RoomActor }) {
  const { t } = useT()
  const stamps = useSelector(actor, (s) => s.context.theme?.stamps ?? NO_STAMPS)
  const sending = useSelector(room, (s) => s.matches({ live: { composer: 'sending' } }))
  if (stamps.length === 0) return null
  return (
    <ul className="theme-stamps" aria-label={t('liverTheme.stampBar')} data-testid="theme-stamps">
      {stamps.map((stamp) => (
        <li key={stamp}>
          <button
            type="button"
            className="theme-stamps__button"
            disabled={sending}
            aria-label={t('liverTheme.sendStamp', { stamp })}
            // The room's own sending; what the viewer has typed stays in the box.
            onClick={() => {
              room.send({ type: 'comment.stamp', text: stamp })
            }}
          >
            {stamp}
          </button>
        </li>
      ))}
    </ul>
  )
}

/** The owner's theme picker (in the owner panel): the catalogue with a choose button, or none. */
export function ThemePicker() {
  const actor = useContext(RoomThemeContext)
  return actor && <Picker actor={actor} />
}

function Picker({ actor }: { actor: ThemeActor }) {
  const { t } = useT()
  const view = useSelector(
    actor,
    (s) => ({
      loading: s.matches('loading'),
      failed: s.matches('failed'),
      saving: s.matches('saving'),
      theme: s.context.theme,
      themes: s.context.themes,
    }),
    shallowEqual,
  )
  const currentId = view.theme?.theme_id ?? null
  return (
    <details className="theme-picker" data-testid="theme-picker">
      <summary>{t('liverTheme.pickerTitle')}</summary>
      <p className="field__hint">{t('liverTheme.pickerAbout')}</p>
      {view.loading && <p aria-busy="true">{t('common.loading')}</p>}
      {view.failed && (
        <div role="alert">
          <p>{t('liverTheme.loadFailed')}</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => actor.send({ type: 'theme.retry' })}
          >
            {t('common.retry')}
          </button>
        </div>
      )}
      {!view.loading && !view.failed && (
        <div className="theme-picker__body" aria-busy={view.saving}>
          <p className="theme-picker__current" data-testid="theme-current">
            {view.theme
              ? t('liverTheme.current', { name: view.theme.name })
              : t('liverTheme.currentNone')}
          </p>
          <button
            type="button"
            className="button button--ghost"
            disabled={view.saving || currentId === null}
            onClick={() => actor.send({ type: 'theme.pick', themeId: 0 })}
          >
            {t('liverTheme.none')}
          </button>
          <ThemeGallery
            themes={view.themes}
            currentId={currentId}
            busy={view.saving}
            onChoose={(themeId) => actor.send({ type: 'theme.pick', themeId })}
          />
        </div>
      )}
    </details>
  )
}
