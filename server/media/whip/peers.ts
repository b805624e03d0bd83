import { refusedAddress } from '../../outbound/address-policy.ts'

// How the media host's WebRTC meets its publishers: ICE servers, its addresses and ports, and
// where its ICE checks may go.

export interface IceServer {
  urls: string | string[]
  username?: string
  credential?: string
}

export interface WhipPeerSettings {
  iceServers: IceServer[]
  /** Addresses the host is reached at besides its own (behind 1:1 NAT: the public one). */
  publicAddresses: string[]
  /** UDP ports for ICE (a firewall opens these), or any. */
  portRange?: [number, number]
  /** The one interface address ICE binds to and offers (else every interface's). */
  bindAddress?: string
  /**
   * Where ICE checks may go among the addresses an offer names: 'public' only (production), also
   * 'lan' (private, unique-local and carrier-grade NAT ranges: a site on a LAN), or 'any' (the
   * demo and the tests, all on loopback). Checks answered from elsewhere still connect, as
   * peer-reflexive candidates: this only keeps an offer from making the host probe its network.
   */
  peers?: 'public' | 'lan' | 'any'
}

const LAN = new Set(['private', 'uniqueLocal', 'carrierGradeNat'])

/** Whether the host may send ICE checks to `address` under `peers`. */
export function mayCheck(address: string, peers: WhipPeerSettings['peers'] = 'public'): boolean {
  if (peers === 'any') return true
  const refused = refusedAddress(address)
  return refused === null || (peers === 'lan' && LAN.has(refused))
}
