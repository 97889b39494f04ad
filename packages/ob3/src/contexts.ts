/**
 * The JSON-LD contexts of the documents we publish, in a module of their own so that the
 * builders, the status lists and the direct canonicalizer can all name them without importing
 * one another.
 */
export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_V3_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
export const OB3_CONTEXTS = [VC_V2_CONTEXT, OB_V3_CONTEXT] as const;
