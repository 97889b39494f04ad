// Original file: credentials/accounts/v1/accounts.proto

import type { Member as _credentials_accounts_v1_Member, Member__Output as _credentials_accounts_v1_Member__Output } from '../../../credentials/accounts/v1/Member';

export interface ListMembersResponse {
  'members'?: (_credentials_accounts_v1_Member)[];
}

export interface ListMembersResponse__Output {
  'members': (_credentials_accounts_v1_Member__Output)[];
}
