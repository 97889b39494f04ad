/**
 * Worker-thread side of canonicalization-pool.ts: runs the same computeHashData as the inline
 * path, so results are identical by construction. Only static documents can be used here
 * (functions cannot cross threads); canonicalizing credentials needs contexts only.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { computeHashData } from './canonicalize.js';
import { createDocumentLoader } from './document-loader.js';
import { describeError } from './errors.js';

export interface HashRequest {
  id: number;
  document: object;
  proofOptions: object;
}
export type HashResponse =
  { id: number; ok: true; proofHash: Uint8Array; documentHash: Uint8Array } | { id: number; ok: false; message: string };

const port = parentPort;
if (port) {
  const documentLoader = createDocumentLoader({
    documents: (workerData as { documents?: Record<string, unknown> } | undefined)?.documents ?? {},
  });
  port.on('message', (request: HashRequest) => {
    computeHashData(request.document, request.proofOptions, { documentLoader }).then(
      (r) => port.postMessage({ id: request.id, ok: true, proofHash: r.proofHash, documentHash: r.documentHash } satisfies HashResponse),
      (err: unknown) => port.postMessage({ id: request.id, ok: false, message: describeError(err) } satisfies HashResponse),
    );
  });
}
