import * as v from 'valibot'
import { Id } from './common.ts'

/**
 * Going live from a browser (issue #51): WHIP (RFC 9725). The site serves the WHIP endpoint at
 * WHIP_PATH and passes it to the media host, which holds the WebRTC session. The liver's page (or
 * OBS's WHIP output) POSTs its SDP offer there with the room's stream key as the Bearer token and
 * gets `201` with the SDP answer and a `Location` (the session), which a `DELETE` ends.
 */
export const WHIP_PATH = '/whip'
export const SDP_CONTENT_TYPE = 'application/sdp'

/**
 * Errors of the WHIP endpoint (text/plain bodies, in Japanese and English):
 * - 400: the body is not an SDP offer, or has no video and audio to send;
 * - 401: no key, a wrong or replaced key;
 * - 403: the site refuses the live (outside a minor's streaming window, the key is held);
 * - 406: the offer has no H.264 video (or no Opus audio);
 * - 409: the room already has a publisher on air;
 * - 415: the body is not `application/sdp`;
 * - 503: the media host cannot take a live now.
 */
export type WhipErrorStatus = 400 | 401 | 403 | 404 | 406 | 409 | 415 | 503

/** `GET /api/encoder/ice_servers?room_id=` (the room's owner): STUN/TURN for the broadcast page. */
export const IceServersQuery = v.object({ room_id: Id })

export interface IceServer {
  urls: string[]
  username?: string
  credential?: string
}

export interface IceServersAnswer {
  /** Empty on a site without TURN (the demo on loopback needs none). */
  ice_servers: IceServer[]
  /** Unix seconds after which the TURN credentials stop working (0: none given). */
  expires_at: number
}

/**
 * `POST /api/encoder/publish_ready` (room_id; the owner): the broadcast page's 配信開始. The key's
 * hold after the owner's last end is released, as a live_start from the site releases it.
 */
export interface PublishReadyAnswer {
  ok: 1
}
