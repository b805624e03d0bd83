import { createFileRoute } from '@tanstack/react-router'
import { MaintenancePage } from '../views/pages/MaintenancePage.tsx'

/** SPEC.md §2: where a 503 sends the visitor. */
export const Route = createFileRoute('/maintenance')({
  component: () => <MaintenancePage />,
})
