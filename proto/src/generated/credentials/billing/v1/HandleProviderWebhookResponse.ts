// Original file: credentials/billing/v1/billing.proto


export interface HandleProviderWebhookResponse {
  'handled'?: (boolean);
  'duplicate'?: (boolean);
  'event_type'?: (string);
}

export interface HandleProviderWebhookResponse__Output {
  'handled': (boolean);
  'duplicate': (boolean);
  'event_type': (string);
}
