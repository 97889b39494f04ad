// Original file: credentials/issuance/v1/issuance.proto

import type { EvidenceInput as _credentials_issuance_v1_EvidenceInput, EvidenceInput__Output as _credentials_issuance_v1_EvidenceInput__Output } from '../../../credentials/issuance/v1/EvidenceInput';
import type { ResultInput as _credentials_issuance_v1_ResultInput, ResultInput__Output as _credentials_issuance_v1_ResultInput__Output } from '../../../credentials/issuance/v1/ResultInput';

export interface IssueContent {
  'evidence'?: (_credentials_issuance_v1_EvidenceInput)[];
  'narrative'?: (string);
  'results'?: (_credentials_issuance_v1_ResultInput)[];
  '_narrative'?: "narrative";
}

export interface IssueContent__Output {
  'evidence': (_credentials_issuance_v1_EvidenceInput__Output)[];
  'narrative'?: (string);
  'results': (_credentials_issuance_v1_ResultInput__Output)[];
  '_narrative'?: "narrative";
}
