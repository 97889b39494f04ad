import { Redis } from 'ioredis';

/**
 * Deletes the keys matching a pattern (e.g. `<prefix>idem:*`), as a Redis flush or restart
 * would lose them. Returns how many were deleted. Tests only: SCAN over the whole keyspace.
 */
export async function deleteRedisKeys(url: string, pattern: string): Promise<number> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  try {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    redis.disconnect();
  }
}
