import { createFileRoute } from '@tanstack/react-router'
import { StaticPage } from '../views/pages/StaticPage.tsx'

export const Route = createFileRoute('/licence')({
  component: () => <StaticPage page="licence" />,
})
