// Original file: credentials/issuance/v1/issuance.proto


export interface GetCredentialRecordRequest {
  'credential_ref'?: (string);
}

export interface GetCredentialRecordRequest__Output {
  'credential_ref': (string);
}
