// Original file: credentials/accounts/v1/accounts.proto

import type { User as _credentials_accounts_v1_User, User__Output as _credentials_accounts_v1_User__Output } from '../../../credentials/accounts/v1/User';
import type { Session as _credentials_accounts_v1_Session, Session__Output as _credentials_accounts_v1_Session__Output } from '../../../credentials/accounts/v1/Session';

export interface LoginResponse {
  'user'?: (_credentials_accounts_v1_User | null);
  'session'?: (_credentials_accounts_v1_Session | null);
}

export interface LoginResponse__Output {
  'user': (_credentials_accounts_v1_User__Output | null);
  'session': (_credentials_accounts_v1_Session__Output | null);
}
