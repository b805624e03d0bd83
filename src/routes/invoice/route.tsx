import { createFileRoute } from '@tanstack/react-router'
import { requireAccess } from '../-guards.ts'

/**
 * SPEC.md §2: /invoice and /invoice/post need a login, checked once here. Not under `_user`:
 * that layout turns organizer accounts away, and an organizer keeps its registration here too.
 */
export const Route = createFileRoute('/invoice')({ beforeLoad: requireAccess('auth') })
