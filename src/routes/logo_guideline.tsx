import { createFileRoute } from '@tanstack/react-router'
import { StaticPage } from '../views/pages/StaticPage.tsx'

export const Route = createFileRoute('/logo_guideline')({
  component: () => <StaticPage page="logo_guideline" />,
})
