/**
 * How text limits are measured everywhere (docs/decisions.md, "Text fields"): in Unicode code
 * points, a surrogate pair counting once, so that every service that checks one field (issuance
 * when it stores a name, notification when it e-mails it, accounts) agrees on the same string.
 */
export function codePointLength(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

// Nothing but whitespace and characters that render as nothing (zero-width space/joiners,
// word joiner, BOM, bidi marks, variation selectors, Hangul fillers: Unicode's
// Default_Ignorable_Code_Point), the blank braille pattern, and combining marks with no base
// character to sit on.
const BLANK = /^[\s\p{Default_Ignorable_Code_Point}\u2800\p{M}]*$/u;

/** True when `text` would show nothing: empty, whitespace, invisible characters and bare marks only. */
export function isBlankText(text: string): boolean {
  return BLANK.test(text);
}

/** True when `text` holds a UTF-16 surrogate without its partner (not storable as UTF-8). */
export function hasLoneSurrogate(text: string): boolean {
  return /\p{Cs}/u.test(text);
}
