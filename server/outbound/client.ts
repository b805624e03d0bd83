import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { refusedAddress } from './address-policy.ts'

// The one guarded client for anything the server fetches at a user's word (push endpoints,
// callbacks, URLs): the URL's scheme, port and host checked, its host resolved and every address
// checked, the checked address the one connected to (a second DNS answer cannot swap it), a
// total deadline over connect, request and the whole answer, a cap on the answer's size, and an
// abort for shutdown.

/** Where the server may connect. */
export interface OutboundPolicy {
  /**
   * Loopback addresses, and plain http to them: the tests' local services only. Never in
   * production (the config refuses it there).
   */
  allowLoopback: boolean
  /** Ports allowed (null: any). */
  ports: readonly number[] | null
  /** The host or one of its parent domains must be one of these (null: any public host). */
  hostSuffixes: readonly string[] | null
}

/** A host's addresses, as `dns.lookup` with `all` answers them; tests put their own in. */
export type Resolve = (hostname: string) => Promise<Array<{ address: string; family: number }>>

export const systemResolve: Resolve = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true })

/**
 * refused: the policy says no (nothing was sent); timeout: no whole answer by the deadline;
 * too-large: the answer passed the cap; aborted: the caller stopped it; network: the rest.
 */
export type OutboundFailure = 'refused' | 'timeout' | 'too-large' | 'aborted' | 'network'

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    message: string,
  ) {
    super(message)
    this.name = 'OutboundError'
  }
}

export interface OutboundResponse {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

const bareHost = (url: URL) =>
  url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase()

/** Why the URL itself is refused (scheme, credentials, port, host), before any DNS; or null. */
export function urlRefusal(url: URL, policy: OutboundPolicy): string | null {
  const plain = url.protocol === 'http:'
  if (url.protocol !== 'https:' && !(plain && policy.allowLoopback)) return 'not an https URL'
  if (url.username || url.password) return 'a URL with credentials'
  const port = url.port === '' ? (plain ? 80 : 443) : Number(url.port)
  if (policy.ports && !policy.ports.includes(port)) return `port ${port} is not allowed`
  const host = bareHost(url)
  const suffixes = policy.hostSuffixes
  if (suffixes && !suffixes.some((s) => host === s || host.endsWith(`.${s}`))) {
    return `${host} is not an allowed host`
  }
  return null
}

/**
 * The address to connect to for `url`: every address its host resolves to must pass (one
 * private address among public ones is refused too), and plain http only to loopback.
 */
export async function checkedAddress(
  url: URL,
  policy: OutboundPolicy,
  resolve: Resolve = systemResolve,
): Promise<{ address: string; family: number }> {
  const refusal = urlRefusal(url, policy)
  if (refusal) throw new OutboundError('refused', refusal)
  const host = bareHost(url)
  let answers: Array<{ address: string; family: number }>
  try {
    answers = await resolve(host)
  } catch (error) {
    throw new OutboundError('network', `${host} does not resolve (${String(error)})`)
  }
  const first = answers[0]
  if (!first) throw new OutboundError('network', `${host} has no address`)
  for (const { address } of answers) {
    const why = refusedAddress(address, policy)
    if (why) throw new OutboundError('refused', `${host} is a ${why} address (${address})`)
    if (url.protocol === 'http:' && refusedAddress(address) !== 'loopback') {
      throw new OutboundError('refused', 'plain http is for loopback only')
    }
  }
  return first
}

/**
 * checkedAddress settled by `deadlineMs`: a name whose DNS does not answer in time is refused
 * ('timeout') rather than holding the caller. The lookup itself cannot be called back and ends
 * in its own time; only the wait for it is bounded.
 */
export function checkedAddressWithin(
  url: URL,
  policy: OutboundPolicy,
  options: { deadlineMs: number; resolve?: Resolve },
): Promise<{ address: string; family: number }> {
  return untilAborted(
    checkedAddress(url, policy, options.resolve),
    AbortSignal.timeout(options.deadlineMs),
    () =>
      new OutboundError(
        'timeout',
        `${bareHost(url)} did not resolve within ${options.deadlineMs} ms`,
      ),
  )
}

/** A `lookup` that answers the checked address whatever the name, in both of net's forms. */
function pinnedLookup(target: { address: string; family: number }): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [target])
    else callback(null, target.address, target.family)
  }
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal, failure: () => Error) {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(failure())
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/**
 * One request through the guard. Resolves with the whole answer (its body at most `maxBytes`),
 * or rejects with an OutboundError; it settles by `deadlineMs` whatever the other end does.
 */
export async function guardedRequest(
  url: URL,
  init: {
    method: string
    headers?: http.OutgoingHttpHeaders
    body?: Buffer
    agent?: http.Agent
  },
  options: {
    policy: OutboundPolicy
    deadlineMs: number
    maxBytes: number
    resolve?: Resolve
    signal?: AbortSignal
  },
): Promise<OutboundResponse> {
  const deadline = AbortSignal.timeout(options.deadlineMs)
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline
  const failure = () =>
    deadline.aborted
      ? new OutboundError('timeout', `no whole answer within ${options.deadlineMs} ms`)
      : new OutboundError('aborted', 'stopped')
  const stillOn = () => {
    try {
      signal.throwIfAborted()
    } catch {
      throw failure()
    }
  }
  stillOn()
  const target = await untilAborted(
    checkedAddress(url, options.policy, options.resolve),
    signal,
    failure,
  )
  // The deadline may have passed while DNS answered: a listener added now would never fire.
  stillOn()

  return new Promise<OutboundResponse>((resolve, reject) => {
    let settled = false
    let response: http.IncomingMessage | undefined
    const fail = (error: Error) => {
      if (settled) return
      settled = true
      signal.removeEventListener('abort', onAbort)
      outgoing.destroy()
      response?.destroy()
      reject(error)
    }
    const onAbort = () => fail(failure())
    signal.addEventListener('abort', onAbort, { once: true })
    const send = url.protocol === 'https:' ? https.request : http.request
    const outgoing = send(
      url,
      {
        method: init.method,
        headers: init.headers,
        agent: init.agent,
        lookup: pinnedLookup(target),
      },
      (res) => {
        response = res
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > options.maxBytes) {
            fail(new OutboundError('too-large', `the answer passed ${options.maxBytes} bytes`))
          } else chunks.push(chunk)
        })
        res.once('end', () => {
          if (settled) return
          settled = true
          signal.removeEventListener('abort', onAbort)
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          })
        })
        res.once('error', (error) => fail(new OutboundError('network', error.message)))
        res.once('close', () => {
          if (!res.complete) fail(new OutboundError('network', 'the answer was cut off'))
        })
      },
    )
    outgoing.once('error', (error) => fail(new OutboundError('network', error.message)))
    outgoing.end(init.body)
  })
}
