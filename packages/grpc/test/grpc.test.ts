// @unit
import t from 'tap';
import { loadProtos } from '@cred/proto';
import { AppError, createLogger, sessionPublicKeyOf } from '@cred/runtime';
import * as grpc from '@grpc/grpc-js';
import {
  asciiJson,
  callerIdentity,
  checkGrpcHealth,
  createClient,
  fromGrpcError,
  newRpcIdentityKey,
  parseRpcPublicKeys,
  rpcCallerPolicy,
  startGrpcServer,
  toGrpcError,
} from '../src/index.js';

// Signing's only caller, issuance, as in production (ADR 0014).
const issuanceSeed = newRpcIdentityKey();
const issuance = callerIdentity('issuance', issuanceSeed);
const onlyIssuance = rpcCallerPolicy('signing', parseRpcPublicKeys(`issuance:${sessionPublicKeyOf(issuanceSeed)}`));

const logger = createLogger({ service: 'grpc-test', level: 'silent' });

t.test('typed client calls a server, maps AppError both ways, and enforces deadlines', async (t) => {
  const { signing } = loadProtos();
  const server = await startGrpcServer({
    callers: onlyIssuance,
    port: 0,
    host: '127.0.0.1',
    logger,
    services: [
      {
        name: 'credentials.signing.v1.SigningService',
        definition: signing.SigningService.service,
        implementation: {
          GenerateKey: async (req: { organization_id: string; organization_slug: string }) => {
            if (req.organization_id === 'missing') throw AppError.notFound('no such organization');
            if (req.organization_id === 'boom') throw new Error('secret database detail');
            return { key: { key_id: `did:web:x:issuers:${req.organization_slug}#key-1`, sequence: 1 }, created: true };
          },
          RotateKey: async () => new Promise((resolve) => setTimeout(() => resolve({ created: false }), 500)),
          SignCredential: async () => ({ signed_credential_json: '{}', key_id: 'k' }),
          SignCredentials: async () => ({ results: [] }),
          ListPublicKeys: async () => ({ keys: [] }),
          ReportKeyCompromised: async () => ({}),
        },
      },
    ],
  });
  t.teardown(() => server.stop());

  await t.rejects(checkGrpcHealth(`127.0.0.1:${server.port}`), 'not serving before setServing');
  server.setServing(true);
  await checkGrpcHealth(`127.0.0.1:${server.port}`);

  const client = createClient(signing.SigningService, `127.0.0.1:${server.port}`, { deadlineMs: 2000, identity: issuance });
  t.teardown(() => client.close());

  const ok = await client.GenerateKey({ organization_id: 'o1', organization_slug: 'acme' });
  t.equal(ok.key?.key_id, 'did:web:x:issuers:acme#key-1');
  t.equal(ok.created, true);
  t.equal(ok.key?.public_key_multibase, '', 'defaults are filled in');

  const notFound = await client.GenerateKey({ organization_id: 'missing' }).catch((e: unknown) => e);
  t.ok(notFound instanceof AppError);
  t.equal((notFound as AppError).code, 'NOT_FOUND');
  t.equal((notFound as AppError).message, 'no such organization');

  const internal = (await client.GenerateKey({ organization_id: 'boom' }).catch((e: unknown) => e)) as AppError;
  t.equal(internal.code, 'INTERNAL_ERROR');
  t.notMatch(internal.message, /secret/, 'internal detail does not cross the wire');

  const slow = (await client.RotateKey({ organization_id: 'o1' }, { deadlineMs: 100 }).catch((e: unknown) => e)) as AppError;
  t.equal(slow.code, 'UNAVAILABLE', 'a missed deadline is reported as unavailable');
});

t.test('an unreachable server fails fast with UNAVAILABLE', async (t) => {
  const { signing } = loadProtos();
  const client = createClient(signing.SigningService, '127.0.0.1:1', { deadlineMs: 500, identity: issuance });
  t.teardown(() => client.close());
  const err = (await client.ListPublicKeys({ organization_id: 'x' }).catch((e: unknown) => e)) as AppError;
  t.equal(err.code, 'UNAVAILABLE');
});

t.test('errors whose details or message are not ASCII still answer the call (no hang)', async (t) => {
  const { signing } = loadProtos();
  const circular: Record<string, unknown> = {};
  circular.self = circular;
  const server = await startGrpcServer({
    callers: onlyIssuance,
    port: 0,
    host: '127.0.0.1',
    logger,
    services: [
      {
        name: 'credentials.signing.v1.SigningService',
        definition: signing.SigningService.service,
        implementation: {
          GenerateKey: async (req: { organization_id: string }) => {
            switch (req.organization_id) {
              case 'cyrillic':
                throw AppError.validation('ключ', 'Unknown field "ключ"');
              case 'bidi':
                throw AppError.conflict('Credential is already revoked', {
                  revocationReason: 'abc\u202Edef',
                  emoji: '😀',
                  ctl: 'a\u0000\u007Fb',
                });
              case 'lone-surrogate':
                throw AppError.validation('recipient.name', 'bad name \uD800 here', { value: 'x\uDC00y' });
              case 'bigint':
                throw new AppError('CONFLICT', 'unserialisable details', { n: 10n as unknown as number });
              case 'circular':
                throw new AppError('CONFLICT', 'circular details', circular);
              case 'long-reason':
                throw AppError.conflict('The credential is already revoked', { revocationReason: '\u{1F600}\u202E'.repeat(500) });
              case 'huge':
                throw AppError.validation('f'.repeat(60_000), 'm'.repeat(60_000));
              default:
                return { created: false };
            }
          },
          RotateKey: async () => ({ created: false }),
          SignCredential: async () => ({ signed_credential_json: '{}', key_id: 'k' }),
          SignCredentials: async () => ({ results: [] }),
          ReportKeyCompromised: async () => ({}),
          // Not async: throws before any promise exists.
          ListPublicKeys: ((): Promise<never> => {
            throw new Error('synchronous failure');
          }) as never,
        },
      },
    ],
  });
  t.teardown(() => server.stop());
  // Generous deadline: a call that is never answered shows up as UNAVAILABLE after it.
  const client = createClient(signing.SigningService, `127.0.0.1:${server.port}`, { deadlineMs: 3000, identity: issuance });
  t.teardown(() => client.close());
  const fail = async (id: string) => (await client.GenerateKey({ organization_id: id }).catch((e: unknown) => e)) as AppError;

  const cyr = await fail('cyrillic');
  t.ok(cyr instanceof AppError);
  t.equal(cyr.code, 'VALIDATION_ERROR');
  t.equal(cyr.message, 'Unknown field "ключ"', 'non-ASCII message survives');
  t.same(cyr.details, { field: 'ключ' }, 'non-ASCII details survive the round trip');

  const bidi = await fail('bidi');
  t.equal(bidi.code, 'CONFLICT');
  t.same(bidi.details, { revocationReason: 'abc\u202Edef', emoji: '😀', ctl: 'a\u0000\u007Fb' });

  const lone = await fail('lone-surrogate');
  t.equal(lone.code, 'VALIDATION_ERROR');
  t.equal(lone.details.field, 'recipient.name');
  t.equal(typeof lone.details.value, 'string');
  t.match(lone.message, /^bad name .* here$/);

  for (const id of ['bigint', 'circular']) {
    const err = await fail(id);
    t.not(err.code, 'UNAVAILABLE', `${id}: answered, not left to the deadline`);
    t.ok(['CONFLICT', 'INTERNAL_ERROR'].includes(err.code), `${id}: ${err.code}`);
  }

  const longReason = await fail('long-reason');
  t.equal(longReason.details.revocationReason, '\u{1F600}\u202E'.repeat(500), 'a stored 500-character reason comes back whole');

  const huge = await fail('huge');
  t.equal(huge.code, 'VALIDATION_ERROR', 'oversized details and message are cut down, not dropped on the wire');
  t.ok(huge.message.length < 60_000);

  const sync = (await client.ListPublicKeys({ organization_id: 'x' }).catch((e: unknown) => e)) as AppError;
  t.equal(sync.code, 'INTERNAL_ERROR', 'a handler that throws synchronously is answered INTERNAL');

  const after = await client.GenerateKey({ organization_id: 'ok' });
  t.equal(after.created, false, 'the server still answers normally');
  const oddId = await client.GenerateKey({ organization_id: 'ok' }, { requestId: 'req-ключ\u202E' });
  t.equal(oddId.created, false, 'a request id that cannot be metadata is dropped, not thrown');
});

t.test('error details are ASCII on the wire and compatible with plain JSON readers', async (t) => {
  const details = { field: 'ключ', reason: 'a\u202Eb😀\u0000\u007F', lone: '\uD800', n: 3 };
  const encoded = asciiJson(details);
  t.match(encoded, /^[ -~]*$/, 'printable ASCII only');
  t.same(JSON.parse(encoded), details, 'a plain JSON.parse (older clients) reads it back unchanged');

  const status = toGrpcError(AppError.validation('ключ', 'Unknown field "ключ"', { reason: details.reason }));
  t.equal(status.metadata.get('app-error-details')[0], asciiJson({ field: 'ключ', reason: details.reason }));

  // An older server's plain (ASCII) JSON is still understood.
  const legacy = new grpc.Metadata();
  legacy.set('app-error-code', 'CONFLICT');
  legacy.set('app-error-details', '{"limit":5}');
  const fromLegacy = fromGrpcError(
    Object.assign(new Error('x'), { code: grpc.status.ALREADY_EXISTS, details: 'x', metadata: legacy }),
    't',
  );
  t.equal(fromLegacy.code, 'CONFLICT');
  t.same(fromLegacy.details, { limit: 5 });
});
