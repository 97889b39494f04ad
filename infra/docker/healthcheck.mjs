// Container healthcheck for the service images (Dockerfile HEALTHCHECK, docker-compose).
// Plain ESM on purpose: it runs every few seconds, so it must not pay for tsx start-up.
// The ops ports mirror DEFAULT_PORTS in packages/runtime/src/service-config.ts;
// test/deploy/manifests.test.ts fails when they drift. OPS_PORT, when set, wins, as it
// does for the service itself.
const OPS_PORTS = {
  gateway: 9100,
  accounts: 9101,
  issuance: 9102,
  signing: 9103,
  verification: 9104,
  notification: 9105,
  billing: 9106,
};

const port = process.env.OPS_PORT || OPS_PORTS[process.env.SERVICE ?? ''];
if (!port) {
  console.error(`healthcheck: unknown SERVICE ${JSON.stringify(process.env.SERVICE)} and no OPS_PORT`);
  process.exit(2);
}
// Liveness by default; `healthcheck.mjs readyz` asks for readiness (used by compose so that
// depends_on: service_healthy waits until the dependencies are reachable).
const path = process.argv[2] === 'readyz' ? '/readyz' : '/healthz';
try {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(2500) });
  process.exit(res.ok ? 0 : 1);
} catch (err) {
  console.error(`healthcheck: ${path} on ${port} failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
