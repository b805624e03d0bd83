import { languageTag, type Locale } from './locale.ts'

/**
 * SPEC.md §9: below 10,000 the number with the locale's grouping (9,999); from 10,000 thousands
 * with up to two decimals and a K (12.35K), whole thousands keeping one decimal (20.0K).
 */
export function formatCompactCount(value: number, locale: Locale): string {
  const n = Math.max(0, Math.floor(value))
  if (n < 10_000) return new Intl.NumberFormat(languageTag(locale)).format(n)
  // Hundredths of a thousand, rounded half up on integers (12345 → 1235), then 1–2 decimals.
  return `${new Intl.NumberFormat(languageTag(locale), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 2,
  }).format(Math.round(n / 10) / 100)}K`
}
