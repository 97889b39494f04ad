// Original file: credentials/accounts/v1/accounts.proto

import type { Membership as _credentials_accounts_v1_Membership, Membership__Output as _credentials_accounts_v1_Membership__Output } from '../../../credentials/accounts/v1/Membership';

export interface User {
  'id'?: (string);
  'email'?: (string);
  'name'?: (string);
  'email_verified'?: (boolean);
  'created_at'?: (string);
  'memberships'?: (_credentials_accounts_v1_Membership)[];
}

export interface User__Output {
  'id': (string);
  'email': (string);
  'name': (string);
  'email_verified': (boolean);
  'created_at': (string);
  'memberships': (_credentials_accounts_v1_Membership__Output)[];
}
