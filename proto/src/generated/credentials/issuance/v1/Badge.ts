// Original file: credentials/issuance/v1/issuance.proto


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
  '_image_url'?: "image_url";
  '_expires_in_days'?: "expires_in_days";
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
  '_image_url'?: "image_url";
  '_expires_in_days'?: "expires_in_days";
}
