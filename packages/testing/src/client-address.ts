/**
 * Client addresses for tests that send X-Forwarded-For to get a per-IP budget of their own: each
 * call gives the next address of 198.18.0.0/15 (the benchmarking range), so no two requests of a
 * test process share one by chance. Random picks did: one of them could land on an address that
 * an earlier test had spent to its limit, and get a 429 nobody asked for.
 */
let next = 0;
const SIZE = 2 ** 17; // 198.18.0.0 - 198.19.255.255

export function freshClientAddress(): string {
  next = (next % (SIZE - 1)) + 1; // 198.18.0.1 onwards; the range's first address is skipped
  return `198.${18 + (next >> 16)}.${(next >> 8) & 255}.${next & 255}`;
}
