// Original file: credentials/accounts/v1/accounts.proto

import type { Member as _credentials_accounts_v1_Member, Member__Output as _credentials_accounts_v1_Member__Output } from '../../../credentials/accounts/v1/Member';
import type { Organization as _credentials_accounts_v1_Organization, Organization__Output as _credentials_accounts_v1_Organization__Output } from '../../../credentials/accounts/v1/Organization';

export interface AcceptInvitationResponse {
  'member'?: (_credentials_accounts_v1_Member | null);
  'organization'?: (_credentials_accounts_v1_Organization | null);
}

export interface AcceptInvitationResponse__Output {
  'member': (_credentials_accounts_v1_Member__Output | null);
  'organization': (_credentials_accounts_v1_Organization__Output | null);
}
