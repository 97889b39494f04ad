import { bakePng, BakingError } from '@cred/ob3';
import type { CredentialRecord } from '../domain/model.js';
import { placeholderPng, sha256Hex, type BadgePngSource } from './badge-png.js';

/** An LRU bounded by the total size of its values (bytes), not by the number of entries. */
export class ByteBoundedLru {
  private readonly map = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get totalBytes(): number {
    return this.bytes;
  }

  get size(): number {
    return this.map.size;
  }

  get(key: string): Buffer | undefined {
    const v = this.map.get(key);
    if (v === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, v);
    return v;
  }

  set(key: string, value: Buffer): void {
    if (value.length > this.maxBytes / 4) return; // one entry never crowds out the rest
    const old = this.map.get(key);
    if (old) {
      this.bytes -= old.length;
      this.map.delete(key);
    }
    this.map.set(key, value);
    this.bytes += value.length;
    while (this.bytes > this.maxBytes) {
      const oldest = this.map.entries().next();
      if (oldest.done) break;
      this.map.delete(oldest.value[0]);
      this.bytes -= oldest.value[1].length;
    }
  }
}

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
  const cache = new ByteBoundedLru(deps.maxCacheBytes);
  return {
    async bake(credential) {
      const image = await deps.images.forBadge(credential.badgeId);
      const key = `${credential.uuid}|${sha256Hex(credential.ob3Json)}|${image.hash}`;
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
