import type { VirtualRoom, VirtualRoomsAnswer } from '../../contract/virtual.ts'
import { useT } from '../app-context.tsx'
import { VirtualRoomCard } from './VirtualRoomCard.tsx'

const SECTIONS = [
  { key: 'onlives', title: 'virtual.rooms.onlives', empty: 'virtual.rooms.noOnlives' },
  { key: 'newcomers', title: 'virtual.rooms.newcomers', empty: 'virtual.rooms.noRooms' },
  { key: 'popular', title: 'virtual.rooms.popular', empty: 'virtual.rooms.noRooms' },
] as const

/** `/virtual_liver`: the virtual livers on air now, the new ones and the popular ones. */
export function VirtualRooms({ rooms }: { rooms: VirtualRoomsAnswer }) {
  const { t } = useT()
  return (
    <>
      {SECTIONS.map((s) => (
        <section key={s.key} className="virtual__section" aria-labelledby={`virtual-${s.key}`}>
          <h2 id={`virtual-${s.key}`}>{t(s.title)}</h2>
          <RoomList rooms={rooms[s.key]} empty={t(s.empty)} testId={`virtual-${s.key}`} />
        </section>
      ))}
    </>
  )
}

function RoomList({
  rooms,
  empty,
  testId,
}: {
  rooms: VirtualRoom[]
  empty: string
  testId: string
}) {
  if (rooms.length === 0) return <p className="virtual__empty">{empty}</p>
  return (
    <ul className="virtual__cards" data-testid={testId}>
      {rooms.map((r) => (
        <VirtualRoomCard key={r.room_id} room={r} />
      ))}
    </ul>
  )
}
