import { useSelector } from '@xstate/react'
import type { PartyChannel } from '../../contract/party.ts'
import { formatCompactCount } from '../../domain/compact-count.ts'
import type { partyChannelsMachine } from '../../machines/party/party-channels.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { RoomLink } from '../components/RoomLink.tsx'
import './party.css'

/**
 * The party strip under the player (issue #22): the party's name and its rooms, the one watched
 * marked, the others a tap away (a router link: the room page changes without a reload). Nothing
 * for a room in no party.
 */
export function PartyStrip({
  logic,
  roomId,
}: {
  logic: typeof partyChannelsMachine
  roomId: number
}) {
  const { t } = useT()
  const actor = usePageActor(logic, { input: { roomId } })
  const party = useSelector(actor, (s) => s.context.party)
  const channels = useSelector(actor, (s) => s.context.channels)
  if (party === null || channels.length === 0) return null
  return (
    <nav className="party-strip" aria-label={t('party.stripLabel')} data-testid="party-strip">
      <p className="party-strip__name">{t('party.strip', { name: party.name })}</p>
      <ul className="party-strip__list">
        {channels.map((c) => (
          <li key={c.room_id}>
            {c.is_current ? (
              <span className="party-chip party-chip--current" aria-current="page">
                <ChipBody channel={c} />
              </span>
            ) : (
              <RoomLink roomUrlKey={c.room_url_key} className="party-chip">
                <ChipBody channel={c} />
              </RoomLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}

function ChipBody({ channel }: { channel: PartyChannel }) {
  const { t, locale } = useT()
  return (
    <>
      <img className="party-chip__image" src={channel.image} alt="" width={40} height={40} />
      <span className="party-chip__text">
        <span className="party-chip__name">{channel.main_name}</span>
        <span className="party-chip__meta">
          {channel.is_onlive ? (
            <span className="party-chip__badge">{t('room.onAir')}</span>
          ) : (
            <span className="party-chip__off">{t('party.offAir')}</span>
          )}
          {channel.is_onlive && (
            <span className="party-chip__viewers">
              {t('party.viewers', { count: formatCompactCount(channel.view_num, locale) })}
            </span>
          )}
          {channel.is_current && <span className="party-chip__current">{t('party.current')}</span>}
        </span>
      </span>
    </>
  )
}
