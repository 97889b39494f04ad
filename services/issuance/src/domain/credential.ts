import { AppError, randomCrockford } from '@cred/runtime';
import { checkText, checkUuid } from './text.js';
import { trimBase } from './badge.js';
import { validateIssueContent, type IssueContent } from './content.js';

/** Recorded status: `expired` once the sweeper (or a renewal) has persisted an expiry. */
export type StoredStatus = 'pending' | 'valid' | 'expired' | 'revoked';
export type CredentialStatus = StoredStatus;

/** A credential as stores return it. `status` is what was recorded; see effectiveStatus. */
export interface Credential {
  id: string;
  credentialId: string;
  organizationId: string;
  badgeId: string;
  badgeName: string;
  recipientName: string;
  recipientEmail: string;
  status: StoredStatus;
  issuanceDate: Date;
  expirationDate: Date | null;
  claimedAt: Date | null;
  revokedAt: Date | null;
  revocationReason: string | null;
  isPublic: boolean;
  supersedesCredentialId: string | null;
  supersededByCredentialId: string | null;
  ob3: Record<string, unknown>;
  createdAt: Date;
}

export interface IssueInput {
  badgeId: string;
  recipientName: string;
  recipientEmail: string;
  /** Evidence, narrative and results for this credential (none for bulk rows). */
  content: IssueContent;
}

// RFC 5322 dot-atom local part and a DNS host name with at least two labels. Quoted local
// parts and address literals are valid RFC 5322 but useless for sending badges; we refuse them.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** docs/contract.md "Requests and bodies": trimmed, at most 254 characters, syntactically valid; stored lower-cased. */
export function checkEmail(value: unknown, field: string): string {
  if (typeof value !== 'string') throw AppError.validation(field, `${field} must be a string`);
  const email = value.trim();
  if (email === '') throw AppError.validation(field, `${field} is required`);
  if (email.length > 254) throw AppError.validation(field, `${field} must be at most 254 characters`);
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (at < 1 || local.length > 64 || !LOCAL_PART.test(local) || !DOMAIN.test(domain)) {
    throw AppError.validation(field, `${field} must be a valid e-mail address`);
  }
  return email.toLowerCase();
}

/**
 * The list's `recipient` filter (docs/decisions.md, "Recipient filter"): an e-mail address or
 * its beginning, 1-254 characters without white space or control characters, matched
 * case-insensitively as a prefix (addresses are stored lower-cased, so is the prefix).
 */
export function checkRecipientPrefix(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length < 1 || value.length > 254 || /[\s\p{Cc}\p{Cf}]/u.test(value)) {
    throw AppError.validation(field, `${field} must be an e-mail address or its beginning: 1-254 characters without spaces`);
  }
  return value.toLowerCase();
}

/** docs/contract.md "Requests and bodies": recipient names are 1-200 characters, counted in Unicode code points after trimming. */
export const RECIPIENT_NAME_MAX_CHARS = 200;

/**
 * The recipient name rule, shared by single issues and bulk CSV rows: trimmed, 1-200 code points
 * (the unit the event consumers count in too: notification's and verification's payload checks),
 * no control characters, not blank (whitespace and invisible characters only), and valid Unicode.
 * U+FFFD is refused with lone surrogates: a lone surrogate sent over gRPC arrives as U+FFFD
 * (proto strings are UTF-8), and a name is never meant to contain the replacement character.
 */
export function checkRecipientName(value: unknown, field: string): string {
  const name = checkText(value, field, { min: 1, max: RECIPIENT_NAME_MAX_CHARS });
  if (name.includes('\uFFFD')) throw AppError.validation(field, `${field} is not valid Unicode text`);
  return name;
}

/** The issue request of docs/contract.md "Requests and bodies" (the gateway has already refused unknown fields and non-objects). */
export function validateIssueInput(input: { badgeId: unknown; recipientName: unknown; recipientEmail: unknown; content?: unknown }): IssueInput {
  if (input.badgeId === undefined || input.badgeId === '') throw AppError.validation('badgeId', 'badgeId is required');
  const badgeId = checkUuid(input.badgeId, 'badgeId');
  if (input.recipientName === undefined) throw AppError.validation('recipient.name', 'recipient.name is required');
  const recipientName = checkRecipientName(input.recipientName, 'recipient.name');
  if (input.recipientEmail === undefined) throw AppError.validation('recipient.email', 'recipient.email is required');
  const recipientEmail = checkEmail(input.recipientEmail, 'recipient.email');
  return { badgeId, recipientName, recipientEmail, content: validateIssueContent(input.content) };
}

export const CREDENTIAL_ID_RE = /^CRD-[0-9A-HJKMNP-TV-Z]{12}$/;

/** `CRD-` + 12 Crockford base32 characters (docs/contract.md "Identifiers and URLs"): 60 random bits. */
export function newCredentialId(): string {
  return `CRD-${randomCrockford(12)}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The issuance instant: the clock's time cut to the whole second, so that the API's
 * issuanceDate/expirationDate equal the signed credential's validFrom/validUntil (which
 * XML Schema dateTime carries to the second) exactly.
 */
export function issuanceInstant(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 1000) * 1000);
}

/** expiresInDays days after issuance (calendar-agnostic: exactly N x 24 h, in UTC), or null. */
export function expirationFor(issuedAt: Date, expiresInDays: number | null): Date | null {
  return expiresInDays === null ? null : new Date(issuedAt.getTime() + expiresInDays * DAY_MS);
}

/** The status the API shows at `now`: revoked wins, then expiry (read from the application clock), then what was recorded. */
export function effectiveStatus(c: Pick<Credential, 'status' | 'expirationDate' | 'revokedAt'>, now: Date): CredentialStatus {
  if (c.status === 'revoked' || c.revokedAt !== null) return 'revoked';
  if (c.expirationDate !== null && c.expirationDate.getTime() <= now.getTime()) return 'expired';
  return c.status;
}

export function verificationUrl(baseUrl: string, credentialId: string): string {
  return `${trimBase(baseUrl)}/verify/${credentialId}`;
}

export function issuerProfileUrl(baseUrl: string, orgSlug: string): string {
  return `${trimBase(baseUrl)}/issuers/${orgSlug}`;
}
