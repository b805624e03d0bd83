import type { StateValue } from 'xstate'

/** The channel the app's tabs report their actors on, and the flow visualizer listens to. */
export const FLOWS_CHANNEL = 'kirari-flows'
/** A visualizer says hello this often; tabs report while they have heard one lately. */
export const FLOWS_HELLO_MS = 2000
export const FLOWS_LISTENING_MS = 6000

/** What travels on the channel. */
export type FlowMessage =
  | { kind: 'hello' }
  | {
      kind: 'actor'
      tab: string
      actorId: string
      machineId: string
      value: StateValue
      status: 'active' | 'done' | 'error' | 'stopped'
      at: number
    }
  | {
      kind: 'event'
      tab: string
      actorId: string
      machineId: string
      type: string
      payload: string
      at: number
    }

const PAYLOAD_MAX = 1500

/** An event's payload as short JSON text: no cycles, errors by their message, cut at a length. */
export function payloadText(event: Record<string, unknown>): string {
  const seen = new WeakSet()
  const { type: _type, ...rest } = event
  let text: string
  try {
    text = JSON.stringify(rest, (_key, value: unknown) => {
      if (value instanceof Error) return `${value.name}: ${value.message}`
      if (typeof value === 'function') return undefined
      if (typeof value === 'object' && value !== null) {
        if (seen.has(value)) return '[circular]'
        seen.add(value)
      }
      return value
    })
  } catch {
    text = '"[unreadable]"'
  }
  return text.length > PAYLOAD_MAX ? `${text.slice(0, PAYLOAD_MAX)}…` : text
}

/** A message from the channel, checked, or null. */
export function readFlowMessage(data: unknown): FlowMessage | null {
  if (typeof data !== 'object' || data === null || !('kind' in data)) return null
  const kind = data.kind
  return kind === 'hello' || kind === 'actor' || kind === 'event' ? (data as FlowMessage) : null
}
