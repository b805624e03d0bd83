import { Hono } from 'hono'
import * as v from 'valibot'
import type { AppEnv } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { pathOr404 } from '../validate.ts'
import { FileNumber } from '../../src/contract/common.ts'
import { GRADES, gradeOf } from '../../src/domain/grades.ts'
import { MEDALS, medalKindOf, type MedalKind } from '../../src/domain/medals.ts'
import { svg } from './images.ts'

/** Each grade's colour, E (first) to SS (top). */
const GRADE_COLORS = ['#8d8a99', '#5aa469', '#3b82f6', '#8b5cf6', '#f0507a', '#f59e0b', '#e11d48']
const gradeColor = (id: number) => GRADE_COLORS[gradeOf(id).id - 1] ?? '#8d8a99'

/** The mark on each medal: a number of days, a rank, a letter. */
const MEDAL_MARKS: Record<MedalKind, { mark: string; color: string }> = {
  first_live: { mark: '1st', color: '#f0507a' },
  streak_7: { mark: '7', color: '#10b981' },
  streak_30: { mark: '30', color: '#3b82f6' },
  streak_100: { mark: '100', color: '#f59e0b' },
  event_top10: { mark: 'TOP', color: '#e11d48' },
  grade: { mark: 'UP', color: '#8b5cf6' },
  first_comment: { mark: '“”', color: '#14b8a6' },
  first_gift: { mark: '★', color: '#ec4899' },
  first_paid_gift: { mark: '◆', color: '#f97316' },
  first_follow: { mark: '♥', color: '#f0507a' },
}

/** The file's number when it names one of `ids`; anything else is a 404. */
const known = (file: string, ids: readonly number[]) =>
  pathOr404(
    v.pipe(
      FileNumber,
      v.check((id) => ids.includes(id)),
    ),
    file,
  )

/** Grade marks and frames (/api/room_grade) and medals (/api/room/medals), drawn from data. */
export function standingImageRoutes() {
  const api = new Hono<AppEnv>()
  const gradeIds = GRADES.map((g) => g.id)

  api.get('/grade/:file{[0-9]{1,3}\\.svg}', (c) => {
    const id = known(c.req.param('file'), gradeIds)
    const color = gradeColor(id)
    return svg(
      c,
      `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<path d="M48 4 L86 18 V46 C86 68 70 84 48 92 C26 84 10 68 10 46 V18 Z" fill="${color}"/>
<path d="M48 12 L78 23 V46 C78 63 66 76 48 83 C30 76 18 63 18 46 V23 Z" fill="rgba(255,255,255,0.18)"/>
<text x="48" y="60" font-size="${gradeOf(id).name.length > 1 ? 28 : 36}" text-anchor="middle" fill="#fff" font-family="sans-serif" font-weight="bold">${gradeOf(id).name}</text>
</svg>`,
    )
  })

  api.get('/grade/frame/:file{[0-9]{1,3}\\.svg}', (c) => {
    const id = known(c.req.param('file'), gradeIds)
    const color = gradeColor(id)
    return svg(
      c,
      `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">
<circle cx="60" cy="60" r="54" fill="none" stroke="${color}" stroke-width="8"/>
<circle cx="60" cy="60" r="47" fill="none" stroke="rgba(255,255,255,0.6)" stroke-width="2"/>
${id >= 5 ? `<path d="M44 10 L52 2 L60 10 L68 2 L76 10 L72 18 H48 Z" fill="${color}"/>` : ''}
</svg>`,
    )
  })

  api.get('/medal/:file{[0-9]{1,4}\\.svg}', (c) => {
    const id = known(
      c.req.param('file'),
      Object.values(MEDALS).map((m) => m.id),
    )
    const kind = medalKindOf(id)
    if (!kind) throw new ApiError(404, messages.notFound)
    const { mark, color } = MEDAL_MARKS[kind]
    return svg(
      c,
      `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<path d="M30 4 H46 L40 40 H24 Z" fill="#3b82f6"/><path d="M50 4 H66 L72 40 H56 Z" fill="#f0507a"/>
<circle cx="48" cy="60" r="32" fill="${color}"/><circle cx="48" cy="60" r="25" fill="none" stroke="rgba(255,255,255,0.7)" stroke-width="2"/>
<text x="48" y="${mark.length > 2 ? 67 : 70}" font-size="${mark.length > 2 ? 18 : 26}" text-anchor="middle" fill="#fff" font-family="sans-serif" font-weight="bold">${mark}</text>
</svg>`,
    )
  })

  // A mission's gold reward (server/services/missions/catalogue.ts reward_url).
  api.get('/mission/gold.svg', (c) =>
    svg(
      c,
      `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<circle cx="48" cy="48" r="40" fill="#f59e0b"/><circle cx="48" cy="48" r="31" fill="none" stroke="#fde68a" stroke-width="4"/>
<text x="48" y="60" font-size="34" text-anchor="middle" fill="#fff" font-family="sans-serif" font-weight="bold">G</text>
</svg>`,
    ),
  )

  return api
}
