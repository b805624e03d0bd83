import { useEffect } from 'react'
import { isChunkLoadError } from '../../domain/chunk-reload.ts'
import { useAppActor } from '../app-context.tsx'
import { SiteLayout } from '../layouts/SiteLayout.tsx'
import { ErrorPage } from './ErrorPage.tsx'

function statusOf(error: unknown): number {
  if (error && typeof error === 'object' && 'failure' in error) {
    const failure = (error as { failure: { status: number | null } }).failure
    if (typeof failure.status === 'number') return failure.status
  }
  return 500
}

/** A route that failed to load or render. A missing chunk (after a deploy) reloads the page. */
export function RouteError({ error }: { error: unknown }) {
  const app = useAppActor()
  const chunk = isChunkLoadError(error)
  useEffect(() => {
    if (chunk) app.send({ type: 'chunk.failed', path: location.pathname, nowMs: Date.now() })
  }, [app, chunk])
  return (
    <SiteLayout kind="default">
      <ErrorPage status={statusOf(error)} />
    </SiteLayout>
  )
}
