import { createFileRoute } from '@tanstack/react-router'
import { userOnly } from './-guards.ts'

/** Pages of a logged-in user (auth-user): /mypage, the draw history, the ad watch, the pack, the item editor. */
export const Route = createFileRoute('/_user')(userOnly())
