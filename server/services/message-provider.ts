// The message provider as a type alone: env.ts and the services import it without the outbox.

export interface OutgoingMessage {
  channel: 'sms' | 'mail'
  recipient: string
  subject?: string
  body: string
}

/** Where SMS and mail go. A real provider (an SMS gateway, SMTP) implements the same call. */
export interface MessageProvider {
  send(message: OutgoingMessage): Promise<void>
}
