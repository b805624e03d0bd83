import { createFileRoute } from '@tanstack/react-router'
import { OpinionCompletePage } from '../../views/inquiry/OpinionPages.tsx'

/** SPEC.md §2: /opinion/complete, thanks for an opinion sent. */
export const Route = createFileRoute('/opinion/complete')({ component: OpinionCompletePage })
