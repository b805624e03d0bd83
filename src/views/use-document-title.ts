import { useEffect } from 'react'
import { pageTitle } from '../domain/title.ts'

/** Sets `document.title` to 'part | … | Kirari'. */
export function useDocumentTitle(...parts: Array<string | null | undefined>): void {
  const title = pageTitle(...parts)
  useEffect(() => {
    document.title = title
  }, [title])
}
