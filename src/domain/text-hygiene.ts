/**
 * Characters that change how text around them shows without showing themselves: the
 * bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and marks
 * (U+200E, U+200F, U+061C) that can turn a name or comment around, invisible spaces and joiners
 * that make two names look alike (U+200B, U+2060–U+2064, U+FEFF, U+180E, the soft hyphen), and
 * the C0/C1 control characters. U+200C and U+200D stay: emoji sequences and several scripts need
 * them.
 */
const HIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g

/** `text` without the characters of HIDDEN: what a viewer sees is what is stored. */
export function stripHidden(text: string): string {
  return text.replace(HIDDEN, '')
}
