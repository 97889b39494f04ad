/**
 * The results a bulk-issuance row can have (docs/contract.md, bulk issuance): `pending` until the
 * worker has acted on it, then the outcome a single issue would have had. Issuance records them
 * and filters by them; the gateway's definitions of the row and of the rows query list them. One
 * list for both, beside the protos like the badge fields and the webhook event types.
 */
export const BULK_ROW_RESULTS = ['pending', 'issued', 'renewed', 'conflict', 'invalid', 'failed'] as const;
export type BulkRowResult = (typeof BULK_ROW_RESULTS)[number];

/**
 * What a bulk preview says each row would do (POST .../bulk-issuances/preview): a first issue,
 * a renewal, a conflict, an invalid row, or a row the monthly recipient quota would refuse.
 */
export const BULK_PREVIEW_OUTCOMES = ['issue', 'renew', 'conflict', 'invalid', 'over_quota'] as const;
export type BulkPreviewOutcome = (typeof BULK_PREVIEW_OUTCOMES)[number];
