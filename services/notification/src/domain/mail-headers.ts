/**
 * Header safety for outgoing e-mail. Values from events (recipient names, subjects built from
 * badge names) must never add header lines: anything with a line break or NUL is refused, not
 * cleaned, and the send is recorded as failed. nodemailer quotes and encodes display names;
 * we hand it {name, address} objects, never a pre-formatted "Name <addr>" string of user data.
 */
export class HeaderInjectionError extends Error {
  constructor(readonly field: string) {
    super(`header ${field} contains a line break or control character`);
    this.name = 'HeaderInjectionError';
  }
}

// CR, LF, NUL, other C0 controls but TAB, DEL, NEL, and the Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f\u0085\u2028\u2029]/;

export function assertHeaderValue(field: string, value: string): string {
  if (UNSAFE.test(value)) throw new HeaderInjectionError(field);
  return value;
}

// Deliberately narrow: one @, no spaces, quotes, angle brackets, commas or semicolons.
const ADDRESS = /^[^\s@<>()[\]\\,;:"]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export interface Mailbox {
  name: string;
  address: string;
}

/** A recipient as nodemailer should see it; throws HeaderInjectionError for unsafe input. */
export function mailbox(name: string, address: string): Mailbox {
  assertHeaderValue('to.name', name);
  assertHeaderValue('to.address', address);
  if (address.length > 254 || !ADDRESS.test(address)) throw new HeaderInjectionError('to.address');
  return { name: name.trim().slice(0, 200), address };
}

/** Masks an address for logs: `j***@example.com`. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}
