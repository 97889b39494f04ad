import t from 'tap';
import { loadProtos } from '@cred/proto';
import { AppError, createLogger } from '@cred/runtime';
import { checkGrpcHealth, createClient, startGrpcServer } from '../src/index.js';

const logger = createLogger({ service: 'grpc-test', level: 'silent' });

t.test('typed client calls a server, maps AppError both ways, and enforces deadlines', async (t) => {
  const { signing } = loadProtos();
  const server = await startGrpcServer({
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
        },
      },
    ],
  });
  t.teardown(() => server.stop());

  await t.rejects(checkGrpcHealth(`127.0.0.1:${server.port}`), 'not serving before setServing');
  server.setServing(true);
  await checkGrpcHealth(`127.0.0.1:${server.port}`);

  const client = createClient(signing.SigningService, `127.0.0.1:${server.port}`, { deadlineMs: 2000 });
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
  const client = createClient(signing.SigningService, '127.0.0.1:1', { deadlineMs: 500 });
  t.teardown(() => client.close());
  const err = (await client.ListPublicKeys({ organization_id: 'x' }).catch((e: unknown) => e)) as AppError;
  t.equal(err.code, 'UNAVAILABLE');
});
