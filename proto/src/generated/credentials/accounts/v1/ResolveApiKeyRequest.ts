// Original file: credentials/accounts/v1/accounts.proto


export interface ResolveApiKeyRequest {
  'key_hash'?: (string);
}

export interface ResolveApiKeyRequest__Output {
  'key_hash': (string);
}
