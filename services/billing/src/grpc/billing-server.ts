import { loadProtos } from '@cred/proto';
import type { GrpcServiceBinding } from '@cred/grpc';
import { handleProviderWebhook, type HandleWebhookDeps } from '../app/handle-provider-webhook.js';

type Msg = Record<string, any>;

/** Payload limit, the same as the gateway's for the webhook route. */
const MAX_BODY_BYTES = 1024 * 1024;

export function billingBinding(deps: HandleWebhookDeps): GrpcServiceBinding {
  return {
    name: 'credentials.billing.v1.BillingService',
    definition: loadProtos().billing.BillingService.service,
    implementation: {
      HandleProviderWebhook: async (req: Msg) => {
        const raw: Buffer = Buffer.isBuffer(req.raw_body) ? req.raw_body : Buffer.from(req.raw_body ?? []);
        const body = raw.length > MAX_BODY_BYTES ? Buffer.alloc(0) : raw;
        const r = await handleProviderWebhook(deps, String(req.provider ?? ''), body, String(req.signature_header ?? ''));
        return { handled: r.handled, duplicate: r.duplicate, event_type: r.eventType };
      },
    },
  };
}
