/** The first `max` code points of a text (never half of a surrogate pair). */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join('');
}
