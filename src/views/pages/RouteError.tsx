import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ForbiddenPageError } from '../../domain/access.ts'
import { isChunkLoadError } from '../../domain/chunk-reload.ts'
import { whenOnline } from '../../effects/browser.ts'
import { useAppActor } from '../app-context.tsx'
import { SiteLayout } from '../layouts/SiteLayout.tsx'
import { ErrorPage } from './ErrorPage.tsx'

function statusOf(error: unknown): number {
  if (error instanceof ForbiddenPageError) return error.status
  if (error && typeof error === 'object' && 'failure' in error) {
    const failure = (error as { failure: { status: number | null } }).failure
    if (typeof failure.status === 'number') return failure.status
  }
  return 500
}

/**
 * A missing chunk (after a deploy) reloads the page; any other failure is reported to the
 * error-reporting service (SPEC §8; the ignored failures stay out).
 */
function useFailure(error: unknown) {
  const app = useAppActor()
  const { reportCrash } = useRouter().options.context
  const chunk = isChunkLoadError(error)
  useEffect(() => {
    // A chunk that failed offline is no new build's: the page is reloaded once the network is back.
    if (chunk)
      whenOnline(() =>
        app.send({ type: 'chunk.failed', path: location.pathname, nowMs: Date.now() }),
      )
    else if (!(error instanceof ForbiddenPageError)) reportCrash(error)
  }, [app, chunk, error, reportCrash])
}

/** The site itself failed to load or render (the root's boundary): the layout is drawn anew. */
export function RouteError({ error }: { error: unknown }) {
  useFailure(error)
  return (
    <SiteLayout kind="default">
      <ErrorPage status={statusOf(error)} />
    </SiteLayout>
  )
}

/** A page failed to load or render (each page's boundary): the header and menu stay usable. */
export function PageError({ error }: { error: unknown }) {
  useFailure(error)
  return <ErrorPage status={statusOf(error)} />
}
