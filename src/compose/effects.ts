import type { Notice } from '../domain/api-failure.ts'
import type { ChunkReloads } from '../domain/chunk-reload.ts'
import type { Locale } from '../domain/locale.ts'
import type { PageViewSink } from '../effects/analytics.ts'
import type { ApiClient } from '../effects/api/client.ts'
import type { ErrorReporter } from '../effects/error-reporting.ts'
import type { FlowInspector } from '../effects/inspector.ts'
import type { RoomDevice } from '../effects/room-device.ts'

/** The outside world as the app machine needs it; src/main.tsx passes the browser's. */
export interface Effects {
  api: ApiClient
  nowMs: () => number
  loadMessages: (locale: Locale) => Promise<void>
  notify: (notice: Notice, locale: Locale) => void
  navigate: (href: string) => void
  /** Opens another page of the app as a new history entry (the checkout's steps). */
  go: (href: string) => void
  /** Leaves the app for a page the server renders (the payment provider's). */
  leaveFor: (url: string) => void
  /** The tab's session storage (the checkout's client keys live there until an order is over). */
  sessionStore: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
  /** A fresh random key (a purchase attempt's client key). */
  newKey: () => string
  replaceLocation: (href: string) => void
  reloadPage: () => void
  writeChunkReloads: (reloads: ChunkReloads) => void
  writeLocaleCookie: (locale: Locale) => void
  relocalize: (path: string) => void
  pageViews: PageViewSink
  /** The push socket's address (ws:// or wss:// on our own host). */
  pushUrl: string
  /** The browser as a room needs it (storage, sound, sharing), loaded with the first room. */
  roomDevice: () => Promise<RoomDevice>
  /** The error-reporting service (SPEC §8): every error reported to the user also goes there. */
  errors: ErrorReporter
  /** Every actor of the app is created with this `inspect` (the flow visualizer listens). */
  inspector?: FlowInspector
}
