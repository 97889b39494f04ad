// A module of its own, with no Node.js import, so the gateway's OpenAPI schemas (whose types the
// browser application reads) can use the list (`@cred/ob3/result-statuses`).

/** OB 3.0 ResultStatusType (a closed enumeration). */
export const RESULT_STATUSES = ['Completed', 'Enrolled', 'Failed', 'InProgress', 'OnHold', 'Provisional', 'Withdrew'] as const;
