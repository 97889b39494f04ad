// Original file: credentials/billing/v1/billing.proto


export interface HandleProviderWebhookRequest {
  'provider'?: (string);
  'raw_body'?: (Buffer | Uint8Array | string);
  'signature_header'?: (string);
}

export interface HandleProviderWebhookRequest__Output {
  'provider': (string);
  'raw_body': (Buffer);
  'signature_header': (string);
}
