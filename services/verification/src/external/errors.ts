/**
 * Errors of the external verifier.
 *
 * - `ExternalInputError` is an AppError: the request itself is unusable (not a JSON object, an
 *   image without a credential, too large). Routes map it like any AppError (400 VALIDATION_ERROR,
 *   413 PAYLOAD_TOO_LARGE). Everything else about a credential is a verification RESULT, never a
 *   thrown error.
 * - `FetchError` is what the guarded fetcher throws; the verifier turns it into check messages.
 */
import { AppError } from '@cred/runtime';

export type ExternalInputReason =
  | 'NOT_AN_OBJECT' // the credential is not a JSON object
  | 'NO_CREDENTIAL' // a PNG/SVG without an embedded Open Badges credential
  | 'UNSUPPORTED_IMAGE' // neither PNG nor SVG
  | 'MALFORMED_IMAGE' // broken PNG chunk structure / unparsable SVG
  | 'MALFORMED_CREDENTIAL' // the embedded text is neither JSON nor a compact JWS
  | 'REFERENCE_LOOP' // an Open Badges 2.0 assertion whose documents refer back to one another
  | 'BAD_RECIPIENT' // the e-mail address to check the recipient against is unusable
  | 'TOO_LARGE';

export class ExternalInputError extends AppError {
  constructor(
    readonly reason: ExternalInputReason,
    message: string,
    field: string,
    extra: Record<string, unknown> = {},
  ) {
    super(reason === 'TOO_LARGE' ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_ERROR', message, { field, reason, ...extra });
    this.name = 'ExternalInputError';
  }
}

export type FetchErrorCode =
  | 'BAD_URL' // not an absolute http(s) URL, or it carries credentials
  | 'SCHEME_NOT_ALLOWED' // http to a host that is not allow-listed
  | 'PORT_NOT_ALLOWED' // a port other than 443 to a host that is not allow-listed
  | 'ADDRESS_NOT_ALLOWED' // resolves to / connected to a non-public address
  | 'DNS_FAILED'
  | 'TIMEOUT'
  | 'TOO_LARGE'
  | 'REDIRECT' // 3xx: redirects are never followed
  | 'HTTP_STATUS' // any other non-200 status
  | 'BAD_CONTENT_TYPE'
  | 'BAD_JSON'
  | 'NETWORK'
  | 'BUDGET_EXCEEDED' // too many remote fetches for one verification
  | 'NOT_FOUND'; // test/map fetchers: no document for this URL

export class FetchError extends Error {
  constructor(
    readonly code: FetchErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
