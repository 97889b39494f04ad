// Original file: credentials/idempotency/v1/idempotency.proto


export interface IdempotencyKey {
  'key'?: (string);
  'fingerprint'?: (string);
}

export interface IdempotencyKey__Output {
  'key': (string);
  'fingerprint': (string);
}
