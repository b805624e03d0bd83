import { createContext, useContext, type ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import type { liveTagsMachine } from '../../machines/live-tags/live-tags.machine.ts'
import { usePageActor } from '../app-context.tsx'
import { TagLinks } from '../components/TagLinks.tsx'
import { LiveTagsForm, type LiveTagsActor } from './LiveTagsForm.tsx'

// The tags under the room's details and the owner's editor are far apart in the page: one actor
// reaches both through this context, so a save shows on the room at once.
const LiveTagsContext = createContext<LiveTagsActor | null>(null)

/** Starts the live-tags actor of the room for everything inside (the room page once loaded). */
export function LiveTagsScope({
  logic,
  roomId,
  children,
}: {
  logic: typeof liveTagsMachine
  roomId: number
  children: ReactNode
}) {
  const actor = usePageActor(logic, { input: { roomId } })
  return <LiveTagsContext.Provider value={actor}>{children}</LiveTagsContext.Provider>
}

/** The live's tags as `#tag` links, for everyone; nothing without tags. */
export function LiveTagsLine() {
  const actor = useContext(LiveTagsContext)
  return actor && <Line actor={actor} />
}

function Line({ actor }: { actor: LiveTagsActor }) {
  const tags = useSelector(actor, (s) => s.context.tags)
  return <TagLinks tags={tags} className="room__tags" />
}

/** The owner's editor of the live's tags (in the owner panel while on air). */
export function LiveTagsEditor() {
  const actor = useContext(LiveTagsContext)
  return actor && <LiveTagsForm actor={actor} />
}
