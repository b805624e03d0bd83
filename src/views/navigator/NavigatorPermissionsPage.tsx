import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { NavigatorEntry } from '../../contract/navigator.ts'
import type { navigatorPermissionsMachine } from '../../machines/navigator/navigator-permissions.machine.ts'
import { useApp, useT, usePageActor } from '../app-context.tsx'
import { LoadFailed } from '../components/StatusBlocks.tsx'
import { formatTokyo } from '../tokyo-time.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import {
  ConfirmDialog,
  NavigatorFormPanel,
  RightsGroup,
  type PermissionsActor,
} from './NavigatorForm.tsx'
import './navigator.css'

/**
 * `/organizer/room/{room_id}/navigator-permissions` (auth-organizer, issue #23): the room's
 * navigators grouped one by one with their rights; the organizer adds one by account id,
 * changes one's rights, or revokes them all after a confirm.
 */
export function NavigatorPermissionsPage({
  logic,
  roomId,
}: {
  logic: typeof navigatorPermissionsMachine
  roomId: number
}) {
  const { t } = useT()
  const actor = usePageActor(logic, { input: { mode: 'organizer', roomId, roomUrlKey: '' } })
  const roomName = useSelector(actor, (s) => s.context.answer?.room_name)
  useDocumentTitle(t('navigator.title'), roomName)
  return <PermissionsView actor={actor} title={t('navigator.title')} />
}

/**
 * `/room/manage/navigator` (auth, issue #23): the room owner reads who holds which right in
 * their room, and accepts or declines the organizer's link. A user without a room is told why
 * there is nothing here.
 */
export function RoomNavigatorPage({ logic }: { logic: typeof navigatorPermissionsMachine }) {
  const { t } = useT()
  const roomUrlKey = useApp((s) => s.context.user?.own_room_url_key ?? '')
  useDocumentTitle(t('navigator.ownerTitle'))
  if (roomUrlKey === '') {
    return (
      <section className="navigator" aria-labelledby="navigator-title">
        <h1 id="navigator-title">{t('navigator.ownerTitle')}</h1>
        <p data-testid="navigator-no-room">{t('navigator.noRoom')}</p>
      </section>
    )
  }
  return <OwnerView logic={logic} roomUrlKey={roomUrlKey} />
}

function OwnerView({
  logic,
  roomUrlKey,
}: {
  logic: typeof navigatorPermissionsMachine
  roomUrlKey: string
}) {
  const { t } = useT()
  const actor = usePageActor(logic, { input: { mode: 'owner', roomId: 0, roomUrlKey } })
  return (
    <PermissionsView actor={actor} title={t('navigator.ownerTitle')}>
      <LinkCard actor={actor} />
    </PermissionsView>
  )
}

function PermissionsView({
  actor,
  title,
  children,
}: {
  actor: PermissionsActor
  title: string
  children?: ReactNode
}) {
  const { t } = useT()
  const view = useSelector(
    actor,
    (s) => ({
      loading: s.matches('loading'),
      failed: s.matches('failed'),
      editing: s.context.form !== null,
      answer: s.context.answer,
      editingId: s.context.form?.isNew === false ? s.context.form.accountId : null,
      adding: s.context.form?.isNew === true,
    }),
    shallowEqual,
  )
  if (view.failed) {
    return (
      <LoadFailed
        message={t('navigator.loadFailed')}
        onRetry={() => actor.send({ type: 'permissions.retry' })}
      />
    )
  }
  if (view.loading || !view.answer) return <p aria-busy="true">{t('common.loading')}</p>
  const answer = view.answer
  return (
    <section className="navigator" aria-labelledby="navigator-title">
      <h1 id="navigator-title">{title}</h1>
      <p className="navigator__meta">
        <Link to="/r/$roomUrlKey" params={{ roomUrlKey: answer.room_url_key }}>
          {answer.room_name}
        </Link>
        {answer.organizer && ` · ${t('navigator.organizer', { name: answer.organizer.name })}`}
      </p>
      {answer.can_edit ? (
        <div className="navigator__top">
          <Link to="/organizer/rooms" className="button button--ghost">
            {t('navigator.backToRooms')}
          </Link>
          {!view.editing && (
            <button
              type="button"
              className="button button--primary"
              onClick={() => actor.send({ type: 'navigator.add' })}
            >
              {t('navigator.add')}
            </button>
          )}
        </div>
      ) : (
        <p className="navigator__meta">{t('navigator.readOnly')}</p>
      )}
      {children}
      {view.adding && <NavigatorFormPanel actor={actor} />}
      {answer.navigators.length === 0 ? (
        <p>{t('navigator.none')}</p>
      ) : (
        <ul className="navigator__list">
          {answer.navigators.map((n) =>
            view.editingId === n.account_id ? (
              <li key={n.user_id}>
                <NavigatorFormPanel actor={actor} />
              </li>
            ) : (
              <NavigatorCard
                key={n.user_id}
                navigator={n}
                actor={answer.can_edit && !view.editing ? actor : null}
              />
            ),
          )}
        </ul>
      )}
      <ConfirmDialog actor={actor} />
    </section>
  )
}

/** One navigator: who, their rights (read-only here), and the organizer's edit and revoke. */
function NavigatorCard({
  navigator: n,
  actor,
}: {
  navigator: NavigatorEntry
  actor: PermissionsActor | null
}) {
  const { t, locale } = useT()
  return (
    <li className="navigator__card" data-testid="navigator" data-account-id={n.account_id}>
      <div className="navigator__who">
        <img src={n.avatar_url} alt="" width={40} height={40} loading="lazy" />
        <span>
          <strong>{n.name}</strong> <span className="navigator__meta">@{n.account_id}</span>
        </span>
      </div>
      <RightsGroup
        legend={t('navigator.rightsOf', { name: n.name })}
        idPrefix={`navigator-${n.user_id}`}
        rights={n.rights}
      />
      <p className="navigator__meta">
        {t('navigator.updated', { at: formatTokyo(n.updated_at, locale) })}
      </p>
      {actor && (
        <div className="navigator__actions">
          <button
            type="button"
            className="button button--ghost"
            aria-label={t('navigator.editFor', { name: n.name })}
            onClick={() => actor.send({ type: 'navigator.edit', accountId: n.account_id })}
          >
            {t('navigator.edit')}
          </button>
          <button
            type="button"
            className="button button--ghost navigator__revoke"
            aria-label={t('navigator.revokeFor', { name: n.name })}
            onClick={() => actor.send({ type: 'navigator.revoke', accountId: n.account_id })}
          >
            {t('navigator.revoke')}
          </button>
        </div>
      )}
    </li>
  )
}

/** The owner's organizer link: asked (accept or decline), accepted (end it), or none. */
function LinkCard({ actor }: { actor: PermissionsActor }) {
  const { t } = useT()
  const view = useSelector(
    actor,
    (s) => ({ link: s.context.link, deciding: s.matches('deciding') }),
    shallowEqual,
  )
  const link = view.link
  return (
    <div className="navigator__card" data-testid="organizer-link" aria-busy={view.deciding}>
      <h2>{t('navigator.linkTitle')}</h2>
      {link === null ? (
        <p>{t('navigator.noLink')}</p>
      ) : (
        <>
          <p>
            {t(link.status === 'pending' ? 'navigator.linkPending' : 'navigator.linkAccepted', {
              name: link.organizer_name,
            })}
          </p>
          <div className="navigator__actions">
            {link.status === 'pending' && (
              <button
                type="button"
                className="button button--primary"
                disabled={view.deciding}
                onClick={() => actor.send({ type: 'link.accept' })}
              >
                {t('navigator.accept')}
              </button>
            )}
            <button
              type="button"
              className="button button--ghost"
              disabled={view.deciding}
              onClick={() => actor.send({ type: 'link.decline' })}
            >
              {t(link.status === 'pending' ? 'navigator.decline' : 'navigator.endLink')}
            </button>
          </div>
        </>
      )}
    </div>
  )
}
