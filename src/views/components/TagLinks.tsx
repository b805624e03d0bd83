import { Link } from '@tanstack/react-router'
import { useT } from '../app-context.tsx'
import './tag-links.css'

/**
 * A live's tags as `#tag` links to the rooms on air with each; nothing without tags. `max` shows
 * only the first few (a card's row: `className="tag-links--row"`).
 */
export function TagLinks({
  tags,
  max,
  className,
}: {
  tags: readonly string[]
  max?: number
  className?: string
}) {
  const { t } = useT()
  if (tags.length === 0) return null
  const shown = max === undefined ? tags : tags.slice(0, max)
  return (
    <ul className={className ? `tag-links ${className}` : 'tag-links'} aria-label={t('room.tags')}>
      {shown.map((tag) => (
        <li key={tag} className="tag-links__item">
          {/* The rooms on air with the tag, opened in the page. */}
          <Link className="tag-links__link" to="/search" search={{ tag }}>
            <span className="tag-links__text">#{tag}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
