import { Hono } from 'hono'
import { FileId } from '../../src/contract/common.ts'
import type { AppEnv } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { prizePicture } from '../services/pictures.ts'
import { parseOr400 } from '../validate.ts'
import { svg } from './images.ts'

const safeColor = (color: string) => (/^#[0-9a-f]{6}$/i.test(color) ? color : '#1e3a8a')

/** A small deterministic sequence from the prize's id, so a background's stars never move. */
function* scatter(seed: number): Generator<number, never> {
  let x = Math.imul(seed, 2654435761) >>> 0
  for (;;) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0
    yield x / 4294967296
  }
}

/** The landscape of a background prize: a sky in its colour, stars, a moon and two hills. */
export function backgroundSvg(id: number, color: string): string {
  const random = scatter(id)
  const next = (): number => {
    const step = random.next()
    return step.done ? 0 : step.value
  }
  const stars = Array.from({ length: 40 }, () => {
    const cx = Math.round(next() * 1280)
    const cy = Math.round(next() * 420)
    const r = (1 + next() * 2.5).toFixed(1)
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" opacity="${(0.4 + next() * 0.6).toFixed(2)}"/>`
  }).join('')
  const moonX = Math.round(200 + next() * 880)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720" preserveAspectRatio="xMidYMid slice">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0f0e17"/><stop offset="0.7" stop-color="${color}"/><stop offset="1" stop-color="${color}"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#sky)"/>${stars}
<circle cx="${moonX}" cy="150" r="56" fill="#fde68a" opacity="0.9"/>
<path d="M0 560 Q320 440 640 540 T1280 500 V720 H0 Z" fill="rgba(15,14,23,0.55)"/>
<path d="M0 640 Q400 560 760 630 T1280 610 V720 H0 Z" fill="rgba(15,14,23,0.85)"/>
</svg>`
}

/** `/img/background/{prize}.svg`: the picture a room shows behind its page (issue #21). */
export function backgroundImageRoutes() {
  const api = new Hono<AppEnv>()
  api.get('/background/:file{[0-9]{1,9}\\.svg}', async (c) => {
    const id = parseOr400(FileId, c.req.param('file'))
    const prize = await prizePicture(c.var.db, id)
    if (prize.prize_type !== 'background') throw new ApiError(404, messages.notFound)
    return svg(c, backgroundSvg(id, safeColor(prize.color)))
  })
  return api
}
