import { Hono, type Context } from 'hono'
import {
  InquiryBody,
  OpinionBody,
  type InquiryAnswer,
  type InquiryCategoriesAnswer,
  type OpinionAnswer,
} from '../../src/contract/inquiry.ts'
import { INQUIRY_CATEGORIES } from '../../src/domain/inquiry.ts'
import { clientAddress } from '../caller.ts'
import type { AppEnv } from '../env.ts'
import { sessionUserId } from '../request.ts'
import { requestLocale } from '../request-locale.ts'
import { sendInquiry, sendOpinion } from '../services/inquiries/inquiries.ts'
import { input } from '../validate.ts'

const sender = async (c: Context<AppEnv>) => ({
  userId: await sessionUserId(c),
  address: clientAddress(c),
})

const delivery = (c: Context<AppEnv>) => ({
  messages: c.var.messages,
  supportMail: c.var.config.supportMail,
  logger: c.var.logger,
})

/** SPEC §7 Other: `/api/inquiry` (GET: the kinds; POST: send) and `/api/opinion/create`. */
export function inquiryRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/inquiry', (c) =>
    c.json({
      categories: INQUIRY_CATEGORIES.map((k) => ({ id: k.id, label: k.label })),
    } satisfies InquiryCategoriesAnswer),
  )

  api.post('/inquiry', async (c) => {
    const form = await input(c, InquiryBody)
    const answer = await sendInquiry(c.var.db, delivery(c), {
      ...(await sender(c)),
      form,
      locale: requestLocale(c),
    })
    return c.json(answer satisfies InquiryAnswer)
  })

  api.post('/opinion/create', async (c) => {
    const { body } = await input(c, OpinionBody)
    const answer = await sendOpinion(c.var.db, delivery(c), { ...(await sender(c)), body })
    return c.json(answer satisfies OpinionAnswer)
  })

  return api
}
