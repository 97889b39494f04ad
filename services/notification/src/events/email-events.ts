import type { BatchEventHandler, DomainEvent, EventHandler } from '@cred/events';
import type { Knex } from '@cred/db';
import { newUuid, type Clock, type Logger } from '@cred/runtime';
import { renderSubject, type EmailKind, type Templates } from '../domain/email-templates.js';
import { emailSendStore, newEmailSend, type EmailSend } from '../db/email-send-store.js';
import { organizationStore } from '../db/organization-store.js';
import { readEvent, type EventData } from '@cred/event-contracts';
import { clip } from './clip.js';

export const CREDENTIAL_EMAIL_EVENTS = ['credential.issued', 'credential.renewed'] as const;

export function isCredentialEmailEvent(type: string): boolean {
  return (CREDENTIAL_EMAIL_EVENTS as readonly string[]).includes(type);
}
export const ACCOUNT_EMAIL_EVENTS = [
  'accounts.user.email_verification_requested',
  'accounts.user.password_reset_requested',
  'accounts.user.sign_up_attempted',
  'accounts.invitation.created',
] as const;

/**
 * A name the inviter chose, as the invitation e-mail quotes it (docs/decisions.md, "Invitation
 * e-mail"): on one line, at most 100 characters, with no double quote of its own, so it stays
 * inside the quotes and label the template puts around it and cannot pass for our own words.
 */
function asGivenByInviter(value: string): string {
  return clip(value.replace(/[\s\p{Cc}\u2028\u2029]+/gu, ' ').replace(/["\u201c\u201d\u201e\u00ab\u00bb]/g, "'").trim(), 100);
}

/** How a role reads in the invitation e-mail. */
const ROLE_NAMES: Record<string, string> = { owner: 'an owner', admin: 'an administrator', issuer: 'an issuer', viewer: 'a viewer' };

export interface EmailEventDeps {
  clock: Clock;
  logger: Logger;
  baseUrl: string;
  templates: Templates;
  /** Called once the inbox transaction committed: the worker sends now rather than at its next poll. */
  wakeWorker(): void;
}

function badgeNameOf(ob3: unknown): string | undefined {
  if (typeof ob3 !== 'object' || ob3 === null) return undefined;
  const subject = (ob3 as Record<string, unknown>).credentialSubject;
  if (typeof subject !== 'object' || subject === null) return undefined;
  const achievement = (subject as Record<string, unknown>).achievement;
  if (typeof achievement !== 'object' || achievement === null) return undefined;
  const name = (achievement as Record<string, unknown>).name;
  return typeof name === 'string' && name.length > 0 ? clip(name, 200) : undefined;
}

function issuerNameOf(ob3: unknown): string | undefined {
  if (typeof ob3 !== 'object' || ob3 === null) return undefined;
  const issuer = (ob3 as Record<string, unknown>).issuer;
  if (typeof issuer !== 'object' || issuer === null) return undefined;
  const name = (issuer as Record<string, unknown>).name;
  return typeof name === 'string' && name.length > 0 ? clip(name, 200) : undefined;
}

function readableInstant(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
}

function afterCommit(trx: Knex.Transaction, fn: () => void): void {
  trx.executionPromise.then(fn, () => undefined);
}

/** What happened to the credential a renewal replaces, from `credential.renewed`'s priorStatus. */
function priorStatusNote(d: EventData<'credential.renewed'>): string {
  const which = `The original credential, ${d.supersedesCredentialShortId},`;
  return d.priorStatus === 'revoked' ? `${which} was revoked when this renewal was issued.` : `${which} had expired.`;
}

/**
 * `credential.issued` / `credential.renewed` -> one pending e-mail row, committed with the
 * inbox row (so a redelivery adds nothing) and sent by the EmailWorker afterwards. If the
 * organization turned e-mail notifications off, the row is recorded as `skipped` and nothing
 * is ever sent. An organization notification has not heard of yet counts as enabled (the
 * accounts default). `handler` takes one event, `batchHandler` the fresh events of a consumer
 * batch, whose rows go in with one statement.
 */
export function onCredentialEmail(deps: EmailEventDeps): { handler: EventHandler; batchHandler: BatchEventHandler } {
  const record = async (events: ReadonlyArray<DomainEvent<unknown>>, trx: Knex.Transaction) => {
    const now = deps.clock.now();
    const sends: EmailSend[] = [];
    for (const event of events) sends.push(await credentialEmail(deps, event, trx, now));
    await emailSendStore.insertMany(trx, sends);
    if (sends.some((s) => s.status === 'pending')) afterCommit(trx, () => deps.wakeWorker());
  };
  return { handler: (event, trx) => record([event], trx), batchHandler: record };
}

/** The row `credential.issued` / `credential.renewed` records. */
async function credentialEmail(deps: EmailEventDeps, event: DomainEvent<unknown>, trx: Knex.Transaction, now: Date): Promise<EmailSend> {
  const d = readEvent(event, ...CREDENTIAL_EMAIL_EVENTS);
  const kind: EmailKind = event.type === 'credential.renewed' ? 'credential_renewed' : 'credential_issued';
  const { credentialId, credentialUuid, organizationId, recipientEmail, recipientName, expirationDate } = d;
  const org = await organizationStore.inTransaction(trx, organizationId);
  const organizationName = org?.name ?? issuerNameOf(d.ob3Credential) ?? d.organizationSlug;
  const base = deps.baseUrl.replace(/\/$/, '');
  const payload: Record<string, string> = {
    recipientName,
    organizationName,
    badgeName: badgeNameOf(d.ob3Credential) ?? 'your badge',
    credentialId,
    credentialUuid,
    verificationUrl: `${base}/verify/${encodeURIComponent(credentialId)}`,
    expirationText: expirationDate
      ? `This credential is valid until ${expirationDate.slice(0, 10)}.`
      : 'This credential does not expire.',
    priorStatusNote: 'priorStatus' in d ? priorStatusNote(d) : '',
  };
  const disabled = org !== undefined && !org.emailNotificationsEnabled;
  const subject = renderSubject(deps.templates[kind], { ...payload, claimUrl: '', claimExpiresAt: '' });
  if (disabled) deps.logger.info({ eventId: event.id, organizationId }, 'e-mail notifications disabled; not sending');
  return newEmailSend(
    {
      id: newUuid(),
      eventId: event.id,
      eventType: event.type,
      kind,
      organizationId,
      recipientEmail,
      recipientName,
      subject,
      status: disabled ? 'skipped' : 'pending',
      payload: disabled ? null : payload,
      lastError: disabled ? 'e-mail notifications are disabled for the organization' : null,
    },
    now,
  );
}

/**
 * `accounts.user.email_verification_requested` / `password_reset_requested` / `sign_up_attempted` /
 * `accounts.invitation.created` -> one pending e-mail row. The one-time link stays in the row's payload only until the row is final.
 * Never logged.
 */
export function onAccountEmail(deps: EmailEventDeps) {
  return async (event: DomainEvent<unknown>, trx: Knex.Transaction) => {
    const d = readEvent(event, ...ACCOUNT_EMAIL_EVENTS);
    let kind: EmailKind;
    let payload: Record<string, string>;
    if ('signInUrl' in d) {
      // No link with a token: whoever tried may not be the owner.
      kind = 'signup_attempt';
      payload = { recipientName: d.name, actionUrl: d.signInUrl, resetUrl: d.resetUrl };
    } else if ('acceptUrl' in d) {
      // An invitee may have no account yet: the e-mail greets no one by name.
      kind = 'invitation';
      payload = {
        recipientName: d.email,
        inviterName: asGivenByInviter(d.invitedByName),
        organizationName: asGivenByInviter(d.organizationName),
        roleName: ROLE_NAMES[d.role] ?? 'a member',
        actionUrl: d.acceptUrl,
        expiresAt: readableInstant(d.expiresAt),
      };
    } else {
      kind = 'verificationUrl' in d ? 'email_verification' : 'password_reset';
      const actionUrl = 'verificationUrl' in d ? d.verificationUrl : d.resetUrl;
      payload = { recipientName: d.name, actionUrl, expiresAt: readableInstant(d.expiresAt) };
    }
    const now = deps.clock.now();
    await emailSendStore.insert(
      trx,
      newEmailSend(
        {
          id: newUuid(),
          eventId: event.id,
          eventType: event.type,
          kind,
          organizationId: null,
          recipientEmail: d.email,
          recipientName: payload.recipientName!,
          subject: renderSubject(deps.templates[kind], payload),
          status: 'pending',
          payload,
          lastError: null,
        },
        now,
      ),
    );
    afterCommit(trx, () => deps.wakeWorker());
  };
}
