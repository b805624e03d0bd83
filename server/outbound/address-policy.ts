import ipaddr from 'ipaddr.js'

// Which addresses the server may connect to when a user named the place (a push endpoint, a
// callback): only the public internet. The categories are ipaddr.js's (its `range()`), plus a
// few it does not name.

/** IPv4 blocks that are not the public internet but that ipaddr.js counts as unicast. */
const IPV4_EXTRA: Array<[ipaddr.IPv4, number]> = [
  // Benchmarking (RFC 2544): found inside labs and load-test networks.
  [ipaddr.IPv4.parse('198.18.0.0'), 15],
]

/**
 * IPv6 forms that carry an IPv4 address inside (NAT64, SIIT, 6to4, Teredo): a gateway on the way
 * would take the request to that IPv4 address, which may be a private one.
 */
const IPV6_EMBEDDING = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052', '6to4', 'teredo'])

/** The global unicast block: every other IPv6 address is something a push service is not. */
const IPV6_GLOBAL = ipaddr.IPv6.parseCIDR('2000::/3')

/**
 * Why the server must not connect to `address` (the category: 'loopback', 'private',
 * 'linkLocal', 'carrierGradeNat', 'uniqueLocal', 'multicast', 'unspecified', 'broadcast',
 * 'reserved', …), or null when it is a public unicast address. An IPv4-mapped IPv6 address is
 * judged as the IPv4 address it carries. `allowLoopback` lets the tests' local push service in.
 */
export function refusedAddress(
  address: string,
  options: { allowLoopback: boolean } = { allowLoopback: false },
): string | null {
  if (!ipaddr.isValid(address)) return 'not an address'
  let parsed = ipaddr.parse(address)
  if (parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()) {
    parsed = parsed.toIPv4Address()
  }
  const range = parsed.range()
  if (range === 'loopback') return options.allowLoopback ? null : range
  if (parsed instanceof ipaddr.IPv4) {
    const v4 = parsed
    if (range !== 'unicast') return range
    return IPV4_EXTRA.some((block) => v4.match(block)) ? 'reserved' : null
  }
  if (IPV6_EMBEDDING.has(range)) return range
  if (range !== 'unicast') return range
  return parsed.match(IPV6_GLOBAL) ? null : 'reserved'
}
