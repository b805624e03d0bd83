import webpush from 'web-push'

/** A VAPID token is signed for 12 hours and used for one hour, per push service. */
const VAPID_EXPIRY_S = 12 * 3_600
const VAPID_REUSE_MS = 3_600_000
/**
 * Push services a process keeps a signature for. The browsers' are a handful; outside
 * production any public host can be an endpoint, and each would otherwise stay for good.
 */
export const VAPID_CACHE_SIZE = 256

/**
 * The `Authorization` header for a push service's origin (RFC 8292): one ECDSA signature per
 * service an hour, not one per message, in a cache of at most `limit` services (the least
 * recently used goes first).
 */
export function vapidSigner(
  vapid: { publicKey: string; privateKey: string; subject: string },
  limit = VAPID_CACHE_SIZE,
) {
  const signed = new Map<string, { authorization: string; until: number }>()
  return {
    authorization(audience: string): string {
      const kept = signed.get(audience)
      signed.delete(audience)
      if (kept && kept.until > Date.now()) {
        signed.set(audience, kept)
        return kept.authorization
      }
      const headers = webpush.getVapidHeaders(
        audience,
        vapid.subject,
        vapid.publicKey,
        vapid.privateKey,
        'aes128gcm',
        Math.floor(Date.now() / 1000) + VAPID_EXPIRY_S,
      )
      for (const oldest of signed.keys()) {
        if (signed.size < limit) break
        signed.delete(oldest)
      }
      signed.set(audience, {
        authorization: headers.Authorization,
        until: Date.now() + VAPID_REUSE_MS,
      })
      return headers.Authorization
    },
    /** Services with a signature kept now. */
    get size() {
      return signed.size
    },
  }
}
