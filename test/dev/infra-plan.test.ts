// @unit
// What `npm start` and `npm test` do about PostgreSQL, Redis and RabbitMQ (scripts/infra.ts), as
// a pure decision from what answers and what is installed; the shapes of the URLs they hand on;
// and which test files `npm run test:unit` picks (scripts/dev-run.ts).
import t from 'tap';
import { COMPOSE_PROJECT, composeArgs, planInfrastructure, serverUrl, where, type Facts, type ServerFacts } from '../../scripts/infra.js';
import { NO_SERVERS, unitTestFiles } from '../../scripts/dev-run.js';

const up: ServerFacts = { usable: true, installed: true };
const down: ServerFacts = { usable: false, installed: true };
const absent: ServerFacts = { usable: false, installed: false };
const facts = (servers: Partial<Facts['servers']>, docker = false): Facts => ({
  servers: { postgres: up, redis: up, rabbitmq: up, ...servers },
  docker,
});

t.test('servers that answer are used as they are', async (t) => {
  const plan = planInfrastructure(facts({}));
  t.ok(plan.ok);
  t.same(plan.decisions, { postgres: { action: 'use' }, redis: { action: 'use' }, rabbitmq: { action: 'use' } });
  t.equal(plan.message, undefined);
});

t.test('installed but not answering: servers of our own', async (t) => {
  const plan = planInfrastructure(facts({ postgres: down, redis: down, rabbitmq: down }));
  t.ok(plan.ok);
  t.same(plan.decisions, { postgres: { action: 'own' }, redis: { action: 'own' }, rabbitmq: { action: 'own' } });
});

t.test('our kept server from an earlier npm start is used before starting another', async (t) => {
  const plan = planInfrastructure(facts({ postgres: { ...down, keptRunning: true } }));
  t.same(plan.decisions.postgres, { action: 'use-kept' });
});

t.test('a server the user configured is never replaced: the command stops and names the variable', async (t) => {
  const plan = planInfrastructure(
    facts({ postgres: { ...down, configured: 'DATABASE_URL', address: 'db.example:5433', keptRunning: true } }),
  );
  t.notOk(plan.ok);
  t.same(plan.decisions.postgres, { action: 'refuse' });
  t.match(plan.message ?? '', /^DATABASE_URL is set, but that PostgreSQL \(db\.example:5433\) does not answer/);
  t.same(plan.decisions.redis, { action: 'use' }, 'the others are unaffected');
});

t.test('not installed: docker compose when Docker runs', async (t) => {
  const plan = planInfrastructure(facts({ redis: absent, rabbitmq: absent }, true));
  t.ok(plan.ok);
  t.same(plan.decisions, { postgres: { action: 'use' }, redis: { action: 'compose' }, rabbitmq: { action: 'compose' } });
});

t.test('not installed and no Docker: exactly what to install', async (t) => {
  const plan = planInfrastructure(facts({ postgres: absent, redis: up, rabbitmq: absent }));
  t.notOk(plan.ok);
  t.same(plan.decisions, { postgres: { action: 'missing' }, redis: { action: 'use' }, rabbitmq: { action: 'missing' } });
  const lines = (plan.message ?? '').split('\n');
  t.equal(
    lines[0],
    'PostgreSQL and RabbitMQ are not running here and not installed. Install them (they need not run: we start our own, with data under .data/):',
  );
  t.equal(lines[1], '  sudo apt-get install postgresql rabbitmq-server');
  t.match(lines[2], /docker compose/);

  const one = planInfrastructure(facts({ redis: absent }));
  t.match(one.message ?? '', /^Redis is not running here and not installed\. Install it/);
  t.match(one.message ?? '', /\n {2}sudo apt-get install redis-server\n/);
});

t.test('a missing server and a refused one are both reported', async (t) => {
  const plan = planInfrastructure(facts({ postgres: absent, redis: { ...down, configured: 'TEST_REDIS_URL' } }));
  t.notOk(plan.ok);
  t.match(plan.message ?? '', /TEST_REDIS_URL is set/);
  t.match(plan.message ?? '', /sudo apt-get install postgresql\n/);
});

t.test('URLs in the shape each command reads them', async (t) => {
  const at = { host: '127.0.0.1', port: 15432 };
  t.equal(serverUrl('start', 'postgres', at), 'postgres://postgres@127.0.0.1:15432/credentials', 'npm start: the platform database');
  t.equal(serverUrl('test', 'postgres', at), 'postgres://postgres@127.0.0.1:15432', 'npm test: the server (each file makes its database)');
  t.equal(
    serverUrl('start', 'postgres', { ...at, user: 'postgres', password: 'p@ss' }),
    'postgres://postgres:p%40ss@127.0.0.1:15432/credentials',
  );
  t.equal(serverUrl('test', 'redis', at), 'redis://127.0.0.1:15432/0');
  t.equal(serverUrl('test', 'rabbitmq', at), 'amqp://guest:guest@127.0.0.1:15432');
  t.equal(where('amqp://guest:secret@broker.local:5673/vhost'), 'broker.local:5673', 'messages name host and port, never credentials');
});

t.test('docker compose: our own project, with the loopback ports file', async (t) => {
  const args = composeArgs('/repo', 'up', '-d', '--wait', 'postgres');
  t.same(args, [
    'compose',
    '-p',
    COMPOSE_PROJECT,
    '-f',
    '/repo/docker-compose.yml',
    '-f',
    '/repo/infra/docker/dev-servers.yml',
    'up',
    '-d',
    '--wait',
    'postgres',
  ]);
  t.not(COMPOSE_PROJECT, 'credentials', 'not the project of `docker compose up` (its containers are left alone)');
});

t.test('npm run test:unit: the files tagged // @unit, and no servers', async (t) => {
  const files = unitTestFiles();
  t.ok(files.includes('test/dev/infra-plan.test.ts'), 'this file is one');
  t.notOk(files.includes('test/dev/start.test.ts'), 'a file that starts the platform is not');
  t.notOk(
    files.some((f) => f.startsWith('test/e2e/')),
    'no end-to-end file',
  );
  for (const [name, value] of Object.entries(NO_SERVERS))
    t.match(value, /@127\.0\.0\.1:1(\/|$)|\/\/127\.0\.0\.1:1\//, `${name} points at a port that refuses`);
});
