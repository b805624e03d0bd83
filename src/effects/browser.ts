import type { ChunkReloads } from '../domain/chunk-reload.ts'
import type { MutedUser } from '../domain/room.ts'
import { readCookie, serializeCookie } from '../domain/cookie.ts'
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from '../domain/locale.ts'

const CHUNK_RELOADS_KEY = 'kirari:chunk-reloads'

export function readLocaleCookie(): string | undefined {
  return readCookie(document.cookie, LOCALE_COOKIE)
}

/** SPEC.md §4: the locale cookie lives 365 days on path / with SameSite=Lax. */
export function writeLocaleCookie(locale: Locale): void {
  document.cookie = serializeCookie(LOCALE_COOKIE, locale, {
    maxAgeSeconds: LOCALE_COOKIE_MAX_AGE,
    path: '/',
    sameSite: 'Lax',
    secure: location.protocol === 'https:',
  })
}

/** Reloads survive the reload itself, so the once-per-10-s rule lives in sessionStorage. */
export function readChunkReloads(): ChunkReloads {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(CHUNK_RELOADS_KEY) ?? '{}')
    if (parsed && typeof parsed === 'object') {
      return Object.fromEntries(
        Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number'),
      )
    }
  } catch {
    // storage disabled or corrupt: start afresh
  }
  return {}
}

export function writeChunkReloads(reloads: ChunkReloads): void {
  try {
    sessionStorage.setItem(CHUNK_RELOADS_KEY, JSON.stringify(reloads))
  } catch {
    // storage disabled: the page may reload again, which is the lesser harm
  }
}

export const browserLanguages = (): readonly string[] =>
  navigator.languages.length > 0 ? navigator.languages : [navigator.language]

export const reloadPage = () => location.reload()

/** Full-page navigation that replaces the current entry (SPEC.md §8 redirect_url). */
export const replaceLocation = (href: string) => location.replace(href)

const muteKey = (roomId: number) => `kirari:mute:${roomId}`

/** SPEC §3 mute info: the users muted in a room, for this browser session only. */
export function readMutedUsers(roomId: number): MutedUser[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(muteKey(roomId)) ?? '[]')
    if (Array.isArray(parsed)) {
      return parsed.filter(
        (m): m is MutedUser =>
          typeof m === 'object' &&
          m !== null &&
          typeof (m as MutedUser).userId === 'number' &&
          typeof (m as MutedUser).name === 'string',
      )
    }
  } catch {
    // storage disabled or corrupt: nobody muted
  }
  return []
}

export function writeMutedUsers(roomId: number, muted: readonly MutedUser[]): void {
  try {
    if (muted.length === 0) sessionStorage.removeItem(muteKey(roomId))
    else sessionStorage.setItem(muteKey(roomId), JSON.stringify(muted))
  } catch {
    // storage disabled: the mute holds until the page is left
  }
}

/**
 * Shares a link with the system share sheet where there is one (phones), otherwise copies it.
 * 'cancelled' when the viewer closed the sheet, which is not an error.
 */
export async function shareLink(link: {
  url: string
  title: string
}): Promise<'shared' | 'copied' | 'cancelled'> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ url: link.url, title: link.title })
      return 'shared'
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled'
      // No permission or no share target: fall back to the clipboard.
    }
  }
  await navigator.clipboard.writeText(link.url)
  return 'copied'
}

const GIFT_SOUND_KEY = 'kirari:gift-sound'

/** SPEC §9: gift sounds are on by default; the viewer's choice is remembered on this browser. */
export function readGiftSound(): boolean {
  try {
    return localStorage.getItem(GIFT_SOUND_KEY) !== 'off'
  } catch {
    return true
  }
}

export function writeGiftSound(on: boolean): void {
  try {
    localStorage.setItem(GIFT_SOUND_KEY, on ? 'on' : 'off')
  } catch {
    // storage disabled: the choice holds until the page is left
  }
}

let audio: AudioContext | null = null

/**
 * A short two-note chime, synthesised (no audio file to fetch), at `volume` (0–1). Browsers keep
 * audio off until the viewer has touched the page; until then this plays nothing.
 */
export function playGiftSound(volume: number): void {
  if (typeof AudioContext === 'undefined') return
  audio ??= new AudioContext()
  if (audio.state === 'suspended') {
    // Not yet allowed to play (no touch on the page yet): try for the next gift.
    void audio.resume().catch(() => {})
    return
  }
  const now = audio.currentTime
  const gain = audio.createGain()
  gain.gain.setValueAtTime(0.0001, now)
  gain.gain.exponentialRampToValueAtTime(Math.max(0.0001, 0.25 * volume), now + 0.02)
  gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.5)
  gain.connect(audio.destination)
  for (const [i, frequency] of [880, 1318.5].entries()) {
    const tone = audio.createOscillator()
    tone.type = 'triangle'
    tone.frequency.setValueAtTime(frequency, now + i * 0.09)
    tone.connect(gain)
    tone.start(now + i * 0.09)
    tone.stop(now + 0.5)
  }
}

/** Copies text to the clipboard; false where the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}
