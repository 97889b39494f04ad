// Original file: credentials/issuance/v1/issuance.proto


export interface ReportSigningKeyCompromisedRequest {
  'organization_id'?: (string);
  'organization_slug'?: (string);
  'sequence'?: (number);
  'compromised_at'?: (string);
  'requested_by'?: (string);
}

export interface ReportSigningKeyCompromisedRequest__Output {
  'organization_id': (string);
  'organization_slug': (string);
  'sequence': (number);
  'compromised_at': (string);
  'requested_by': (string);
}
