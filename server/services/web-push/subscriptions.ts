import crypto from 'node:crypto'
import type { WebPushDevice } from '../../../src/contract/web-push.ts'
import type { Db } from '../../db/index.ts'
import { ApiError } from '../../errors.ts'

/** Devices one user may keep (a phone, a tablet, a few browsers). */
export const MAX_DEVICES = 20

/** One device as its owner sees it (the contract's shape). */
export type Device = WebPushDevice

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)

/** A browser and system from a User-Agent, as a device list names them. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? ''
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /SamsungBrowser\//.test(ua)
      ? 'Samsung Internet'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'ブラウザ'
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : ''
  return system ? `${browser} · ${system}` : browser
}

function toDevice(row: {
  id: string
  label: string
  endpoint: string
  send_schedule: boolean
  send_news: boolean
  created_at: Date
  last_sent_at: Date | null
}): Device {
  return {
    id: Number(row.id),
    label: row.label,
    service: new URL(row.endpoint).host,
    endpoint: row.endpoint,
    send_schedule: row.send_schedule,
    send_news: row.send_news,
    created_at: seconds(row.created_at),
    last_sent_at: row.last_sent_at ? seconds(row.last_sent_at) : null,
  }
}

const DEVICE_COLUMNS = [
  'id',
  'label',
  'endpoint',
  'send_schedule',
  'send_news',
  'created_at',
  'last_sent_at',
] as const

/**
 * Whether a subscription's `p256dh` (base64url) is an uncompressed P-256 point on the curve: a
 * key of the right length that is not one would only throw later, in the sender.
 */
export function isP256Point(p256dh: string): boolean {
  const raw = Buffer.from(p256dh, 'base64url')
  if (raw.length !== 65 || raw[0] !== 4) return false
  try {
    const x = raw.subarray(1, 33).toString('base64url')
    const y = raw.subarray(33).toString('base64url')
    crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x, y }, format: 'jwk' })
    return true
  } catch {
    return false
  }
}

/**
 * Keeps this browser's subscription for `userId`, made in login session `session_id` (logging
 * out of it removes the device). The endpoint is the device: subscribing again (new keys)
 * replaces its keys and session, and a browser where another account was logged in before now
 * notifies this one.
 */
export async function saveDevice(
  db: Db,
  userId: number,
  subscription: {
    endpoint: string
    p256dh: string
    auth: string
    label: string
    session_id: string | null
  },
): Promise<Device> {
  return db.transaction().execute(async (tx) => {
    const others = await tx
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('endpoint', '<>', subscription.endpoint)
      .executeTakeFirstOrThrow()
    if (Number(others.n) >= MAX_DEVICES) {
      throw new ApiError(
        409,
        `通知を受け取る端末は${MAX_DEVICES}台までです。使わない端末を設定から削除してください。`,
      )
    }
    const row = await tx
      .insertInto('push_subscriptions')
      .values({ user_id: userId, ...subscription })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          user_id: userId,
          p256dh: subscription.p256dh,
          auth: subscription.auth,
          label: subscription.label,
          session_id: subscription.session_id,
        }),
      )
      .returning(DEVICE_COLUMNS)
      .executeTakeFirstOrThrow()
    return toDevice(row)
  })
}

export async function listDevices(db: Db, userId: number): Promise<Device[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(DEVICE_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()
  return rows.map(toDevice)
}

/** What a device takes besides lives: schedule reminders, site news. */
export async function setDevicePreferences(
  db: Db,
  userId: number,
  id: number,
  preferences: { send_schedule: boolean; send_news: boolean },
): Promise<Device> {
  const row = await db
    .updateTable('push_subscriptions')
    .set(preferences)
    .where('id', '=', String(id))
    .where('user_id', '=', userId)
    .returning(DEVICE_COLUMNS)
    .executeTakeFirst()
  if (!row) throw new ApiError(404, 'この端末は登録されていません。')
  return toDevice(row)
}

/** Removes one of the user's devices (by id) or this browser's (by endpoint). */
export async function removeDevice(
  db: Db,
  userId: number,
  which: { id: number } | { endpoint: string },
): Promise<void> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where((eb) =>
      'id' in which ? eb('id', '=', String(which.id)) : eb('endpoint', '=', which.endpoint),
    )
    .executeTakeFirst()
  if (Number(result.numDeletedRows) === 0) {
    throw new ApiError(404, 'この端末は登録されていません。')
  }
}

/**
 * Removes the devices subscribed in login session `sessionId` (at logout): the browser logged
 * out of stops getting that user's notifications. Answers how many went.
 */
export async function removeSessionDevices(db: Db, sessionId: string): Promise<number> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('session_id', '=', sessionId)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
