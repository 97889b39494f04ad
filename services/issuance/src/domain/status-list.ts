import { randomInt } from 'node:crypto';
import { STATUS_LIST_MIN_ENTRIES } from '@cred/ob3';
import { trimBase } from './badge.js';

/**
 * Revocation lists (W3C Bitstring Status List, ADR 0007). Every list has the REC's minimum
 * length, 131,072 entries. Indexes are drawn uniformly at random among the free ones, so the
 * position of a credential tells nothing about when it was issued or to whom; a list takes
 * credentials until 7/8 of it is handed out (past that, random draws would mostly hit taken
 * entries), and the last eighth stays clear for good.
 */
export const STATUS_LIST_LENGTH = STATUS_LIST_MIN_ENTRIES;
export const STATUS_LIST_FILL_LIMIT = STATUS_LIST_LENGTH - STATUS_LIST_LENGTH / 8;

/** A credential's entry: list `listNumber` of its organization, bit `index`. */
export interface StatusEntry {
  listNumber: number;
  index: number;
}

/** `{BASE_URL}/issuers/{slug}/status/{listNumber}`: the list credential's id and where verification serves it. */
export function statusListUrl(baseUrl: string, orgSlug: string, listNumber: number): string {
  return `${trimBase(baseUrl)}/issuers/${orgSlug}/status/${listNumber}`;
}

/**
 * `count` distinct random candidates in [0, length), from the crypto RNG. With `free` of the
 * list's entries still free, enough are drawn that `wanted` of them are expected to be free
 * twice over (the caller draws again for any shortfall).
 */
export function indexCandidates(wanted: number, freeFraction: number, length = STATUS_LIST_LENGTH): number[] {
  const count = Math.min(length, Math.ceil((2 * wanted) / Math.max(freeFraction, 1 / 64)) + 4);
  const out = new Set<number>();
  while (out.size < count) out.add(randomInt(length));
  return [...out];
}
