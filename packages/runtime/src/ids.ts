import { randomBytes, randomUUID } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `length` random Crockford base32 characters (5 bits each, no modulo bias). */
export function randomCrockford(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += CROCKFORD[bytes[i]! & 31];
  return out;
}

export function newUuid(): string {
  return randomUUID();
}

/** Event ids begin with evt_ (docs/contract.md "Events, e-mail and webhooks"). */
export function newEventId(): string {
  return `evt_${randomBytes(16).toString('hex')}`;
}
