/**
 * Characters that change how text around them shows without showing themselves: every Unicode
 * default-ignorable code point — the bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069) and marks (U+200E, U+200F, U+061C) that can turn a name or
 * comment around, the invisible spaces and fillers that make two names look alike (U+200B,
 * U+2060–U+2064, U+FEFF, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the soft hyphen), the
 * tag characters (U+E0000–U+E007F) that can smuggle invisible text — and the control, line and
 * paragraph separator characters. Kept: U+200C and U+200D (emoji sequences and several scripts
 * need them) and the variation selectors (U+FE00–U+FE0F, U+E0100–U+E01EF: emoji and ideograph
 * forms).
 */
const HIDDEN = /[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Zl}\p{Zp}]/gu

/** The default-ignorables that carry meaning: ZWNJ, ZWJ and the variation selectors. */
function kept(ch: string): boolean {
  const cp = ch.codePointAt(0) ?? 0
  return (
    cp === 0x200c ||
    cp === 0x200d ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  )
}

/** `text` without the characters of HIDDEN: what a viewer sees is what is stored. */
export function stripHidden(text: string): string {
  return text.replace(HIDDEN, (ch) => (kept(ch) ? ch : ''))
}
