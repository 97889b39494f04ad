import { loadProtos } from '@cred/proto';
import type { GrpcServiceBinding } from '@cred/grpc';
import { AppError } from '@cred/runtime';
import type { ServerUnaryCall } from '@grpc/grpc-js';
import { generateSigningKeys, type GenerateSigningKeysDeps } from '../app/generate-signing-keys.js';

const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

function requestId(call: ServerUnaryCall<unknown, unknown>): string | undefined {
  const v = call.metadata.get('x-request-id')[0];
  return typeof v === 'string' ? v : undefined;
}

export function issuanceBinding(deps: GenerateSigningKeysDeps): GrpcServiceBinding {
  return {
    name: 'credentials.issuance.v1.IssuanceService',
    definition: loadProtos().issuance.IssuanceService.service,
    implementation: {
      GenerateSigningKeys: async (
        req: { organization_id: string; organization_slug: string; requested_by: string },
        call: ServerUnaryCall<unknown, unknown>,
      ) => {
        if (!req.organization_id) throw AppError.validation('organization_id', 'organization_id is required');
        if (!SLUG_RE.test(req.organization_slug)) throw AppError.validation('organization_slug', 'organization_slug must be a URL-safe slug');
        const rid = requestId(call);
        const r = await generateSigningKeys(deps, {
          organizationId: req.organization_id,
          organizationSlug: req.organization_slug,
          requestedBy: req.requested_by || 'unknown',
          ...(rid ? { requestId: rid } : {}),
        });
        return { key_id: r.keyId, public_key_multibase: r.publicKeyMultibase, created: r.created };
      },
    },
  };
}
