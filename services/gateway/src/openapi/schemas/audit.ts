import { Type } from '@sinclair/typebox';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@cred/db/audit';
import { component, Dict, Nullable, Ref, StringEnum } from '../kit.js';

export const AuditEntry = component(
  'AuditEntry',
  Type.Object(
    {
      id: Type.String({ format: 'uuid' }),
      occurredAt: Type.String({ format: 'date-time' }),
      actor: Type.String({
        description:
          '`user:<id>` (a member), `api_key:<id>`, `operator` (the operator of PLATFORM_ADMIN_TOKEN), `operator:<name>` (a named operator of PLATFORM_ADMIN_TOKENS), `system` (the platform itself), `provider:stripe`.',
      }),
      actorName: Nullable(
        Type.String({
          description:
            "For a `user:` actor, the person's name as their account has it now, also after they left the organization; null for other actors and for an account that no longer exists.",
        }),
      ),
      action: StringEnum(AUDIT_ACTIONS),
      targetType: StringEnum(AUDIT_TARGET_TYPES),
      targetId: Type.String({ description: 'The id of what the action changed (a credential or badge UUID, a signing key id, ...).' }),
      details: Dict(
        Type.Unsafe<unknown>({
          oneOf: [
            { type: 'string' },
            { type: 'number' },
            { type: 'boolean' },
            { type: 'null' },
            { type: 'array', items: { type: 'string' } },
          ],
        }),
        { description: 'A few facts about the action (names, changed fields, a revocation reason). Never a secret, token or key.' },
      ),
      requestId: Nullable(Type.String({ description: 'The X-Request-Id of the request that did it, when there was one.' })),
    },
    { additionalProperties: false },
  ),
);
export const AuditLogPage = component(
  'AuditLogPage',
  Type.Object(
    {
      data: Type.Array(Ref(AuditEntry), { description: 'Newest first (occurredAt, then id, descending).' }),
      pagination: Type.Object(
        {
          limit: Type.Integer(),
          nextCursor: Nullable(Type.String({ description: 'Pass as `cursor` for the older entries; null on the last page.' })),
        },
        { additionalProperties: false },
      ),
    },
    { additionalProperties: false },
  ),
);
