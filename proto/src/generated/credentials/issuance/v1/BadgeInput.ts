// Original file: credentials/issuance/v1/issuance.proto

import type { NullableString as _credentials_issuance_v1_NullableString, NullableString__Output as _credentials_issuance_v1_NullableString__Output } from '../../../credentials/issuance/v1/NullableString';
import type { NullableNumber as _credentials_issuance_v1_NullableNumber, NullableNumber__Output as _credentials_issuance_v1_NullableNumber__Output } from '../../../credentials/issuance/v1/NullableNumber';
import type { StringList as _credentials_issuance_v1_StringList, StringList__Output as _credentials_issuance_v1_StringList__Output } from '../../../credentials/issuance/v1/StringList';
import type { BadgeAlignmentInputList as _credentials_issuance_v1_BadgeAlignmentInputList, BadgeAlignmentInputList__Output as _credentials_issuance_v1_BadgeAlignmentInputList__Output } from '../../../credentials/issuance/v1/BadgeAlignmentInputList';
import type { BadgeResultDescriptionInputList as _credentials_issuance_v1_BadgeResultDescriptionInputList, BadgeResultDescriptionInputList__Output as _credentials_issuance_v1_BadgeResultDescriptionInputList__Output } from '../../../credentials/issuance/v1/BadgeResultDescriptionInputList';

export interface BadgeInput {
  'name'?: (string);
  'slug'?: (string);
  'description'?: (string);
  'criteria'?: (string);
  'image_url'?: (_credentials_issuance_v1_NullableString | null);
  'expires_in_days'?: (_credentials_issuance_v1_NullableNumber | null);
  'tags'?: (_credentials_issuance_v1_StringList | null);
  'is_active'?: (boolean);
  'achievement_type'?: (_credentials_issuance_v1_NullableString | null);
  'alignments'?: (_credentials_issuance_v1_BadgeAlignmentInputList | null);
  'result_descriptions'?: (_credentials_issuance_v1_BadgeResultDescriptionInputList | null);
  '_name'?: "name";
  '_slug'?: "slug";
  '_description'?: "description";
  '_criteria'?: "criteria";
  '_is_active'?: "is_active";
}

export interface BadgeInput__Output {
  'name'?: (string);
  'slug'?: (string);
  'description'?: (string);
  'criteria'?: (string);
  'image_url': (_credentials_issuance_v1_NullableString__Output | null);
  'expires_in_days': (_credentials_issuance_v1_NullableNumber__Output | null);
  'tags': (_credentials_issuance_v1_StringList__Output | null);
  'is_active'?: (boolean);
  'achievement_type': (_credentials_issuance_v1_NullableString__Output | null);
  'alignments': (_credentials_issuance_v1_BadgeAlignmentInputList__Output | null);
  'result_descriptions': (_credentials_issuance_v1_BadgeResultDescriptionInputList__Output | null);
  '_name'?: "name";
  '_slug'?: "slug";
  '_description'?: "description";
  '_criteria'?: "criteria";
  '_is_active'?: "is_active";
}
