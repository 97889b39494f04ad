// Original file: credentials/accounts/v1/accounts.proto

import type { ApiKey as _credentials_accounts_v1_ApiKey, ApiKey__Output as _credentials_accounts_v1_ApiKey__Output } from '../../../credentials/accounts/v1/ApiKey';

export interface ListApiKeysResponse {
  'api_keys'?: (_credentials_accounts_v1_ApiKey)[];
}

export interface ListApiKeysResponse__Output {
  'api_keys': (_credentials_accounts_v1_ApiKey__Output)[];
}
