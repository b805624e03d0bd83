export const SITE_NAME = 'Kirari'
export const TITLE_SEPARATOR = ' | '

/** `pageTitle('利用規約')` → '利用規約 | Kirari' (SPEC.md §2: the separator is a vertical bar). */
export function pageTitle(...parts: Array<string | null | undefined>): string {
  return [...parts.filter((p): p is string => Boolean(p)), SITE_NAME].join(TITLE_SEPARATOR)
}
