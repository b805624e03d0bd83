import { shallowEqual, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { OwnedAvatar } from '../../contract/avatar.ts'
import type { avatarMachine } from '../../machines/avatar/avatar.machine.ts'
import { usePageActor, useT } from '../app-context.tsx'
import { LoadFailed } from '../components/StatusBlocks.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import './user-avatar.css'

type Logic = typeof avatarMachine
type AvatarActor = ActorRefFrom<Logic>

/** A default's name in the page's locale; a prize keeps its own (as the gacha pages show it). */
function useAvatarName() {
  const { t } = useT()
  return (a: OwnedAvatar) => (a.is_default ? t('avatar.basic', { n: a.avatar_id + 1 }) : a.name)
}

/** `/user_avatar`: the avatars the user owns, the one worn, favourites and their filter. */
export function UserAvatarPage({ logic }: { logic: Logic }) {
  const { t } = useT()
  const actor = usePageActor(logic)
  const view = useSelector(
    actor,
    (s) => ({ loading: s.matches('loading'), failed: s.matches('loadFailed') }),
    shallowEqual,
  )
  useDocumentTitle(t('avatar.title'))
  if (view.failed) {
    return (
      <LoadFailed
        message={t('avatar.loadFailed')}
        onRetry={() => actor.send({ type: 'avatar.retry' })}
      />
    )
  }
  if (view.loading) return <p aria-busy="true">{t('common.loading')}</p>
  return (
    <section className="user-avatar" aria-labelledby="user-avatar-title">
      <h1 id="user-avatar-title">{t('avatar.title')}</h1>
      <Worn actor={actor} />
      <p className="user-avatar__about">{t('avatar.about')}</p>
      <Filter actor={actor} />
      <AvatarGrid actor={actor} />
    </section>
  )
}

/** The avatar worn now, large: what the header, comments and gift logs show. */
function Worn({ actor }: { actor: AvatarActor }) {
  const { t } = useT()
  const name = useAvatarName()
  const worn = useSelector(actor, (s) =>
    s.context.avatars.find((a) => a.avatar_id === s.context.currentAvatarId),
  )
  if (!worn) return null
  return (
    <div className="user-avatar__worn" data-testid="avatar-worn">
      <img src={worn.avatar_url} alt="" width={72} height={72} />
      <p>
        <span className="user-avatar__worn-label">{t('avatar.wornLabel')}</span>
        <strong>{name(worn)}</strong>
      </p>
    </div>
  )
}

function Filter({ actor }: { actor: AvatarActor }) {
  const { t } = useT()
  const favsOnly = useSelector(actor, (s) => s.context.favsOnly)
  const options = [
    { favsOnly: false, label: t('avatar.all') },
    { favsOnly: true, label: t('avatar.favsOnly') },
  ]
  return (
    <div className="user-avatar__filter" role="group" aria-label={t('avatar.filter')}>
      {options.map((o) => (
        <button
          key={String(o.favsOnly)}
          type="button"
          className={o.favsOnly === favsOnly ? 'chip chip--on' : 'chip'}
          aria-pressed={o.favsOnly === favsOnly}
          onClick={() => actor.send({ type: 'avatar.filter', favsOnly: o.favsOnly })}
        >
          {o.label}
        </button>
      ))}
    </div>
  )
}

function AvatarGrid({ actor }: { actor: AvatarActor }) {
  const { t } = useT()
  const view = useSelector(
    actor,
    (s) => ({
      avatars: s.context.favsOnly ? s.context.avatars.filter((a) => a.is_fav) : s.context.avatars,
      currentId: s.context.currentAvatarId,
      pendingId: s.context.pendingId,
    }),
    shallowEqual,
  )
  if (view.avatars.length === 0) {
    return (
      <div className="list-empty">
        <p>{t('avatar.noFavs')}</p>
      </div>
    )
  }
  return (
    <ul className="user-avatar__grid" aria-label={t('avatar.list')}>
      {view.avatars.map((a) => (
        <AvatarCard
          key={a.avatar_id}
          actor={actor}
          avatar={a}
          worn={a.avatar_id === view.currentId}
          pending={a.avatar_id === view.pendingId}
          busy={view.pendingId !== null}
        />
      ))}
    </ul>
  )
}

function AvatarCard(props: {
  actor: AvatarActor
  avatar: OwnedAvatar
  worn: boolean
  pending: boolean
  busy: boolean
}) {
  const { actor, avatar, worn, pending, busy } = props
  const { t } = useT()
  const name = useAvatarName()(avatar)
  return (
    <li
      className={worn ? 'user-avatar__card user-avatar__card--worn' : 'user-avatar__card'}
      aria-busy={pending}
      data-testid={`avatar-${avatar.avatar_id}`}
    >
      <button
        type="button"
        className="user-avatar__choose"
        aria-pressed={worn}
        // Busy: the press waits for the request on its way (the machine would not send it).
        aria-disabled={busy && !worn}
        onClick={() => actor.send({ type: 'avatar.choose', avatarId: avatar.avatar_id })}
      >
        <img src={avatar.avatar_url} alt="" width={64} height={64} loading="lazy" />
        {/* Named by its content (no aria-label that could differ from what is seen): the
            name as shown, said as what the press does, or that it is worn. */}
        <span className="user-avatar__name" aria-hidden="true">
          {name}
        </span>
        <span className="visually-hidden">
          {worn ? `${name}（${t('avatar.worn')}）` : t('avatar.choose', { name })}
        </span>
        {avatar.rarity && <span className="user-avatar__rarity">{avatar.rarity}</span>}
        {worn && (
          <span className="user-avatar__worn-mark" aria-hidden="true">
            {t('avatar.worn')}
          </span>
        )}
      </button>
      <button
        type="button"
        className={avatar.is_fav ? 'user-avatar__fav user-avatar__fav--on' : 'user-avatar__fav'}
        aria-pressed={avatar.is_fav}
        aria-label={t(avatar.is_fav ? 'avatar.favRemove' : 'avatar.favAdd', { name })}
        aria-disabled={busy}
        onClick={() =>
          actor.send({ type: 'avatar.fav', avatarId: avatar.avatar_id, isFav: !avatar.is_fav })
        }
      >
        <span aria-hidden="true">{avatar.is_fav ? '★' : '☆'}</span>
      </button>
    </li>
  )
}
