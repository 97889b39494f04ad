// Original file: credentials/accounts/v1/accounts.proto

import type { ApiKey as _credentials_accounts_v1_ApiKey, ApiKey__Output as _credentials_accounts_v1_ApiKey__Output } from '../../../credentials/accounts/v1/ApiKey';
import type { Organization as _credentials_accounts_v1_Organization, Organization__Output as _credentials_accounts_v1_Organization__Output } from '../../../credentials/accounts/v1/Organization';

export interface ResolvedApiKey {
  'api_key'?: (_credentials_accounts_v1_ApiKey | null);
  'organization'?: (_credentials_accounts_v1_Organization | null);
}

export interface ResolvedApiKey__Output {
  'api_key': (_credentials_accounts_v1_ApiKey__Output | null);
  'organization': (_credentials_accounts_v1_Organization__Output | null);
}
