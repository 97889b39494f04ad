import type { Knex } from '@cred/db';
import type { Clock, Logger } from '@cred/runtime';
import type { RecipientSessionReader } from './recipient-session.js';
import type { SignatureVerifier } from './signature-verifier.js';
import type { VerificationRecorder } from './verification-recorder.js';

/** What the use cases and routes need, assembled once in service.ts. */
export interface VerificationContext {
  db: Knex;
  clock: Clock;
  logger: Logger;
  /** BASE_URL without a trailing slash. */
  baseUrl: string;
  signatures: SignatureVerifier;
  sessions: RecipientSessionReader;
  recorder: VerificationRecorder;
}
