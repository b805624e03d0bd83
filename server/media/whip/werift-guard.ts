/**
 * A guard for werift 0.24's RTP router, loaded with every WHIP session. The router finds a
 * simulcast layer's receiver by the stream id (rid) a packet carries, in a plain object, and
 * sets `latestRid` on what it finds: a packet whose rid is `__proto__` would set it on
 * `Object.prototype` — an enumerable property on every object of the process (Hono's body cache
 * iterates one and stops reading bodies: no live could start). A rid is the sender's to choose
 * in every packet, after the offer was checked, so the guard is on the prototype itself: the
 * property exists there, unwritable and not enumerable, and the router's assignment throws
 * (werift drops that packet) instead of reaching every object. werift's own receivers define
 * `latestRid` on themselves, which this does not touch.
 */
const GUARDED = ['latestRid', 'latestRepairedRid', 'sdesMid'] as const

for (const name of GUARDED) {
  if (!Object.prototype.hasOwnProperty.call(Object.prototype, name)) {
    Object.defineProperty(Object.prototype, name, {
      value: undefined,
      writable: false,
      enumerable: false,
      configurable: false,
    })
  }
}

export {}
