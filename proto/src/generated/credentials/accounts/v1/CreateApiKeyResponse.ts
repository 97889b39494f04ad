// Original file: credentials/accounts/v1/accounts.proto

import type { ApiKey as _credentials_accounts_v1_ApiKey, ApiKey__Output as _credentials_accounts_v1_ApiKey__Output } from '../../../credentials/accounts/v1/ApiKey';

export interface CreateApiKeyResponse {
  'api_key'?: (_credentials_accounts_v1_ApiKey | null);
  'secret'?: (string);
}

export interface CreateApiKeyResponse__Output {
  'api_key': (_credentials_accounts_v1_ApiKey__Output | null);
  'secret': (string);
}
