// Who may call accounts (ADR 0014; issue 39, finding 4). The real accounts server, started here,
// is called with the services' own signed identities: verification, which parses untrusted
// documents from the internet, may check a session and nothing else; the gateway may approve an
// organization; a call with no identity, or one signed by a key accounts does not know, or for
// another service, is refused before any handler runs. Health checks stay open.
import t from 'tap';
import { grpcStatus, GrpcMetadata } from '@cred/grpc';
import {
  callerIdentity,
  checkGrpcHealth,
  createClient,
  newRpcIdentityKey,
  RPC_IDENTITY_METADATA,
  signRpcToken,
  type CallerIdentity,
} from '@cred/grpc';
import { loadProtos } from '@cred/proto';
import { AppError, ed25519PrivateKeyOf } from '@cred/runtime';
import { rpcEnv, serviceCaller } from '@cred/testing';
import { PASSWORD, startAccounts } from './fixtures/helpers.js';

const h = await startAccounts(t);
const { AccountsService } = loadProtos().accounts;
const clientAs = (identity: CallerIdentity) => {
  const client = createClient(AccountsService, h.address, { deadlineMs: 30000, identity });
  t.teardown(() => client.close());
  return client;
};
const gateway = clientAs(serviceCaller('gateway'));
const verification = clientAs(serviceCaller('verification'));

/** The gRPC status a call failed with (the AppError keeps the transport error as its cause). */
async function statusOf(call: Promise<unknown>): Promise<{ code: number | 'OK'; appCode?: string; message?: string }> {
  try {
    await call;
    return { code: 'OK' };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const cause = err.cause as { code: number };
    return { code: cause.code, appCode: err.code, message: err.message };
  }
}

const signUp = await gateway.SignUp({
  email: 'owner@rpc-identity.example',
  password: PASSWORD,
  name: 'Owner',
  organization: { name: 'Identity Test', slug: 'identity-test' },
});
const orgId = signUp.organization!.id;
/** GetSession's request for a session JWT: its jti and sub. */
const sessionOf = (jwt: string) => {
  const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { jti: string; sub: string };
  return { session_id: claims.jti, user_id: claims.sub };
};
const ownerId = signUp.user!.id;

t.test("verification's identity is refused what only the gateway and billing may do", async (t) => {
  for (const [rpc, call] of [
    ['ApproveOrganization', () => verification.ApproveOrganization({ organization_id: orgId })],
    ['SetPlan', () => verification.SetPlan({ organization_id: orgId, plan: 'enterprise' })],
    ['CreateApiKey', () => verification.CreateApiKey({ organization_id: orgId, name: 'stolen', actor_user_id: ownerId })],
  ] as const) {
    const refused = await statusOf(call());
    t.equal(refused.code, grpcStatus.PERMISSION_DENIED, `${rpc}: PERMISSION_DENIED`);
    t.equal(refused.appCode, 'INTERNAL_ERROR', `${rpc}: the caller reports a refusal as its own fault, never as an end user's 403`);
  }
  const org = await gateway.GetOrganization({ organization_id: orgId });
  t.equal(org.status, 'pending_approval', 'not approved');
  t.equal(org.plan, 'free', 'plan unchanged');
  t.same((await gateway.ListApiKeys({ organization_id: orgId, actor_user_id: ownerId })).api_keys, [], 'no API key minted');

  const session = await statusOf(verification.GetSession(sessionOf(signUp.session!.token)));
  t.equal(session.code, 'OK', 'what verification needs (a session check) it may still do');
});

t.test('a call with no identity, a forged one, or one meant for another service is UNAUTHENTICATED', async (t) => {
  const raw = gateway.raw as unknown as {
    GetOrganization(req: object, md: GrpcMetadata, opts: { deadline: number }, cb: (err: { code: number } | null) => void): void;
  };
  const rawCall = (metadata: GrpcMetadata) =>
    new Promise<number>((resolve) =>
      raw.GetOrganization({ organization_id: orgId }, metadata, { deadline: Date.now() + 30000 }, (err) =>
        resolve(err ? err.code : grpcStatus.OK),
      ),
    );
  t.equal(await rawCall(new GrpcMetadata()), grpcStatus.UNAUTHENTICATED, 'no identity');

  const forged = await statusOf(clientAs(callerIdentity('gateway', newRpcIdentityKey())).ApproveOrganization({ organization_id: orgId }));
  t.equal(forged.code, grpcStatus.UNAUTHENTICATED, "a token naming the gateway, signed by a key that is not the gateway's");

  const withToken = (token: string) => {
    const md = new GrpcMetadata();
    md.set(RPC_IDENTITY_METADATA, token);
    return md;
  };
  const gatewayForIssuance = serviceCaller('gateway').tokenFor('issuance', 'GetCredential');
  t.equal(
    await rawCall(withToken(gatewayForIssuance)),
    grpcStatus.UNAUTHENTICATED,
    "the gateway's token for issuance is not good at accounts",
  );
  t.equal(await rawCall(withToken('not.a-token')), grpcStatus.UNAUTHENTICATED, 'garbage');

  // The gateway's real key, but a token that expired ten minutes ago.
  const now = Math.floor(Date.now() / 1000);
  const expired = signRpcToken(ed25519PrivateKeyOf(rpcEnv('gateway').RPC_IDENTITY_KEY!), {
    iss: 'gateway',
    aud: 'accounts',
    iat: now - 900,
    exp: now - 600,
  });
  t.equal(await rawCall(withToken(expired)), grpcStatus.UNAUTHENTICATED, 'expired');

  t.equal((await gateway.GetOrganization({ organization_id: orgId })).id, orgId, 'the same call with the real identity is answered');
});

t.test("the gateway's identity may approve the organization", async (t) => {
  const approved = await gateway.ApproveOrganization({ organization_id: orgId });
  t.equal(approved.status, 'approved');
});

t.test('grpc.health.v1 answers without an identity (probes)', async () => {
  await checkGrpcHealth(h.address, 5000);
});
