// Original file: credentials/accounts/v1/accounts.proto

import type { Organization as _credentials_accounts_v1_Organization, Organization__Output as _credentials_accounts_v1_Organization__Output } from '../../../credentials/accounts/v1/Organization';

export interface ListOrganizationsResponse {
  'organizations'?: (_credentials_accounts_v1_Organization)[];
  'total'?: (number);
}

export interface ListOrganizationsResponse__Output {
  'organizations': (_credentials_accounts_v1_Organization__Output)[];
  'total': (number);
}
