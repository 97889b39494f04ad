import type { Knex } from '@cred/db';
import type { Logger } from '@cred/runtime';
import { webhookStore, type StoredSecret } from '../db/webhook-store.js';
import { SecretBoxError, type SecretBox } from '../domain/secret-box.js';

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** An endpoint's secret in clear, for signing one delivery; throws SecretBoxError if it cannot be opened. */
export function revealSecret(box: SecretBox, endpointId: string, stored: StoredSecret): string {
  return 'sealed' in stored ? box.open(endpointId, stored.sealed) : stored.plain;
}

/**
 * Seals every endpoint secret still in clear (rows older than migration 0004) and reseals those
 * under a previous key (WEBHOOK_SECRET_KEY_PREVIOUS) with the current one. Runs at start, on
 * every replica: each row is updated only if it still holds what was read, so replicas racing
 * on a row do no harm. A row under a key that is not configured is left as it is and counted.
 */
export async function sealStoredSecrets(
  db: Knex,
  box: SecretBox,
  logger: Logger,
  pageSize = 200,
): Promise<{ sealed: number; unreadable: number }> {
  let afterId = NIL_UUID;
  let sealed = 0;
  let unreadable = 0;
  for (;;) {
    const page = await webhookStore.needingSeal(db, box.currentKeyId, afterId, pageSize);
    for (const row of page) {
      let secret: string;
      try {
        secret = revealSecret(box, row.id, row.secret);
      } catch (err) {
        if (!(err instanceof SecretBoxError)) throw err;
        unreadable++;
        logger.error(
          { endpointId: row.id, err: err.message },
          'webhook endpoint secret cannot be opened with the configured keys; its deliveries will fail',
        );
        continue;
      }
      if (await webhookStore.storeSealed(db, row.id, row.secret, box.seal(row.id, secret))) sealed++;
    }
    if (page.length < pageSize) break;
    afterId = page[page.length - 1]!.id;
  }
  if (sealed > 0 || unreadable > 0) logger.info({ sealed, unreadable }, 'webhook endpoint secrets sealed under the current key');
  return { sealed, unreadable };
}
