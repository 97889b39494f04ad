import type { Knex } from '@cred/db';
import type { Clock, Logger } from '@cred/runtime';
import { writeOutbox } from '@cred/events';
import { newEvent, type EventInput, type EventType } from '@cred/event-contracts';
import type { PasswordHasher } from './password-hasher.js';
import type { SessionTokenSigner } from './sessions.js';

/** What the use cases need; built once in service.ts (tests may build their own). */
export interface AccountsContext {
  db: Knex;
  schema: string;
  clock: Clock;
  logger: Logger;
  baseUrl: string;
  /** Signs session tokens (the only holder of the session private key). */
  signSessionToken: SessionTokenSigner;
  /** Asks the outbox relay to publish now rather than at its next poll. */
  wakeRelay: () => void;
  /** Every password hash and check, bounded per process. */
  passwords: PasswordHasher;
  /** Asks the e-mail request worker to run now rather than at its next poll. */
  wakeEmailRequests: () => void;
}

/** Writes an event to the outbox in `trx` and wakes the relay once the transaction commits. */
export async function emit<T extends EventType>(ctx: AccountsContext, trx: Knex.Transaction, type: T, data: EventInput<T>): Promise<void> {
  await writeOutbox(trx, ctx.schema, newEvent(type, data, { producer: 'accounts', clock: ctx.clock }));
  trx.executionPromise.then(
    () => ctx.wakeRelay(),
    () => undefined,
  );
}

/** Event types this service writes (see README.md for their data). */
export const EVENTS = {
  organizationCreated: 'accounts.organization.created',
  organizationUpdated: 'accounts.organization.updated',
  emailVerificationRequested: 'accounts.user.email_verification_requested',
  passwordResetRequested: 'accounts.user.password_reset_requested',
  signUpAttempted: 'accounts.user.sign_up_attempted',
  apiKeyCreated: 'accounts.api_key.created',
  apiKeyUpdated: 'accounts.api_key.updated',
  apiKeyRevoked: 'accounts.api_key.revoked',
  invitationCreated: 'accounts.invitation.created',
} as const;
