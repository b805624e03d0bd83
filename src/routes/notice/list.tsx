import { createFileRoute, redirect } from '@tanstack/react-router'

/** SPEC.md §2: /notice/list is the old address of /notice. */
export const Route = createFileRoute('/notice/list')({
  beforeLoad: () => {
    // TanStack Router signals redirects by throwing them.
    throw redirect({ to: '/notice', replace: true })
  },
})
