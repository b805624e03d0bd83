import { createFileRoute } from '@tanstack/react-router'
import { InquiryCategoryPage } from '../../views/inquiry/InquiryCategoryPage.tsx'

/** SPEC.md §2: /inquiry, the kind of inquiry (the first of three steps). */
export const Route = createFileRoute('/inquiry/')({ component: InquiryCategoryPage })
