import type { InquiryForm } from '../domain/inquiry.ts'

type KeyStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const KEY = 'kirari_inquiry_draft'

/** A stored draft, when it is one: four strings. */
function formOf(value: unknown): InquiryForm | null {
  if (value === null || typeof value !== 'object') return null
  const { category, name, mail_address, body } = value as Record<string, unknown>
  if (
    typeof category !== 'string' ||
    typeof name !== 'string' ||
    typeof mail_address !== 'string' ||
    typeof body !== 'string'
  )
    return null
  return { category, name, mail_address, body }
}

/**
 * The inquiry's draft in the tab's session storage: each step's page and a reload find it, and it
 * is gone once sent (or when the tab closes). Storage that is full or off only loses the resume.
 */
export function inquiryDrafts(store: KeyStore) {
  return {
    read(): InquiryForm | null {
      try {
        return formOf(JSON.parse(store.getItem(KEY) ?? 'null'))
      } catch {
        return null
      }
    },
    write(form: InquiryForm) {
      try {
        store.setItem(KEY, JSON.stringify(form))
      } catch {
        // Full or off: the form still works in this page.
      }
    },
    clear() {
      try {
        store.removeItem(KEY)
      } catch {
        // Off: nothing was kept.
      }
    },
  }
}
