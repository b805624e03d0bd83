import { createFileRoute } from '@tanstack/react-router'
import { InquiryConfirmPage } from '../../views/inquiry/InquiryConfirmPage.tsx'

/** SPEC.md §2: /inquiry/confirm, the draft to read over and send, then its receipt. */
export const Route = createFileRoute('/inquiry/confirm')({ component: InquiryConfirmPage })
