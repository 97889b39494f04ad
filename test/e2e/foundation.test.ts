import t from 'tap';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { loadProtos } from '@cred/proto';
import { createClient } from '@cred/grpc';
import { dropBrokerConnections, waitFor, testCaller } from '@cred/testing';
import { setupStep, startTestPlatform } from './harness.js';

const tp = await setupStep('platform', () => startTestPlatform('foundation'));
t.teardown(() => tp.stop());

const notification = createClient(loadProtos().notification.NotificationService, `127.0.0.1:${tp.platform.ports.notification.grpc}`, {
  deadlineMs: 3000,
  identity: testCaller(tp.env),
});
t.teardown(() => notification.close());

async function generateKeys(orgId: string, token = tp.adminToken) {
  return tp.api('POST', `/api/admin/organizations/${orgId}/signing-keys`, undefined, token);
}

async function newOrg(slug: string) {
  return (await tp.signUpOrganization(slug)).orgId;
}

async function notices(orgId: string) {
  return (await notification.ListNotifications({ organization_id: orgId, limit: 100, offset: 0 })).notifications;
}

t.test('the gateway reports the whole platform healthy', async (t) => {
  const res = await fetch(`${tp.baseUrl}/healthz`);
  t.equal(res.status, 200);
  const body = (await res.json()) as { checks: Record<string, string> };
  for (const s of ['accounts', 'issuance', 'verification', 'notification', 'billing']) t.equal(body.checks[s], 'ok', `${s} is ready`);
  t.ok(res.headers.get('x-request-id'), 'every response carries a request id');
});

t.test('unknown routes and bad credentials get the error shape', async (t) => {
  const missing = await fetch(`${tp.baseUrl}/api/nothing-here`);
  t.equal(missing.status, 404);
  t.same(Object.keys((await missing.json()) as object).sort(), ['details', 'error', 'message']);
  const denied = await generateKeys(randomUUID(), 'wrong-token');
  t.equal(denied.status, 401);
  t.equal(denied.body.error, 'UNAUTHORIZED');
});

t.test('gateway -> issuance -> signing over gRPC, then issuance -> outbox -> RabbitMQ -> notification and verification', async (t) => {
  const { orgId, token } = await setupStep('sign-up', () => tp.signUpOrganization('acme-academy'), tp.logFile);
  const first = await generateKeys(orgId);
  t.equal(first.status, 201, JSON.stringify(first.body));
  t.match(first.body.keyId, /^did:web:localhost%3A\d+:issuers:acme-academy#key-1$/);
  t.match(first.body.publicKeyMultibase, /^z6Mk/);

  // The event reached the notification service through the outbox and the broker.
  const recorded = await waitFor('notice recorded', async () => {
    const list = await notices(orgId);
    return list.length > 0 ? list : undefined;
  });
  t.equal(recorded.length, 1);
  t.equal(recorded[0]?.event_type, 'organization.signing_keys.generated');

  // signing.key.created fed the verification read model: did.json is public through the gateway.
  const did = await waitFor('did.json published', async () => {
    const res = await fetch(`${tp.baseUrl}/issuers/acme-academy/did.json`);
    return res.status === 200 ? ((await res.json()) as Record<string, unknown>) : undefined;
  });
  t.equal(did.id, String(first.body.keyId).split('#')[0]);
  t.same(did.assertionMethod, [first.body.keyId]);

  // Asking again is idempotent: same key, no second event.
  // The organization record now says so, and asking again (as a member) is idempotent.
  const org = await tp.api('GET', `/api/organizations/${orgId}`, undefined, token);
  t.equal(org.body.signingKeysGenerated, true);
  const again = await tp.api('POST', `/api/organizations/${orgId}/signing-keys`, undefined, token);
  t.equal(again.status, 200);
  t.equal(again.body.keyId, first.body.keyId);
  // The notice comes from the event; asking again wrote no second one (issuance's outbox).
  const db = new pg.Client({ connectionString: tp.isolation.databaseUrl });
  await db.connect();
  t.teardown(() => db.end());
  const events = await db.query(
    "SELECT count(*)::int AS n FROM issuance.outbox WHERE type = 'organization.signing_keys.generated' AND payload->'data'->>'organizationId' = $1",
    [orgId],
  );
  t.equal(events.rows[0].n, 1, 'one event: no duplicate notice can follow');
  t.equal((await notices(orgId)).length, 1, 'no duplicate notice');
});

t.test('broker connections dropped mid-flow: nothing lost, nothing handled twice', async (t) => {
  const orgs: { id: string; slug: string }[] = [];
  for (let i = 0; i < 6; i++) orgs.push({ id: await newOrg(`drop-org-${i}`), slug: `drop-org-${i}` });
  for (const o of orgs.slice(0, 3)) t.equal((await generateKeys(o.id)).status, 201);
  const dropped = await dropBrokerConnections(`@${tp.isolation.eventsExchange}`);
  t.ok(dropped >= 6, `the broker closed every service's connection (${dropped})`);
  for (const o of orgs.slice(3)) t.equal((await generateKeys(o.id)).status, 201);
  for (const o of orgs) {
    const list = await waitFor(
      `notice for ${o.slug}`,
      async () => {
        const l = await notices(o.id);
        return l.length > 0 ? l : undefined;
      },
      30000,
    );
    t.equal(list.length, 1, `${o.slug} noticed exactly once`);
  }
});

t.test('a consumer killed and restarted loses no event', async (t) => {
  const orgId = await newOrg('while-down');
  await tp.platform.stopService('notification', 'SIGKILL');
  t.equal((await generateKeys(orgId)).status, 201, 'generating keys works while notification is down');
  tp.platform.startService('notification');
  const list = await waitFor(
    'notice after restart',
    async () => {
      try {
        const l = await notices(orgId);
        return l.length > 0 ? l : undefined;
      } catch {
        return undefined;
      }
    },
    60000,
  );
  t.equal(list.length, 1);
});

t.test('logs carry no secrets', async (t) => {
  const log = readFileSync(tp.logFile, 'utf8');
  t.ok(log.length > 0, 'services logged');
  t.notOk(log.includes(tp.adminToken), 'admin token never logged');
  t.notOk(log.includes(tp.env.KEY_ENCRYPTION_KEY!), 'key-encryption key never logged');
  t.notOk(log.includes(tp.env.SESSION_SIGNING_KEY!), 'session signing key never logged');
});

t.test('stopping the platform leaves no process behind', async (t) => {
  const children = [...tp.platform.processes.values()];
  await tp.platform.stop();
  for (const c of children) t.ok(c.exitCode !== null || c.signalCode !== null, `pid ${c.pid} exited`);
  for (const c of children) {
    let alive = true;
    try {
      process.kill(c.pid!, 0);
    } catch {
      alive = false;
    }
    t.notOk(alive, `pid ${c.pid} is gone`);
  }
});
