/**
 * One error class for every failure this library reports by throwing, so callers can map
 * `code` to HTTP/gRPC statuses without string-matching messages.
 *
 * Note: merely invalid proofs are NOT thrown; verification returns structured results.
 */
export type Ob3ErrorCode =
  | 'UNKNOWN_DOCUMENT' // documentLoader: URL not in the static set (fail closed)
  | 'INVALID_KEY' // multikey / key material malformed or wrong type
  | 'INVALID_INPUT' // builder / did helper input rejected
  | 'INVALID_DID' // malformed did:web / did:key
  | 'CANONICALIZATION_FAILED' // JSON-LD safe mode or RDFC-1.0 error while signing
  | 'BAKING_FAILED' // malformed PNG/SVG, or a payload that cannot be embedded
  | 'POOL_CLOSED'; // canonicalization pool used after close()

export class Ob3Error extends Error {
  constructor(
    readonly code: Ob3ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    // 'Ob3Error' or the subclass name, so logs and test matchers see the real class.
    this.name = new.target.name;
  }
}

/** Thrown by the PNG/SVG bake/unbake functions on hostile or malformed input. */
export class BakingError extends Ob3Error {
  constructor(
    readonly reason: 'NOT_PNG' | 'TRUNCATED' | 'BAD_CRC' | 'BAD_CHUNK' | 'TOO_LARGE' | 'BAD_ITXT' | 'NOT_SVG' | 'BAD_SVG' | 'BAD_PAYLOAD',
    message: string,
  ) {
    super('BAKING_FAILED', message);
  }
}

/**
 * Human-readable message for any thrown value. jsonld wraps safe-mode failures in a generic
 * message; the event code and term say what was actually wrong (e.g. an undefined property).
 */
export function describeError(err: unknown): string {
  if (err instanceof Error) {
    const details = (err as { details?: { event?: { code?: string; details?: Record<string, unknown> } } }).details;
    const event = details?.event;
    if (event?.code) {
      const d = event.details ?? {};
      const term = d['term'] ?? d['property'] ?? d['type'] ?? d['iri'];
      return `${err.message} (${event.code}${term !== undefined ? `: ${JSON.stringify(term)}` : ''})`;
    }
    return err.message;
  }
  return String(err);
}
