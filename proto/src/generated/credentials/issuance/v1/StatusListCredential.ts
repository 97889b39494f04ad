// Original file: credentials/issuance/v1/issuance.proto


export interface StatusListCredential {
  'credential_json'?: (string);
}

export interface StatusListCredential__Output {
  'credential_json': (string);
}
