// Original file: credentials/issuance/v1/issuance.proto

import type { RecipientCredential as _credentials_issuance_v1_RecipientCredential, RecipientCredential__Output as _credentials_issuance_v1_RecipientCredential__Output } from '../../../credentials/issuance/v1/RecipientCredential';

export interface ListRecipientCredentialsResponse {
  'credentials'?: (_credentials_issuance_v1_RecipientCredential)[];
  'limit'?: (number);
  'offset'?: (number);
  'total'?: (number);
}

export interface ListRecipientCredentialsResponse__Output {
  'credentials': (_credentials_issuance_v1_RecipientCredential__Output)[];
  'limit': (number);
  'offset': (number);
  'total': (number);
}
