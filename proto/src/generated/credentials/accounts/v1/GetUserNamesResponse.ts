// Original file: credentials/accounts/v1/accounts.proto

import type { UserName as _credentials_accounts_v1_UserName, UserName__Output as _credentials_accounts_v1_UserName__Output } from '../../../credentials/accounts/v1/UserName';

export interface GetUserNamesResponse {
  'users'?: (_credentials_accounts_v1_UserName)[];
}

export interface GetUserNamesResponse__Output {
  'users': (_credentials_accounts_v1_UserName__Output)[];
}
