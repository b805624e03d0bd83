// The media host's settings (`npm run media`), also read by the server for MEDIA_ORIGIN.
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { ConfigError, origin } from './config-values.ts'
import type { WhipPeerSettings } from './media/whip/peers.ts'

/** The ffmpeg the media host and the test pattern run: FFMPEG_BIN, else `ffmpeg` on PATH. */
export const ffmpegBin = (env: NodeJS.ProcessEnv = process.env) => env.FFMPEG_BIN || 'ffmpeg'

/** Where a program would be run from: a path as it is, a bare name looked up on PATH; or null. */
export function programPath(program: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (program.includes('/')) return fs.existsSync(program) ? program : null
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue
    const candidate = path.join(dir, program)
    try {
      fs.accessSync(candidate, fs.constants.X_OK)
      return candidate
    } catch {
      // not in this directory
    }
  }
  return null
}

/**
 * What the RTMP ingest (`npm run media`, beside the server) needs: where the server listens and
 * the media settings. Read the same way as the server's, without its production checks.
 */
export function loadMediaConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()) {
  const port = Number(env.PORT ?? 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer 0–65535, got "${env.PORT}"`)
  }
  const mediaPort = Number(env.MEDIA_PORT ?? 8090)
  if (!Number.isInteger(mediaPort) || mediaPort < 0 || mediaPort > 65535) {
    throw new ConfigError(`MEDIA_PORT must be an integer 0–65535, got "${env.MEDIA_PORT}"`)
  }
  const host = env.HOST ?? '127.0.0.1'
  const loopback = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host
  return {
    host,
    port,
    mediaPort,
    mediaOrigin: env.MEDIA_ORIGIN
      ? origin(env.MEDIA_ORIGIN, 'MEDIA_ORIGIN')
      : `http://127.0.0.1:${mediaPort}`,
    siteUrl: env.KIRARI_URL ? origin(env.KIRARI_URL, 'KIRARI_URL') : `http://${loopback}:${port}`,
    rtmpUrl: env.RTMP_URL ?? 'rtmp://127.0.0.1:1935/live',
    rtmpCallbackSecret: env.RTMP_CALLBACK_SECRET || undefined,
    mediaDir: path.resolve(root, env.MEDIA_DIR ?? '.data/media'),
    whip: whipPeerConfig(env),
  }
}

/**
 * How browsers reach the media host over WebRTC (issue #51): WHIP_PUBLIC_IPS, the addresses
 * it is reached at besides its own interfaces' (behind 1:1 NAT, its public one), comma-separated;
 * WHIP_UDP_PORTS, the range its ICE uses (`40000-40999`), which the firewall opens;
 * WHIP_BIND_IP, the one interface address its ICE binds to and offers (else every interface's).
 * TURN for the publishers is the site's (TURN_URLS, config-turn.ts): the host itself needs none.
 */
function whipPeerConfig(env: NodeJS.ProcessEnv) {
  const publicAddresses = (env.WHIP_PUBLIC_IPS ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
  for (const address of publicAddresses) {
    if (net.isIP(address) !== 4) {
      throw new ConfigError(`WHIP_PUBLIC_IPS: "${address}" is not an IPv4 address`)
    }
  }
  const bindAddress = env.WHIP_BIND_IP?.trim() || undefined
  // One of this host's own (not loopback): werift gathers no loopback candidates.
  const own = Object.values(os.networkInterfaces())
    .flat()
    .some((a) => a?.family === 'IPv4' && !a.internal && a.address === bindAddress)
  if (bindAddress !== undefined && !own) {
    throw new ConfigError(
      `WHIP_BIND_IP: "${bindAddress}" is not an IPv4 address of this host's interfaces (loopback is not one)`,
    )
  }
  let portRange: [number, number] | undefined
  if (env.WHIP_UDP_PORTS) {
    const match = /^(\d{4,5})-(\d{4,5})$/.exec(env.WHIP_UDP_PORTS)
    const [from, to] = [Number(match?.[1]), Number(match?.[2])]
    if (!match || from < 1024 || to > 65535 || to - from < 10) {
      throw new ConfigError(
        `WHIP_UDP_PORTS must be a range like 40000-40999 (at least 10 ports), got "${env.WHIP_UDP_PORTS}"`,
      )
    }
    portRange = [from, to]
  }
  // A production host (no KIRARI_DEMO, as the site's production) checks only public addresses
  // an offer names, and private ones too when told (WHIP_ALLOW_PRIVATE_PEERS=1: a LAN site).
  const peers: WhipPeerSettings['peers'] =
    env.KIRARI_DEMO === '1' ? 'any' : env.WHIP_ALLOW_PRIVATE_PEERS === '1' ? 'lan' : 'public'
  const settings: WhipPeerSettings = {
    iceServers: [],
    publicAddresses,
    peers,
    ...(bindAddress && { bindAddress }),
  }
  return portRange ? { ...settings, portRange } : settings
}
