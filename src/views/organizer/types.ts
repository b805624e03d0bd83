import type { ActorRefFrom } from 'xstate'
import type { organizerEventsMachine } from '../../machines/organizer/organizer-events.machine.ts'

export type OrganizerActor = ActorRefFrom<typeof organizerEventsMachine>
