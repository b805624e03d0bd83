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
    // Variation selectors pick emoji and ideograph forms; they stay.
    expect(stripHidden('❤\ufe0f葛\u{e0100}')).toBe('❤\ufe0f葛\u{e0100}')
  })

  it('takes out fillers that pass for names, tag characters and line separators', () => {
    expect(stripHidden('\u3164')).toBe('')
    expect(stripHidden('a\u115f\u1160\uffa0\u034fb')).toBe('ab')
    expect(stripHidden('hi\u{e0041}\u{e0042}\u{e007f}')).toBe('hi')
    expect(stripHidden('one\u2028two\u2029')).toBe('onetwo')
  })
})
