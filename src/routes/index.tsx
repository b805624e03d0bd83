import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '../views/pages/HomePage.tsx'

export const Route = createFileRoute('/')({
  component: Home,
})

function Home() {
  const { machines } = Route.useRouteContext()
  return <HomePage logic={machines.onlives} />
}
