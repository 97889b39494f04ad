// Original file: credentials/issuance/v1/issuance.proto


export interface EvidenceInput {
  'url'?: (string);
  'name'?: (string);
  'description'?: (string);
  'narrative'?: (string);
  '_url'?: "url";
  '_name'?: "name";
  '_description'?: "description";
  '_narrative'?: "narrative";
}

export interface EvidenceInput__Output {
  'url'?: (string);
  'name'?: (string);
  'description'?: (string);
  'narrative'?: (string);
  '_url'?: "url";
  '_name'?: "name";
  '_description'?: "description";
  '_narrative'?: "narrative";
}
