import { describe, expect, it } from 'vitest'
import { stripHidden } from '../../src/domain/text-hygiene.ts'

describe('hidden characters in comments and names', () => {
  it('takes out bidi embeddings, overrides, isolates and marks, which would turn text around', () => {
    const bidi = [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]
    for (const ch of [...bidi, '\u200e', '\u200f', '\u061c']) {
      expect(stripHidden(`a${ch}b`), ch.codePointAt(0)?.toString(16)).toBe('ab')
    }
    expect(stripHidden('\u202egnp.exe')).toBe('gnp.exe')
  })

  it('takes out invisible spaces and controls, and keeps what emoji and scripts need', () => {
    expect(stripHidden('ki\u200brari\u2060\ufeff\u00ad\u0007\u0085')).toBe('kirari')
    // ZWJ in a family emoji and ZWNJ in Persian stay, as do ordinary Japanese and spaces.
    expect(stripHidden('👩\u200d👩\u200d👧')).toBe('👩\u200d👩\u200d👧')
    expect(stripHidden('می\u200cخواهم')).toBe('می\u200cخواهم')
    expect(stripHidden('きらり 配信中！')).toBe('きらり 配信中！')
  })
})
