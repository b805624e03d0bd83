/** Jewel history months (issue #21): Tokyo months as `YYYY-MM`. */

/** `YYYY-MM` of the month `shift` months after `month`. */
export function shiftMonth(month: string, shift: number): string {
  const [y = 1970, m = 1] = month.split('-').map(Number)
  const d = new Date(Date.UTC(y, m - 1 + shift, 1))
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`
}
