import { createFileRoute } from '@tanstack/react-router'
import { InquiryPostPage } from '../../views/inquiry/InquiryPostPage.tsx'

/** SPEC.md §2: /inquiry/post, the inquiry's form (the second step). */
export const Route = createFileRoute('/inquiry/post')({ component: InquiryPostPage })
