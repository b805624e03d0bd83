import { createFileRoute } from '@tanstack/react-router'
import { StaticPage } from '../views/pages/StaticPage.tsx'

export const Route = createFileRoute('/tokusho')({
  component: () => <StaticPage page="tokusho" />,
})
