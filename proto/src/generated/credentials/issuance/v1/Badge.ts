// Original file: credentials/issuance/v1/issuance.proto

import type { BadgeAlignment as _credentials_issuance_v1_BadgeAlignment, BadgeAlignment__Output as _credentials_issuance_v1_BadgeAlignment__Output } from '../../../credentials/issuance/v1/BadgeAlignment';
import type { BadgeResultDescription as _credentials_issuance_v1_BadgeResultDescription, BadgeResultDescription__Output as _credentials_issuance_v1_BadgeResultDescription__Output } from '../../../credentials/issuance/v1/BadgeResultDescription';

export interface Badge {
  'id'?: (string);
  'organization_id'?: (string);
  'organization_slug'?: (string);
  'name'?: (string);
  'slug'?: (string);
  'description'?: (string);
  'criteria'?: (string);
  'image_url'?: (string);
  'expires_in_days'?: (number);
  'tags'?: (string)[];
  'is_active'?: (boolean);
  'created_at'?: (string);
  'updated_at'?: (string);
  'public_url'?: (string);
  'achievement_url'?: (string);
  'achievement_type'?: (string);
  'alignments'?: (_credentials_issuance_v1_BadgeAlignment)[];
  'result_descriptions'?: (_credentials_issuance_v1_BadgeResultDescription)[];
  'idempotent_replay'?: (boolean);
  '_image_url'?: "image_url";
  '_expires_in_days'?: "expires_in_days";
  '_achievement_type'?: "achievement_type";
}

export interface Badge__Output {
  'id': (string);
  'organization_id': (string);
  'organization_slug': (string);
  'name': (string);
  'slug': (string);
  'description': (string);
  'criteria': (string);
  'image_url'?: (string);
  'expires_in_days'?: (number);
  'tags': (string)[];
  'is_active': (boolean);
  'created_at': (string);
  'updated_at': (string);
  'public_url': (string);
  'achievement_url': (string);
  'achievement_type'?: (string);
  'alignments': (_credentials_issuance_v1_BadgeAlignment__Output)[];
  'result_descriptions': (_credentials_issuance_v1_BadgeResultDescription__Output)[];
  'idempotent_replay': (boolean);
  '_image_url'?: "image_url";
  '_expires_in_days'?: "expires_in_days";
  '_achievement_type'?: "achievement_type";
}
