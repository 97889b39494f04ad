// Original file: credentials/signing/v1/signing.proto


export interface ReportKeyCompromisedRequest {
  'organization_id'?: (string);
  'organization_slug'?: (string);
  'sequence'?: (number);
  'compromised_at'?: (string);
}

export interface ReportKeyCompromisedRequest__Output {
  'organization_id': (string);
  'organization_slug': (string);
  'sequence': (number);
  'compromised_at': (string);
}
