import type { MutedUser } from '../domain/room.ts'

/**
 * What a room needs of the browser beyond the site's own effects: the mute list and the gift
 * sound setting (kept in storage), the gift chime, sharing and the clipboard. Loaded with the
 * first room (src/compose/app.ts), not with the site.
 */
export interface RoomDevice {
  /** SPEC §3 mute info, kept for the browser session. */
  mutes: {
    read: (roomId: number) => MutedUser[]
    write: (roomId: number, muted: readonly MutedUser[]) => void
  }
  /** SPEC §9 gift sound: the remembered setting, and the sound itself at a volume (0–1). */
  giftSound: { read: () => boolean; write: (on: boolean) => void; play: (volume: number) => void }
  /** Copies text (the stream key) to the clipboard. */
  copy: (text: string) => Promise<boolean>
  /** The share sheet, or the clipboard where there is none. */
  share: (link: { url: string; title: string }) => Promise<'shared' | 'copied' | 'cancelled'>
}

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

export const roomDevice: RoomDevice = {
  mutes: { read: readMutedUsers, write: writeMutedUsers },
  giftSound: { read: readGiftSound, write: writeGiftSound, play: playGiftSound },
  share: shareLink,
  copy: copyText,
}
