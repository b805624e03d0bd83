/**
 * Which renditions an OBS live really has, asked of the media host (its status.json) and kept a
 * moment: every viewer's `streaming_url` needs it, the ladder changes only when the encoder does.
 */
import type { Logger } from '../env.ts'
import { LADDER, SOURCE_RUNG } from '../media/llhls/ladder.ts'
import { askMediaHost } from './ingest-status.ts'

export interface LiveRendition {
  name: string
  label: string
  quality: number
}

const KEEP_MS = 2000
const known = new Map<string, { at: number; renditions: Promise<LiveRendition[]> }>()

const SOURCE: LiveRendition = { ...SOURCE_RUNG }

async function ask(mediaOrigin: string, key: string, logger: Logger): Promise<LiveRendition[]> {
  try {
    const status = await askMediaHost(mediaOrigin, key, logger)
    const names = new Set(status?.renditions.map((r) => r.name))
    // Only the ladder's own rungs, in its order: the answer names a rendition, never defines one.
    return [
      SOURCE,
      ...LADDER.filter((r) => names.has(r.name)).map(({ name, label, quality }) => ({
        name,
        label,
        quality,
      })),
    ]
  } catch {
    // The media host is away or confused (logged): the source is what an OBS live always has.
    return [SOURCE]
  }
}

/** The renditions of the OBS live of room `key`, best first; the source alone when unknown. */
export function liveRenditions(
  mediaOrigin: string,
  key: string,
  logger: Logger,
  nowMs = Date.now(),
): Promise<LiveRendition[]> {
  const entry = known.get(key)
  if (entry && nowMs - entry.at < KEEP_MS) return entry.renditions
  const renditions = ask(mediaOrigin, key, logger)
  known.set(key, { at: nowMs, renditions })
  if (known.size > 10_000) known.delete(known.keys().next().value ?? '')
  return renditions
}
