/**
 * The highlighted suggestion of a combobox list (ARIA's active descendant), moved by the arrow
 * keys: down from none or the last is the first, up from none or the first is the last.
 */
export const nextActive = (active: number | null, length: number): number =>
  active === null || active >= length - 1 ? 0 : active + 1

export const previousActive = (active: number | null, length: number): number =>
  active === null || active === 0 ? length - 1 : active - 1
