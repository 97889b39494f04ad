import { bakePng, BakingError } from '@cred/ob3';
import type { CredentialRecord } from '../domain/model.js';
import { placeholderPng, sha256Hex, type BadgePngSource } from './badge-png.js';
import { byteLru } from './lru-cache.js';

export interface BakedCredentials {
  /** The badge image as PNG with exactly one iTXt `openbadgecredential` holding the stored credential bytes. */
  bake(credential: CredentialRecord): Promise<Buffer>;
}

/**
 * Baked PNGs (docs/standards.md "Baking"): the chunks of the badge PNG are copied and one iTXt chunk
 * is spliced in before IEND (`bakePng`; no re-encoding, so the pixels are untouched). Results are
 * cached by (credential uuid, sha256 of the credential bytes, image hash): a new image or
 * re-issued bytes miss the cache, nothing else can change the output.
 */
export function createBakedCredentials(deps: { images: BadgePngSource; maxCacheBytes: number }): BakedCredentials {
  const cache = byteLru<string>(deps.maxCacheBytes);
  /**
   * The cache key of a cached read-model row (immutable while cached) with the image it used: a
   * warm download skips hashing the credential bytes. Only keys are kept here, so the bytes held
   * stay bounded by `maxCacheBytes`.
   */
  const keyOfRow = new WeakMap<CredentialRecord, { imageHash: string; key: string }>();
  return {
    async bake(credential) {
      const image = await deps.images.forBadge(credential.badgeId);
      const memo = keyOfRow.get(credential);
      const key = memo && memo.imageHash === image.hash ? memo.key : `${credential.uuid}|${sha256Hex(credential.ob3Json)}|${image.hash}`;
      if (memo?.key !== key) keyOfRow.set(credential, { imageHash: image.hash, key });
      const hit = cache.get(key);
      if (hit) return hit;
      let baked: Buffer;
      try {
        baked = bakePng(image.png, credential.ob3Json);
      } catch (err) {
        // A stored PNG whose chunk stream libvips tolerates but bakePng refuses (bad CRC...).
        if (!(err instanceof BakingError)) throw err;
        baked = bakePng(placeholderPng(), credential.ob3Json);
      }
      cache.set(key, baked);
      return baked;
    },
  };
}
