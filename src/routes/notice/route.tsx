import { createFileRoute } from '@tanstack/react-router'
import { requireAccess } from '../-guards.ts'

/** SPEC.md §2: /notice and /notice/{id} need a login (auth), checked once here. */
export const Route = createFileRoute('/notice')({ beforeLoad: requireAccess('auth') })
