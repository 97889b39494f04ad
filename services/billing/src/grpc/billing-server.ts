import { loadProtos } from '@cred/proto';
import { grpcService, type GrpcServiceBinding } from '@cred/grpc';
import { handleProviderWebhook, type HandleWebhookDeps } from '../app/handle-provider-webhook.js';

/** Payload limit, the same as the gateway's for the webhook route. */
const MAX_BODY_BYTES = 1024 * 1024;

export function billingBinding(deps: HandleWebhookDeps): GrpcServiceBinding {
  return grpcService('credentials.billing.v1.BillingService', loadProtos().billing.BillingService.service, {
    HandleProviderWebhook: async (req) => {
      const raw = Buffer.from(req.raw_body);
      const body = raw.length > MAX_BODY_BYTES ? Buffer.alloc(0) : raw;
      const r = await handleProviderWebhook(deps, req.provider, body, req.signature_header);
      return { handled: r.handled, duplicate: r.duplicate, event_type: r.eventType };
    },
  });
}
