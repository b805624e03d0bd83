import { createContext, useContext, useEffect } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { InquiryPage, inquiryMachine } from '../../machines/inquiry/inquiry.machine.ts'

export type InquiryActor = ActorRefFrom<typeof inquiryMachine>

/** The inquiry actor of /inquiry, /inquiry/post and /inquiry/confirm (their layout makes it). */
export const InquiryContext = createContext<InquiryActor | null>(null)

/** Tells the inquiry which step's page is open (a link, browser back or a reload all land here). */
export function useInquiryVisit(page: InquiryPage): InquiryActor {
  const actor = useContext(InquiryContext)
  if (!actor) throw new Error('useInquiryVisit outside the /inquiry layout')
  useEffect(() => {
    actor.send({ type: 'inquiry.visit', page })
  }, [actor, page])
  return actor
}
