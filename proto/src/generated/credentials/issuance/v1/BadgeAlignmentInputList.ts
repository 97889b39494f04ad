// Original file: credentials/issuance/v1/issuance.proto

import type { BadgeAlignmentInput as _credentials_issuance_v1_BadgeAlignmentInput, BadgeAlignmentInput__Output as _credentials_issuance_v1_BadgeAlignmentInput__Output } from '../../../credentials/issuance/v1/BadgeAlignmentInput';

export interface BadgeAlignmentInputList {
  'items'?: (_credentials_issuance_v1_BadgeAlignmentInput)[];
}

export interface BadgeAlignmentInputList__Output {
  'items': (_credentials_issuance_v1_BadgeAlignmentInput__Output)[];
}
