// Original file: credentials/issuance/v1/issuance.proto


export interface BadgeAlignmentInput {
  'target_name'?: (string);
  'target_url'?: (string);
  'target_framework'?: (string);
  'target_code'?: (string);
  '_target_framework'?: "target_framework";
  '_target_code'?: "target_code";
}

export interface BadgeAlignmentInput__Output {
  'target_name': (string);
  'target_url': (string);
  'target_framework'?: (string);
  'target_code'?: (string);
  '_target_framework'?: "target_framework";
  '_target_code'?: "target_code";
}
