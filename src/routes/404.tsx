import { createFileRoute } from '@tanstack/react-router'
import { NotFoundPage } from '../views/pages/NotFoundPage.tsx'

/** The not-found target other rules send visitors to (e.g. the ad-reward lottery). */
export const Route = createFileRoute('/404')({
  component: () => <NotFoundPage path="/404" />,
})
