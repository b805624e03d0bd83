import type {
  InquiryAnswer,
  InquiryBody,
  InquiryCategoriesAnswer,
  OpinionAnswer,
  OpinionBody,
} from '../../contract/inquiry.ts'
import type { ApiClient } from './client.ts'

/** `GET /api/inquiry`: the kinds of inquiry, in the form's order. */
export const getInquiryCategories = (api: ApiClient) =>
  api.get<InquiryCategoriesAnswer>('/api/inquiry')

/**
 * `POST /api/inquiry` (JSON): the receipt's number, or a 400 with `field_errors`, or a 429 with
 * the server's message (too many from one address). Anyone may send; the client adds the CSRF token.
 */
export const postInquiry = (api: ApiClient, body: InquiryBody) =>
  api.postJson<InquiryAnswer>('/api/inquiry', body satisfies InquiryBody)

/** `POST /api/opinion/create` (JSON `body`): sent, or a 400 with `field_errors`, or a 429. */
export const postOpinion = (api: ApiClient, body: OpinionBody) =>
  api.postJson<OpinionAnswer>('/api/opinion/create', body satisfies OpinionBody)
