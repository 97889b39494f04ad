import { createCanonicalizationPool, type CanonicalizationPool } from '@cred/ob3';
import type { Logger } from '@cred/runtime';

const PROBE_DOCUMENT = { '@context': ['https://www.w3.org/ns/credentials/v2'], type: ['VerifiableCredential'] };
const PROBE_PROOF = {
  type: 'DataIntegrityProof',
  cryptosuite: 'eddsa-rdfc-2022',
  created: '2025-01-01T00:00:00Z',
  verificationMethod: 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK#z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK',
  proofPurpose: 'assertionMethod',
};

/**
 * The canonicalization worker pool, if its workers actually work in this process. Workers load
 * the TypeScript worker module through the parent's loader flags; under `node --import tsx` on
 * Node 20 that load fails ("Unknown file extension .ts"), so the pool is checked once at start
 * and, when it cannot canonicalize, closed and replaced by inline canonicalization (correct,
 * only costlier on cold cache misses) with an error in the log.
 */
export async function startCanonicalizationPool(size: number, logger: Logger): Promise<CanonicalizationPool | undefined> {
  const pool = createCanonicalizationPool({ size });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      pool.hashData(PROBE_DOCUMENT as never, PROBE_PROOF as never),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer within 15 s')), 15_000);
      }),
    ]);
    logger.info({ size }, 'canonicalization worker pool ready');
    return pool;
  } catch (err) {
    logger.error({ err }, 'canonicalization worker pool unusable; canonicalizing on the event loop');
    await pool.close();
    return undefined;
  } finally {
    if (timer) clearTimeout(timer);
  }
}
