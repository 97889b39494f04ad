/**
 * W3C Bitstring Status List v1.0 (docs/standards.md "Verification and status"): the entry a credential carries and the
 * status list credential its issuer publishes. Both terms are defined by the VC 2.0 context,
 * so neither needs the `https://www.w3.org/ns/credentials/status/v1` context.
 *
 * The list: bit i is entry i, most significant bit of byte 0 first; `encodedList` is the
 * multibase base64url (prefix `u`, no padding) of the GZIP-compressed bitstring.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { VC_V2_CONTEXT } from './contexts.js';
import { Ob3Error } from './errors.js';

/** The REC's minimum list length (16 KiB), which is also the size of our lists. */
export const STATUS_LIST_MIN_ENTRIES = 131_072;

/** Where a credential's status lives: the list credential's URL and the credential's entry. */
export interface StatusListSlot {
  statusListCredential: string;
  statusListIndex: number;
}

export interface BitstringStatusListEntry {
  id: string;
  type: 'BitstringStatusListEntry';
  statusPurpose: 'revocation';
  /** A decimal string, as the REC writes it. */
  statusListIndex: string;
  statusListCredential: string;
}

export interface BitstringStatusListCredential {
  '@context': [typeof VC_V2_CONTEXT];
  id: string;
  type: ['VerifiableCredential', 'BitstringStatusListCredential'];
  issuer: string;
  credentialSubject: {
    id: string;
    type: 'BitstringStatusList';
    statusPurpose: 'revocation';
    encodedList: string;
  };
}

function checkListUrl(url: unknown): string {
  if (typeof url !== 'string' || !/^https?:\/\/[!#$%&'()*+,\-./0-9:;=?@A-Z[\]_a-z~]+$/.test(url) || url.includes('#')) {
    throw new Ob3Error('INVALID_INPUT', 'statusListCredential must be an absolute http(s) URL without a fragment');
  }
  return url;
}

function checkIndex(index: unknown, length = STATUS_LIST_MIN_ENTRIES * 128): number {
  if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0 || index >= length) {
    throw new Ob3Error('INVALID_INPUT', `statusListIndex must be an integer in [0, ${length})`);
  }
  return index;
}

/** The `credentialStatus` of a credential whose revocation is bit `statusListIndex` of the list. */
export function bitstringStatusListEntry(slot: StatusListSlot): BitstringStatusListEntry {
  const url = checkListUrl(slot.statusListCredential);
  const index = checkIndex(slot.statusListIndex);
  return {
    id: `${url}#${index}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: 'revocation',
    statusListIndex: String(index),
    statusListCredential: url,
  };
}

/** A bitstring of `length` entries (a multiple of 8) with the given entries set. */
export function statusListBits(length: number, set: Iterable<number>): Uint8Array {
  if (!Number.isSafeInteger(length) || length <= 0 || length % 8 !== 0) throw new Ob3Error('INVALID_INPUT', 'length must be a positive multiple of 8');
  const bits = new Uint8Array(length / 8);
  for (const i of set) {
    checkIndex(i, length);
    bits[i >> 3]! |= 0x80 >> (i & 7);
  }
  return bits;
}

/** `encodedList`: `u` + base64url(gzip(bits)). */
export function encodeStatusList(bits: Uint8Array): string {
  return 'u' + gzipSync(bits).toString('base64url');
}

/** The bitstring of an `encodedList` (at most `maxBytes` once expanded). */
export function decodeStatusList(encodedList: string, maxBytes = 2 * 1024 * 1024): Buffer {
  if (!encodedList.startsWith('u') || !/^[A-Za-z0-9_-]+$/.test(encodedList.slice(1)))
    throw new Ob3Error('INVALID_INPUT', 'encodedList must be multibase base64url (prefix u)');
  try {
    return gunzipSync(Buffer.from(encodedList.slice(1), 'base64url'), { maxOutputLength: maxBytes });
  } catch {
    throw new Ob3Error('INVALID_INPUT', 'encodedList is not GZIP data within the size limit');
  }
}

/** Entry `index` of a bitstring (0 or 1). */
export function statusBit(bits: Uint8Array, index: number): 0 | 1 {
  const byte = bits[index >> 3];
  if (byte === undefined || index < 0) throw new RangeError(`index ${index} is outside the list (${bits.length * 8} entries)`);
  return ((byte >> (7 - (index & 7))) & 1) as 0 | 1;
}

export interface StatusListCredentialInput {
  /** The list's URL: its id, and what entries name as `statusListCredential`. */
  url: string;
  /** The issuer's DID (the same issuer as the credentials on the list). */
  issuer: string;
  length: number;
  /** Entries whose bit is set (revoked credentials). */
  revoked: Iterable<number>;
}

/**
 * The revocation list credential we sign and publish, without proof. No validFrom/validUntil
 * (both optional in VC 2.0): a list is current until the next one replaces it, its proof's
 * `created` says when it was made, and a validFrom a verifier's clock could see as slightly in
 * the future (clock skew, second precision) would make a fresh list unusable for a moment.
 */
export function buildStatusListCredential(input: StatusListCredentialInput): BitstringStatusListCredential {
  const url = checkListUrl(input.url);
  if (input.length < STATUS_LIST_MIN_ENTRIES) throw new Ob3Error('INVALID_INPUT', `a status list has at least ${STATUS_LIST_MIN_ENTRIES} entries`);
  if (typeof input.issuer !== 'string' || !/^did:[a-z0-9]+:[A-Za-z0-9._:%-]+$/.test(input.issuer))
    throw new Ob3Error('INVALID_INPUT', 'issuer must be a DID');
  return {
    '@context': [VC_V2_CONTEXT],
    id: url,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: input.issuer,
    credentialSubject: {
      id: `${url}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: encodeStatusList(statusListBits(input.length, input.revoked)),
    },
  };
}
