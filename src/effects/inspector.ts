import type { ActorRefLike, InspectionEvent, Observer } from 'xstate'
import {
  FLOWS_CHANNEL,
  FLOWS_LISTENING_MS,
  payloadText,
  readFlowMessage,
  type FlowMessage,
} from '../domain/flow-messages.ts'

type InspectObserver = (event: InspectionEvent) => void

/** Past this many known actors, the stopped ones are dropped when the next one starts. */
const PRUNE_AT = 64

/** The `inspect` option every actor of the app is created with. */
export interface FlowInspector {
  inspect: Observer<InspectionEvent>
  /** Another observer (e.g. @statelyai/inspect with VITE_INSPECT=1). */
  add: (observer: InspectObserver) => void
}

/** The machine behind an actor (actor refs carry their logic at run time), or null. */
const machineIdOf = (ref: ActorRefLike): string | null => {
  const logic = (ref as { logic?: { id?: unknown; root?: unknown } }).logic
  return typeof logic?.id === 'string' && logic.root !== undefined ? logic.id : null
}

/**
 * Reports this tab's machine actors to the flow visualizer (/dev/flows, in this tab or another)
 * over a BroadcastChannel: their state as it changes and the events they receive. Nothing is sent
 * unless a visualizer said hello in the last few seconds; one saying hello gets every live
 * actor's state at once.
 */
export function createFlowInspector(options: { enabled: boolean }): FlowInspector {
  const extra: InspectObserver[] = []
  const channel =
    options.enabled && typeof BroadcastChannel !== 'undefined'
      ? new BroadcastChannel(FLOWS_CHANNEL)
      : null
  const tab = Math.random().toString(36).slice(2, 10)
  const ids = new WeakMap<ActorRefLike, string>()
  const live = new Map<string, ActorRefLike>()
  let nextId = 0
  let heardAt = Number.NEGATIVE_INFINITY
  const listening = () => Date.now() - heardAt < FLOWS_LISTENING_MS
  const idOf = (ref: ActorRefLike) => {
    let id = ids.get(ref)
    if (id === undefined) {
      id = `${machineIdOf(ref) ?? 'actor'}#${++nextId}`
      ids.set(ref, id)
    }
    return id
  }
  const post = (message: FlowMessage) => channel?.postMessage(message)
  const postState = (ref: ActorRefLike) => {
    const snapshot = ref.getSnapshot() as { value?: unknown; status: string }
    const id = idOf(ref)
    if (snapshot.status !== 'active') live.delete(id)
    post({
      kind: 'actor',
      tab,
      actorId: id,
      machineId: machineIdOf(ref) ?? '',
      value: snapshot.value as Extract<FlowMessage, { kind: 'actor' }>['value'],
      status: snapshot.status as 'active',
      at: Date.now(),
    })
  }

  if (channel) {
    channel.onmessage = (e: MessageEvent) => {
      if (readFlowMessage(e.data)?.kind !== 'hello') return
      heardAt = Date.now()
      for (const ref of live.values()) postState(ref)
    }
  }

  const observe: InspectObserver = (event) => {
    for (const o of extra) o(event)
    if (!channel || machineIdOf(event.actorRef) === null) return
    if (event.type === '@xstate.actor') {
      // Stopped actors leave the registry here too, so an unwatched app keeps no dead actors.
      if (live.size >= PRUNE_AT) {
        for (const [id, ref] of live) {
          if ((ref.getSnapshot() as { status: string }).status !== 'active') live.delete(id)
        }
      }
      live.set(idOf(event.actorRef), event.actorRef)
    }
    if (!listening()) return
    if (event.type === '@xstate.snapshot') postState(event.actorRef)
    else if (event.type === '@xstate.event' && !event.event.type.startsWith('xstate.')) {
      post({
        kind: 'event',
        tab,
        actorId: idOf(event.actorRef),
        machineId: machineIdOf(event.actorRef) ?? '',
        type: event.event.type,
        payload: payloadText(event.event),
        at: Date.now(),
      })
    }
  }
  return { inspect: { next: observe }, add: (o) => void extra.push(o) }
}

/** The visualizer's side: hello now and then, and every message heard. Returns the stop. */
export function listenToFlows(onMessage: (message: FlowMessage) => void, helloMs: number) {
  if (typeof BroadcastChannel === 'undefined') return () => {}
  const channel = new BroadcastChannel(FLOWS_CHANNEL)
  channel.onmessage = (e: MessageEvent) => {
    const message = readFlowMessage(e.data)
    if (message && message.kind !== 'hello') onMessage(message)
  }
  const hello = () => channel.postMessage({ kind: 'hello' } satisfies FlowMessage)
  hello()
  const timer = setInterval(hello, helloMs)
  return () => {
    clearInterval(timer)
    channel.close()
  }
}
