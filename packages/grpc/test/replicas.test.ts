// A client given several replicas (`ip:port,ip:port`) through a rolling restart as the launcher
// does it (scripts/launcher.ts, rollService): the next server starts on the other address while
// the client is calling, the client gets two seconds to find it, then the old one drains and
// stops. No call fails, a call in flight on the old server completes, and the health check of
// the pair follows whichever replica serves.
import net from 'node:net';
import t from 'tap';
import { waitFor } from '@cred/testing';
import { loadProtos } from '@cred/proto';
import { AppError, createLogger, sessionPublicKeyOf } from '@cred/runtime';
import {
  callerIdentity,
  checkGrpcHealth,
  createClient,
  newRpcIdentityKey,
  parseRpcPublicKeys,
  rpcCallerPolicy,
  startGrpcServer,
  type GrpcServer,
} from '../src/index.js';

// Signing's only caller, issuance, as in production (ADR 0014).
const issuanceSeed = newRpcIdentityKey();
const issuance = callerIdentity('issuance', issuanceSeed);
const onlyIssuance = rpcCallerPolicy('signing', parseRpcPublicKeys(`issuance:${sessionPublicKeyOf(issuanceSeed)}`));

const logger = createLogger({ service: 'grpc-replicas-test', level: 'silent' });
const { signing } = loadProtos();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it holds; fails naming `what` after `timeoutMs` (waitFor, every 10 ms). */
const until = async (what: string, probe: () => boolean, timeoutMs = 10_000): Promise<void> => void (await waitFor(what, probe, timeoutMs, 10));

/** RotateKey calls each replica has begun handling (by replica name). */
const rotationsBegun = new Map<string, number>();

/** A port nothing listens on right now (the second replica's, before it starts). */
function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** A signing server whose answers name it (ListPublicKeys -> key_id = its name). */
async function replica(name: string, port: number): Promise<GrpcServer> {
  const server = await startGrpcServer({
    port,
    host: '127.0.0.1',
    callers: onlyIssuance,
    logger,
    services: [
      {
        name: 'credentials.signing.v1.SigningService',
        definition: signing.SigningService.service,
        implementation: {
          GenerateKey: async () => ({ created: false }),
          RotateKey: async () => {
            rotationsBegun.set(name, (rotationsBegun.get(name) ?? 0) + 1);
            return new Promise((resolve) => setTimeout(() => resolve({ created: name === 'a' }), 400));
          },
          SignCredential: async () => ({ signed_credential_json: '{}', key_id: name }),
          SignCredentials: async () => ({ results: [] }),
          ListPublicKeys: async () => ({ keys: [{ key_id: name, sequence: 1 }] }),
          ReportKeyCompromised: async () => ({}),
        },
      },
    ],
  });
  server.setServing(true);
  return server;
}

t.test('a rolling restart behind a two-address client fails no call', async (t) => {
  const [portA, portB] = [await unusedPort(), await unusedPort()];
  const a = await replica('a', portA);
  const started: GrpcServer[] = [a];
  t.teardown(() => Promise.all(started.map((s) => s.stop(100))));
  const pair = `127.0.0.1:${portA},127.0.0.1:${portB}`;
  await checkGrpcHealth(pair);
  const client = createClient(signing.SigningService, pair, { deadlineMs: 5000, identity: issuance });
  t.teardown(() => client.close());

  const answeredBy: string[] = [];
  const failures: string[] = [];
  let calling = true;
  const caller = (async () => {
    while (calling) {
      try {
        const r = await client.ListPublicKeys({ organization_id: 'o' });
        answeredBy.push(r.keys?.[0]?.key_id ?? '?');
      } catch (err) {
        failures.push(err instanceof AppError ? `${err.code}: ${err.message}` : String(err));
      }
      await sleep(10); // pacing of the calls, not a wait for anything
    }
  })();

  // The second address refuses connections for a while, as an empty surge slot does between
  // rollouts: grpc-js's own backoff would by now wait 6-10 s before trying it again. The
  // scenario sets this duration; nothing is awaited.
  await sleep(12_000);
  const b = await replica('b', portB);
  started.push(b);
  await sleep(2000); // the launcher's propagation window: the scenario sets it (the launcher waits blindly too)
  // Slow calls (400 ms) in flight on both replicas (round robin) when the old one stops.
  const inFlight = Array.from({ length: 4 }, () => client.RotateKey({ organization_id: 'o' }));
  await until('all four slow calls begun', () => (rotationsBegun.get('a') ?? 0) + (rotationsBegun.get('b') ?? 0) === 4);
  await a.stop(5000); // drains: the calls in flight are answered first
  const drained = await Promise.all(inFlight);
  t.ok(
    drained.some((r) => r.created),
    'calls in flight on the old server were answered by it',
  );
  await checkGrpcHealth(pair);
  t.pass('the pair is healthy while only the new replica serves');
  // The caller goes on until the new replica alone has answered a run of calls.
  const answersAtStop = answeredBy.length;
  await until('20 calls answered after the old replica stopped', () => answeredBy.length >= answersAtStop + 20);
  calling = false;
  await caller;

  t.same(failures, [], 'no call failed');
  t.ok(answeredBy.includes('a') && answeredBy.includes('b'), 'both replicas answered');
  t.equal(answeredBy.at(-1), 'b', 'the new replica answers after the old one stopped');
  await b.stop(100);
  await t.rejects(checkGrpcHealth(pair, 500), 'neither serves: not healthy');
});
