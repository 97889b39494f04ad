// Original file: credentials/issuance/v1/issuance.proto


export interface BadgeImage {
  'data'?: (Buffer | Uint8Array | string);
  'content_type'?: (string);
  'content_hash'?: (string);
}

export interface BadgeImage__Output {
  'data': (Buffer);
  'content_type': (string);
  'content_hash': (string);
}
