import type { Knex } from '@cred/db';
import type { Clock, Logger } from '@cred/runtime';
import type { ExternalVerifier } from '../external/index.js';
import type { BadgePngSource } from './badge-png.js';
import type { BakedCredentials } from './baked-credential.js';
import type { CredentialSource } from './credential-source.js';
import type { ReadModelCache } from './read-model-cache.js';
import type { RecipientSessionReader } from './recipient-session.js';
import type { SignatureVerifier } from './signature-verifier.js';
import type { StatusListSource } from './status-lists.js';
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
  /** Credentials from anywhere (POST /api/verify/credential|baked, the lookup page); ours resolve locally. */
  external: Pick<ExternalVerifier, 'verifyCredential' | 'verifyBakedImage'>;
  /** Badge images as PNG (from the badge_images read model, or a placeholder). */
  badgeImages: BadgePngSource;
  baked: BakedCredentials;
  /** The verification hot path's read of credential + organization + keys (micro-cached). */
  readModel: Pick<ReadModelCache, 'find'>;
  /** Our organizations' signed revocation lists, from issuance (status-lists.ts). */
  statusLists: StatusListSource;
  /** Issuance, asked about credentials the read model has not heard of yet (credential-source.ts). */
  source?: CredentialSource;
}
