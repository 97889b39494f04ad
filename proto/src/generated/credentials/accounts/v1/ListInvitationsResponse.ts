// Original file: credentials/accounts/v1/accounts.proto

import type { Invitation as _credentials_accounts_v1_Invitation, Invitation__Output as _credentials_accounts_v1_Invitation__Output } from '../../../credentials/accounts/v1/Invitation';

export interface ListInvitationsResponse {
  'invitations'?: (_credentials_accounts_v1_Invitation)[];
}

export interface ListInvitationsResponse__Output {
  'invitations': (_credentials_accounts_v1_Invitation__Output)[];
}
