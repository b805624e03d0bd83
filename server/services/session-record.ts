/** A visitor's session as a request holds it (services/sessions.ts reads and writes them). */
export interface Session {
  id: string
  userId: number | null
  csrfToken: string
}
