// Original file: credentials/accounts/v1/accounts.proto

import type { NewOrganization as _credentials_accounts_v1_NewOrganization, NewOrganization__Output as _credentials_accounts_v1_NewOrganization__Output } from '../../../credentials/accounts/v1/NewOrganization';

export interface SignUpRequest {
  'email'?: (string);
  'password'?: (string);
  'name'?: (string);
  'organization'?: (_credentials_accounts_v1_NewOrganization | null);
  'client_address'?: (string);
}

export interface SignUpRequest__Output {
  'email': (string);
  'password': (string);
  'name': (string);
  'organization': (_credentials_accounts_v1_NewOrganization__Output | null);
  'client_address': (string);
}
