import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import type { Knex } from '@cred/db';
import { createRefreshingCache, type Logger } from '@cred/runtime';
import { badgeImageStore } from '../db/badge-image-store.js';
import { entryLru } from './lru-cache.js';

export interface BadgePng {
  png: Buffer;
  /** Identifies the source image: its sha256 (or `placeholder-v1`); part of the baked cache key. */
  hash: string;
}

export interface BadgePngSource {
  /** The badge image as PNG: the stored image (converted if needed), or a placeholder. */
  forBadge(badgeId: string): Promise<BadgePng>;
  /** Forget which image each badge has (an image event was committed). */
  clear(): void;
}

const PLACEHOLDER_HASH = 'placeholder-v1';
/** Largest raster we decode (pixels); badge images are small, a decompression bomb is not. */
const MAX_INPUT_PIXELS = 4096 * 4096;
/** SVG and oversized rasters are rendered to at most this many pixels per side. */
const MAX_SIDE = 1024;

/**
 * A 256x256 placeholder badge (pngjs): a teal disc with a white ring on a transparent
 * background, for badges whose image verification has never received.
 */
export function placeholderPng(): Buffer {
  const size = 256;
  const png = new PNG({ width: size, height: size });
  const c = (size - 1) / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - c, y - c);
      const i = (y * size + x) * 4;
      const inside = d <= 120;
      const ring = d > 92 && d <= 104;
      png.data[i] = ring ? 255 : 15;
      png.data[i + 1] = ring ? 255 : 118;
      png.data[i + 2] = ring ? 255 : 110;
      png.data[i + 3] = inside ? 255 : 0;
    }
  }
  return PNG.sync.write(png);
}

/** Any supported badge image as PNG. JPEG, WebP and SVG are rendered by sharp (libvips, in memory). */
export async function toPng(bytes: Buffer, contentType: string): Promise<Buffer> {
  const image = sharp(bytes, {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'error',
    ...(contentType === 'image/svg+xml' ? { density: 144 } : {}),
  });
  const meta = await image.metadata();
  const format = meta.format;
  const expected = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp', 'image/svg+xml': 'svg' }[contentType];
  if (!format || format !== expected) throw new Error(`image is ${format ?? 'unknown'}, declared ${contentType}`);
  const tooBig = (meta.width ?? 0) > MAX_SIDE || (meta.height ?? 0) > MAX_SIDE;
  return (tooBig ? image.resize(MAX_SIDE, MAX_SIDE, { fit: 'inside' }) : image).png().toBuffer();
}

/**
 * Badge images from the `badge_images` read model as PNG. PNGs are used as they are (bytes
 * unchanged); other types are converted once per content hash and kept in a small LRU. An image
 * that cannot be decoded is logged and replaced by the placeholder, so a bad upload never
 * breaks verification pages or downloads.
 */
export function createBadgePngSource(deps: { db: Knex; logger: Logger; cacheEntries?: number; hashTtlMs?: number }): BadgePngSource {
  const converted = entryLru<string, Buffer>(deps.cacheEntries ?? 64);
  // Which image a badge has, for hashTtlMs (like the read-model cache: cleared on this replica's
  // events). Misses share one read (an expiry under load is one query, not one per request), and
  // a hash in use is re-read in the background late in its life, so steady traffic never waits.
  const hashes = createRefreshingCache<string, Awaited<ReturnType<typeof badgeImageStore.findHash>>>({
    ttlMs: deps.hashTtlMs ?? 0,
    refreshAfter: [0.5, 0.75],
    maxEntries: 20_000,
    load: (badgeId) => badgeImageStore.findHash(deps.db, badgeId),
  });
  const inflight = new Map<string, Promise<Buffer>>();
  let placeholder: Buffer | undefined;
  const getPlaceholder = () => (placeholder ??= placeholderPng());

  const load = async (badgeId: string, hash: string): Promise<Buffer> => {
    const image = await badgeImageStore.find(deps.db, badgeId);
    // Replaced between the two reads: whatever is stored now is as good (its hash keys nothing yet).
    if (!image) return getPlaceholder();
    try {
      if (image.contentType === 'image/png') {
        // Re-encode only if libvips cannot read it (bakePng needs a well-formed chunk stream).
        await sharp(image.bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
        return image.bytes;
      }
      return await toPng(image.bytes, image.contentType);
    } catch (err) {
      deps.logger.warn({ badgeId, hash, err: (err as Error).message }, 'badge image cannot be decoded; using the placeholder');
      return getPlaceholder();
    }
  };

  return {
    clear: () => hashes.clear(),
    async forBadge(badgeId) {
      const meta = await hashes.get(badgeId);
      if (!meta) return { png: getPlaceholder(), hash: PLACEHOLDER_HASH };
      const key = meta.contentHash;
      const hit = converted.get(key);
      if (hit) return { png: hit, hash: key };
      let pending = inflight.get(key);
      if (!pending) {
        pending = load(badgeId, key).finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      const png = await pending;
      converted.set(key, png);
      return { png, hash: key };
    },
  };
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
