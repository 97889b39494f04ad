// Original file: credentials/issuance/v1/issuance.proto

import type { BadgeResultDescriptionInput as _credentials_issuance_v1_BadgeResultDescriptionInput, BadgeResultDescriptionInput__Output as _credentials_issuance_v1_BadgeResultDescriptionInput__Output } from '../../../credentials/issuance/v1/BadgeResultDescriptionInput';

export interface BadgeResultDescriptionInputList {
  'items'?: (_credentials_issuance_v1_BadgeResultDescriptionInput)[];
}

export interface BadgeResultDescriptionInputList__Output {
  'items': (_credentials_issuance_v1_BadgeResultDescriptionInput__Output)[];
}
