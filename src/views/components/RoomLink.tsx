import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

/**
 * A link to a room page that the router follows in the page (no reload): cards, rows and strips
 * all lead to rooms this way.
 */
export function RoomLink({
  roomUrlKey,
  className,
  children,
}: {
  roomUrlKey: string
  className?: string
  children: ReactNode
}) {
  return (
    <Link to="/r/$roomUrlKey" params={{ roomUrlKey }} {...(className ? { className } : {})}>
      {children}
    </Link>
  )
}
