/**
 * The only form of a recipient's address on public surfaces (docs/contract.md "Recipients and privacy"): the first
 * character of the local part, `***`, `@` and the domain (`j***@example.com`).
 */
export function partialEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return '***';
  const first = Array.from(email.slice(0, at))[0] ?? '';
  return `${first}***@${email.slice(at + 1)}`;
}
