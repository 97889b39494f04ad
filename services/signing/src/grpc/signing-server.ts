import { loadProtos } from '@cred/proto';
import { grpcService, type GrpcServiceBinding } from '@cred/grpc';
import { AppError } from '@cred/runtime';
import type { KeyService, PublicKeyView } from '../app/key-service.js';

function toProto(k: PublicKeyView) {
  return {
    key_id: k.keyId,
    sequence: k.sequence,
    public_key_multibase: k.publicKeyMultibase,
    created_at: k.createdAt.toISOString(),
    current: k.current,
    revoked_at: k.revokedAt ? k.revokedAt.toISOString() : '',
    compromised_at: k.compromisedAt ? k.compromisedAt.toISOString() : '',
  };
}

/** Credentials per SignCredentials call. */
const MAX_SIGN_ITEMS = 100;

function parseCreated(value: string, fallback: Date): Date {
  if (!value) return fallback;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw AppError.validation('created', 'created must be an ISO 8601 timestamp');
  return d;
}

export function signingBinding(keys: KeyService, now: () => Date): GrpcServiceBinding {
  return grpcService('credentials.signing.v1.SigningService', loadProtos().signing.SigningService.service, {
    GenerateKey: async (req) => {
      const r = await keys.generate(req.organization_id, req.organization_slug);
      return { key: toProto(r.key), created: r.created };
    },
    RotateKey: async (req) => {
      const r = await keys.rotate(req.organization_id, req.organization_slug);
      return { key: toProto(r.key), created: r.created };
    },
    ReportKeyCompromised: async (req) => {
      if (!req.compromised_at) throw AppError.validation('compromisedAt', 'compromisedAt is required');
      const r = await keys.compromise(req.organization_id, req.organization_slug, req.sequence, new Date(req.compromised_at));
      return { key: toProto(r.key), current_key: toProto(r.current), rotated: r.rotated };
    },
    SignCredential: async (req) => {
      const r = await keys.sign(req.organization_id, req.unsigned_credential_json, parseCreated(req.created, now()));
      return { signed_credential_json: r.signed, key_id: r.keyId };
    },
    SignCredentials: async (req) => {
      if (req.items.length < 1 || req.items.length > MAX_SIGN_ITEMS) {
        throw AppError.validation('items', `between 1 and ${MAX_SIGN_ITEMS} credentials per call`);
      }
      const signed = await keys.signMany(
        req.organization_id,
        req.items.map((item) => ({ unsignedCredentialJson: item.unsigned_credential_json, created: parseCreated(item.created, now()) })),
      );
      return { results: signed.map((r) => ({ signed_credential_json: r.signed, key_id: r.keyId })) };
    },
    ListPublicKeys: async (req) => ({ keys: (await keys.listPublic(req.organization_id)).map(toProto) }),
  });
}
