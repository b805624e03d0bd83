import { languageTag, type Locale } from './locale.ts'

/**
 * SPEC.md §9: below 10,000 the number with the locale's grouping (9,999); from 10,000 thousands
 * with up to two decimals and a K (12.35K), whole thousands keeping one decimal (20.0K).
 */
export function formatCompactCount(value: number, locale: Locale): string {
  const n = Math.max(0, Math.floor(value))
  if (n < 10_000) return new Intl.NumberFormat(languageTag(locale)).format(n)
  // Integer arithmetic: 12345 → 1235 hundredths of a thousand, rounded half up.
  const hundredths = Math.round(n / 10)
  const whole = Math.floor(hundredths / 100)
  const fraction = hundredths % 100
  const decimals =
    fraction === 0
      ? '0'
      : fraction % 10 === 0
        ? String(fraction / 10)
        : String(fraction).padStart(2, '0')
  return `${new Intl.NumberFormat(languageTag(locale)).format(whole)}.${decimals}K`
}
