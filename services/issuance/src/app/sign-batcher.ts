import type { PromiseClient } from '@cred/grpc';
import type { SigningServiceClient } from '@cred/proto';
import { Histogram, type Registry } from '@cred/runtime';
import { KeyedBatches } from './keyed-batches.js';

interface Pending {
  unsignedJson: string;
  created: string;
  requestId?: string;
  resolve(signedJson: string): void;
  reject(err: unknown): void;
}

/**
 * Signing calls of one organization batched (ADR 0005, "Group commit"; keyed-batches.ts): the
 * credentials ready in one turn of the event loop go in one call, and those that arrive while a
 * call is in flight go in one SignCredentials call when it returns. A batch call that fails is
 * retried one credential per call (SignCredential), so every issue gets its own answer or error,
 * as unbatched.
 */
export class SignBatcher {
  private readonly batches: KeyedBatches<Pending>;
  private readonly batchSize?: Histogram;

  constructor(
    private readonly signing: PromiseClient<SigningServiceClient>,
    private readonly o: { maxBatch: number; metrics?: Registry },
  ) {
    this.batches = new KeyedBatches(o.maxBatch, (organizationId, batch) => this.call(organizationId, batch));
    if (o.metrics) {
      this.batchSize = new Histogram({
        name: 'issuance_sign_batch_size',
        help: 'Credentials per call to the signing service',
        buckets: [1, 2, 4, 8, 16, 32, 64],
        registers: [o.metrics],
      });
    }
  }

  /** The signed credential (JSON text) of `unsignedJson`, proof created at `created`. */
  sign(organizationId: string, unsignedJson: string, created: string, requestId?: string): Promise<string> {
    return new Promise((resolve, reject) =>
      this.batches.add(organizationId, { unsignedJson, created, resolve, reject, ...(requestId ? { requestId } : {}) }),
    );
  }

  private async call(organizationId: string, batch: Pending[]): Promise<void> {
    this.batchSize?.observe(batch.length);
    if (batch.length > 1) {
      try {
        const r = await this.signing.SignCredentials(
          { organization_id: organizationId, items: batch.map((p) => ({ unsigned_credential_json: p.unsignedJson, created: p.created })) },
          batch[0]!.requestId ? { requestId: batch[0]!.requestId } : {},
        );
        if (r.results.length === batch.length) {
          batch.forEach((p, i) => p.resolve(r.results[i]!.signed_credential_json));
          return;
        }
      } catch {
        // Each credential on its own below: it gets its own error, if any.
      }
    }
    await Promise.all(
      batch.map(async (p) => {
        try {
          const r = await this.signing.SignCredential(
            { organization_id: organizationId, unsigned_credential_json: p.unsignedJson, created: p.created },
            p.requestId ? { requestId: p.requestId } : {},
          );
          p.resolve(r.signed_credential_json);
        } catch (err) {
          p.reject(err);
        }
      }),
    );
  }
}
