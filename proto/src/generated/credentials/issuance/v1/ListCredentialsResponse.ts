// Original file: credentials/issuance/v1/issuance.proto

import type { Credential as _credentials_issuance_v1_Credential, Credential__Output as _credentials_issuance_v1_Credential__Output } from '../../../credentials/issuance/v1/Credential';

export interface ListCredentialsResponse {
  'credentials'?: (_credentials_issuance_v1_Credential)[];
  'limit'?: (number);
  'offset'?: (number);
  'total'?: (number);
}

export interface ListCredentialsResponse__Output {
  'credentials': (_credentials_issuance_v1_Credential__Output)[];
  'limit': (number);
  'offset': (number);
  'total': (number);
}
