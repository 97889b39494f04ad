// @unit
// Offline checks of the deployment files: k8s/ manifests against the Kubernetes API schemas,
// docker-compose.yml and the Dockerfile against each other, and both against the sources of
// truth (DEFAULT_PORTS in packages/runtime, ENV_VARS and loadConfig in each service).
// No cluster and no container engine is needed.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { parse, parseAllDocuments } from 'yaml';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { Job, type IJob } from 'kubernetes-models/batch/v1/Job';
import { HorizontalPodAutoscaler, type IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { isPublicVerificationRequest, LAUNCHER_ONLY_ENV } from '@cred/runtime';
import { NetworkPolicy, type INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap, type IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret, type ISecret } from 'kubernetes-models/v1/Secret';
import { Service, type IService } from 'kubernetes-models/v1/Service';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodTemplateSpec } from 'kubernetes-models/v1/PodTemplateSpec';
import { DEFAULT_PORTS } from '../../packages/runtime/src/service-config.js';
import { PUBLISHED_DEVELOPMENT_SECRETS } from '../../packages/runtime/src/config.js';
import { sessionPublicKeyOf } from '../../packages/runtime/src/session-token.js';
import { callersOf, RPC_ALLOW_LIST, RPC_CALLERS, rpcIdentityKeyVariable, rpcPublicKeysOf, type RpcServerName } from '../../packages/grpc/src/index.js';
import * as accounts from '../../services/accounts/src/config.js';
import * as billing from '../../services/billing/src/config.js';
import * as gateway from '../../services/gateway/src/config.js';
import * as issuance from '../../services/issuance/src/config.js';
import * as notification from '../../services/notification/src/config.js';
import * as signing from '../../services/signing/src/config.js';
import * as verification from '../../services/verification/src/config.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const K8S_DIR = join(ROOT, 'k8s');
const NAMESPACE = 'credentials';

type ServiceName = keyof typeof DEFAULT_PORTS;
interface ServiceConfigModule {
  ENV_VARS: string[];
  loadConfig(env: Record<string, string | undefined>): unknown;
}
const CONFIGS: Record<ServiceName, ServiceConfigModule> = { gateway, accounts, issuance, signing, verification, notification, billing };
const SERVICES = Object.keys(DEFAULT_PORTS) as ServiceName[];
type Ports = Partial<Record<'http' | 'grpc' | 'ops', number>>;
const portsOf = (svc: ServiceName): Ports => DEFAULT_PORTS[svc];
/** The variable through which each kind of port is configured. */
const PORT_ENV = (svc: ServiceName): Record<string, number> => {
  const p = portsOf(svc);
  const out: Record<string, number> = {};
  if (p.ops !== undefined) out.OPS_PORT = p.ops;
  if (p.grpc !== undefined) out.GRPC_PORT = p.grpc;
  if (p.http !== undefined) out[svc === 'gateway' ? 'PORT' : 'HTTP_PORT'] = p.http;
  return out;
};
/** Where each client variable must point. */
const ADDRESS_VARS: Record<string, { host: ServiceName; port: number }> = {
  ACCOUNTS_GRPC_ADDR: { host: 'accounts', port: DEFAULT_PORTS.accounts.grpc },
  ISSUANCE_GRPC_ADDR: { host: 'issuance', port: DEFAULT_PORTS.issuance.grpc },
  SIGNING_GRPC_ADDR: { host: 'signing', port: DEFAULT_PORTS.signing.grpc },
  VERIFICATION_GRPC_ADDR: { host: 'verification', port: DEFAULT_PORTS.verification.grpc },
  NOTIFICATION_GRPC_ADDR: { host: 'notification', port: DEFAULT_PORTS.notification.grpc },
  BILLING_GRPC_ADDR: { host: 'billing', port: DEFAULT_PORTS.billing.grpc },
  VERIFICATION_HTTP_URL: { host: 'verification', port: DEFAULT_PORTS.verification.http },
};
function addressProblem(name: string, value: string): string | undefined {
  const want = ADDRESS_VARS[name];
  if (!want) return undefined;
  const m = /^(?:https?:\/\/)?([^:/]+):(\d+)\/?$/.exec(value);
  if (!m || m[1] !== want.host || Number(m[2]) !== want.port) return `${name}=${value}, expected ${want.host}:${want.port}`;
  return undefined;
}

// ---------------------------------------------------------------------------------------
// Kubernetes objects

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [key: string]: unknown;
}
type Model = { validate(): void };
const MODELS: Record<string, (o: unknown) => Model> = {
  'v1/Namespace': (o) => new Namespace(o as ConstructorParameters<typeof Namespace>[0]),
  'v1/ConfigMap': (o) => new ConfigMap(o as ConstructorParameters<typeof ConfigMap>[0]),
  'v1/Secret': (o) => new Secret(o as ConstructorParameters<typeof Secret>[0]),
  'v1/Service': (o) => new Service(o as ConstructorParameters<typeof Service>[0]),
  'apps/v1/Deployment': (o) => new Deployment(o as ConstructorParameters<typeof Deployment>[0]),
  'batch/v1/Job': (o) => new Job(o as ConstructorParameters<typeof Job>[0]),
  'autoscaling/v2/HorizontalPodAutoscaler': (o) => new HorizontalPodAutoscaler(o as ConstructorParameters<typeof HorizontalPodAutoscaler>[0]),
  'policy/v1/PodDisruptionBudget': (o) => new PodDisruptionBudget(o as ConstructorParameters<typeof PodDisruptionBudget>[0]),
  'networking.k8s.io/v1/NetworkPolicy': (o) => new NetworkPolicy(o as ConstructorParameters<typeof NetworkPolicy>[0]),
  'networking.k8s.io/v1/Ingress': (o) => new Ingress(o as ConstructorParameters<typeof Ingress>[0]),
};

const manifestFiles = readdirSync(K8S_DIR)
  .filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml')
  .sort();
const objects: (K8sObject & { file: string })[] = [];
const parseErrors: string[] = [];
for (const file of manifestFiles) {
  for (const doc of parseAllDocuments(readFileSync(join(K8S_DIR, file), 'utf8'))) {
    if (doc.errors.length > 0) parseErrors.push(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) continue;
    objects.push({ ...(value as K8sObject), file });
  }
}
const ofKind = <T>(kind: string) => objects.filter((o) => o.kind === kind) as unknown as (T & { file: string })[];
const deployments = ofKind<IDeployment>('Deployment');
const services = ofKind<IService>('Service');
const configMaps = ofKind<IConfigMap>('ConfigMap');
const secrets = ofKind<ISecret>('Secret');
const policies = ofKind<INetworkPolicy>('NetworkPolicy');
const jobs = ofKind<IJob>('Job');
const hpas = ofKind<IHorizontalPodAutoscaler>('HorizontalPodAutoscaler');
const byName = <T extends { metadata?: { name?: string } }>(list: T[], name: string) => list.find((o) => o.metadata?.name === name);

function containerOf(template: IPodTemplateSpec | undefined, name: string): IContainer | undefined {
  return template?.spec?.containers.find((c) => c.name === name);
}

interface ResolvedEnv {
  values: Map<string, { value: string; from: 'value' | 'configMap' | 'secret' }>;
  problems: string[];
}
/** What a container's environment will hold, following envFrom and valueFrom into k8s/. */
function resolveEnv(container: IContainer): ResolvedEnv {
  const values: ResolvedEnv['values'] = new Map();
  const problems: string[] = [];
  const secretData = (name: string): Record<string, string> | undefined => {
    const s = byName(secrets, name);
    if (!s) return undefined;
    const data: Record<string, string> = { ...(s.stringData ?? {}) };
    for (const [k, v] of Object.entries(s.data ?? {})) data[k] = Buffer.from(v, 'base64').toString('utf8');
    return data;
  };
  for (const source of container.envFrom ?? []) {
    const prefix = source.prefix ?? '';
    if (source.configMapRef) {
      const cm = byName(configMaps, source.configMapRef.name ?? '');
      if (!cm) problems.push(`envFrom: no ConfigMap ${source.configMapRef.name}`);
      for (const [k, v] of Object.entries(cm?.data ?? {})) values.set(prefix + k, { value: v, from: 'configMap' });
    }
    if (source.secretRef) {
      const data = secretData(source.secretRef.name ?? '');
      if (!data) problems.push(`envFrom: no Secret ${source.secretRef.name}`);
      for (const [k, v] of Object.entries(data ?? {})) values.set(prefix + k, { value: v, from: 'secret' });
    }
  }
  for (const e of container.env ?? []) {
    if (e.value !== undefined) {
      values.set(e.name, { value: e.value, from: 'value' });
    } else if (e.valueFrom?.configMapKeyRef) {
      const ref = e.valueFrom.configMapKeyRef;
      const v = byName(configMaps, ref.name ?? '')?.data?.[ref.key];
      if (v === undefined) problems.push(`${e.name}: ConfigMap ${ref.name} has no key ${ref.key}`);
      else values.set(e.name, { value: v, from: 'configMap' });
    } else if (e.valueFrom?.secretKeyRef) {
      const ref = e.valueFrom.secretKeyRef;
      const data = secretData(ref.name ?? '');
      const v = data?.[ref.key];
      // An optional key may be absent (the variable is then unset), but its Secret must exist.
      if (v === undefined && !(ref.optional === true && data)) problems.push(`${e.name}: Secret ${ref.name} has no key ${ref.key}`);
      else values.set(e.name, { value: v ?? '', from: 'secret' });
    } else {
      problems.push(`${e.name}: neither value nor a resolvable valueFrom`);
    }
  }
  return { values, problems };
}

// ---------------------------------------------------------------------------------------
// NetworkPolicy evaluation (ingress only; the policies do not restrict egress)

interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}
interface Pod {
  namespace: string;
  labels: Record<string, string>;
}
function selects(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return true;
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const ex of selector.matchExpressions ?? []) {
    const has = Object.hasOwn(labels, ex.key);
    const value = labels[ex.key];
    const ok =
      ex.operator === 'In' ? has && (ex.values ?? []).includes(value ?? '')
      : ex.operator === 'NotIn' ? !has || !(ex.values ?? []).includes(value ?? '')
      : ex.operator === 'Exists' ? has
      : ex.operator === 'DoesNotExist' ? !has
      : false;
    if (!ok) return false;
  }
  return true;
}
const namespaceLabels = (ns: string) => ({ 'kubernetes.io/metadata.name': ns });
/** May `from` open a TCP connection to `port` of `to`, given these policies? */
function allowed(pols: INetworkPolicy[], from: Pod, to: Pod, port: number): boolean {
  const applying = pols.filter(
    (p) =>
      (p.metadata?.namespace ?? NAMESPACE) === to.namespace &&
      selects(p.spec?.podSelector, to.labels) &&
      (p.spec?.policyTypes ?? ['Ingress']).includes('Ingress'),
  );
  if (applying.length === 0) return true;
  return applying.some((p) =>
    (p.spec?.ingress ?? []).some((rule) => {
      const portOk =
        !rule.ports ||
        rule.ports.length === 0 ||
        rule.ports.some((rp) => {
          if ((rp.protocol ?? 'TCP') !== 'TCP') return false;
          if (rp.port === undefined) return true;
          // A named port could mean anything the pod names so; count it as a match (conservative).
          if (typeof rp.port === 'string') return true;
          return rp.endPort === undefined ? rp.port === port : port >= rp.port && port <= rp.endPort;
        });
      const peerOk =
        !rule.from ||
        rule.from.length === 0 ||
        rule.from.some((peer) => {
          // An ipBlock may cover pod addresses: count it as a match (conservative).
          if (peer.ipBlock) return true;
          const nsOk = peer.namespaceSelector
            ? selects(peer.namespaceSelector, namespaceLabels(from.namespace))
            : from.namespace === (p.metadata?.namespace ?? NAMESPACE);
          return nsOk && selects(peer.podSelector, from.labels);
        });
      return portOk && peerOk;
    }),
  );
}
const podOf = (svc: string): Pod => {
  const d = byName(deployments, svc);
  return { namespace: NAMESPACE, labels: { ...(d?.spec?.template.metadata?.labels ?? {}) } };
};

// ---------------------------------------------------------------------------------------
// docker-compose.yml

interface ComposeService {
  image?: string;
  build?: { context?: string; target?: string; args?: Record<string, string> };
  ports?: string[];
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { test?: string[] | string };
  depends_on?: Record<string, { condition?: string }>;
}
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
/** A value of the same shape as a development secret (same prefix, length and alphabet), freshly random. */
function ownSecretLike(value: string): string {
  if (!PUBLISHED_DEVELOPMENT_SECRETS.has(value)) return value; // a URL or an empty optional value
  if (/^[0-9a-f]+$/i.test(value)) return randomBytes(value.length).toString('hex').slice(0, value.length);
  const prefix = /^[a-z]+_/.exec(value)?.[0] ?? '';
  return prefix + randomBytes(value.length).toString('base64url').slice(0, value.length - prefix.length);
}

/** The value compose would use with nothing set in the shell or .env: `${X:-default}` -> default. */
function composeEnv(svc: ComposeService): { env: Record<string, string>; problems: string[] } {
  const env: Record<string, string> = {};
  const problems: string[] = [];
  for (const [k, raw] of Object.entries(svc.environment ?? {})) {
    const value = raw === null ? '' : String(raw);
    env[k] = value.replace(/\$\{([A-Z0-9_]+)(?::?-([^}]*))?\}/g, (_m, name: string, fallback: string | undefined) => {
      if (fallback === undefined) problems.push(`${k} needs ${name} from the environment`);
      return fallback ?? '';
    });
  }
  return { env, problems };
}

// ---------------------------------------------------------------------------------------
// Dockerfile

const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const stages = [...dockerfile.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)\s*$/gim)].map((m) => m[1] ?? '');
/** The instructions of one stage, continuation lines joined. */
function stageBody(stage: string): string {
  const text = dockerfile.replace(/\\\n/g, ' ');
  const start = text.search(new RegExp(`^FROM\\s+\\S+\\s+AS\\s+${stage}\\s*$`, 'im'));
  if (start < 0) return '';
  const rest = text.slice(start + 1);
  const next = rest.search(/^FROM\s/im);
  return next < 0 ? rest : rest.slice(0, next);
}

// =======================================================================================

t.test('every k8s file parses and every object validates against the Kubernetes API schema', async (t) => {
  t.same(parseErrors, [], 'YAML parses');
  t.ok(objects.length > 20, `found ${objects.length} objects in ${manifestFiles.length} files`);
  for (const o of objects) {
    const make = MODELS[`${o.apiVersion}/${o.kind}`];
    if (!make) {
      t.fail(`${o.file}: no schema for ${o.apiVersion} ${o.kind}`);
      continue;
    }
    const { file: _file, ...data } = o;
    t.doesNotThrow(() => make(data).validate(), `${o.file}: ${o.kind}/${o.metadata.name}`);
  }
  const names = objects.map((o) => `${o.kind}/${o.metadata.name}`);
  t.same(names.filter((n, i) => names.indexOf(n) !== i), [], 'no two objects share kind and name');
});

t.test('the schema check can fail: a broken Deployment is rejected', async (t) => {
  const good = byName(deployments, 'gateway');
  t.ok(good, 'gateway Deployment exists');
  const broken = structuredClone(good) as unknown as { spec: { template: { spec: { containers: { ports: { containerPort: unknown }[] }[] } } } };
  const port = broken.spec.template.spec.containers[0]?.ports[0];
  if (port) port.containerPort = 'eighty-eighty';
  t.throws(() => new Deployment(broken as unknown as IDeployment).validate(), 'containerPort must be an integer');
  const noContainers = structuredClone(good) as unknown as { spec: { template: { spec: Record<string, unknown> } } };
  delete noContainers.spec.template.spec.containers;
  t.throws(() => new Deployment(noContainers as unknown as IDeployment).validate(), 'a pod spec without containers is rejected');
});

t.test('kustomization lists every manifest and pins every image', async (t) => {
  const k = parse(readFileSync(join(K8S_DIR, 'kustomization.yaml'), 'utf8')) as {
    namespace?: string;
    resources?: string[];
    images?: { name: string }[];
  };
  t.equal(k.namespace, NAMESPACE);
  t.same([...(k.resources ?? [])].sort(), manifestFiles, 'resources = the YAML files of k8s/');
  const imageNames = new Set((k.images ?? []).map((i) => i.name));
  for (const o of [...deployments, ...jobs]) {
    for (const c of o.spec?.template.spec?.containers ?? []) {
      t.ok(imageNames.has((c.image ?? '').split(':')[0] ?? ''), `${o.metadata?.name}: image ${c.image} has an images entry`);
    }
  }
  const ns = objects.find((o) => o.kind === 'Namespace');
  t.equal(ns?.metadata.name, NAMESPACE, 'the namespace is declared');
});

for (const svc of SERVICES) {
  t.test(`${svc}: Deployment, Service, ports and environment in k8s`, async (t) => {
    const d = byName(deployments, svc);
    const s = byName(services, svc);
    t.ok(d, 'has a Deployment');
    t.ok(s, 'has a Service');
    t.equal(d?.file, `${svc}.yaml`, `lives in k8s/${svc}.yaml`);
    if (!d || !s) return;
    const template = d.spec?.template;
    const c = containerOf(template, svc);
    t.ok(c, `container named ${svc}`);
    if (!c) return;

    // Ports: container, Service and DEFAULT_PORTS agree.
    const want = portsOf(svc);
    const containerPorts = Object.fromEntries((c.ports ?? []).map((p) => [p.name ?? '', p.containerPort]));
    t.same(containerPorts, want, 'container ports = DEFAULT_PORTS');
    const servicePorts = Object.fromEntries((s.spec?.ports ?? []).map((p) => [p.name ?? '', p.port]));
    t.same(servicePorts, want, 'Service ports = DEFAULT_PORTS');
    for (const p of s.spec?.ports ?? []) {
      const target = typeof p.targetPort === 'string' ? containerPorts[p.targetPort] : (p.targetPort ?? p.port);
      t.equal(target, p.port, `Service port ${p.name} reaches the container port of the same number`);
    }
    t.same(s.spec?.selector, d.spec?.selector.matchLabels, 'Service selects the Deployment pods');
    t.ok(selects(d.spec?.selector, template?.metadata?.labels ?? {}), 'Deployment selector matches its template');

    // Environment: every ENV_VARS name is provided, and the values load.
    const { values, problems } = resolveEnv(c);
    t.same(problems, [], 'every envFrom/valueFrom reference resolves in k8s/');
    const missing = CONFIGS[svc].ENV_VARS.filter((name) => !values.has(name) && !LAUNCHER_ONLY_ENV.includes(name));
    t.same(missing, [], 'every ENV_VARS entry is provided (but the launcher-only ones of the one-machine edge)');
    for (const [name, port] of Object.entries(PORT_ENV(svc))) t.equal(values.get(name)?.value, String(port), `${name} = ${port}`);
    for (const name of CONFIGS[svc].ENV_VARS) {
      const problem = addressProblem(name, values.get(name)?.value ?? '');
      t.notOk(problem, `${name} points at the right Service`, { problem });
    }
    // Secrets hold placeholders in the template: swap in values of the shape compose uses
    // (fresh, not the published ones) to prove that every other value (ConfigMap, literals)
    // passes loadConfig as is.
    const devEnv = composeEnv(compose.services[svc] ?? {}).env;
    const env: Record<string, string> = {};
    // A ConfigMap placeholder (SESSION_PUBLIC_KEYS, which the operator derives from their own seed)
    // takes compose's value: it is public, and of the right shape.
    for (const [k, v] of values) {
      env[k] = v.from === 'secret' ? ownSecretLike(devEnv[k] ?? '') : v.value === 'REPLACE_ME' ? (devEnv[k] ?? v.value) : v.value;
    }
    t.doesNotThrow(() => CONFIGS[svc].loadConfig(env), 'loadConfig accepts the k8s environment');
    // The published development secrets, or the template's placeholder, are refused on a public origin.
    const published = Object.fromEntries([...values].map(([k, v]) => [k, v.from === 'secret' ? (devEnv[k] ?? '') : v.value]));
    const publishedSecrets = [...values].filter(([k, v]) => v.from === 'secret' && PUBLISHED_DEVELOPMENT_SECRETS.has(devEnv[k] ?? '')).map(([k]) => k);
    if (publishedSecrets.length > 0) {
      t.throws(() => CONFIGS[svc].loadConfig(published), new RegExp(publishedSecrets[0]!), `the compose development ${publishedSecrets.join(', ')} refused behind ${values.get('BASE_URL')?.value}`);
    }
    const placeholders = Object.fromEntries([...values].map(([k, v]) => [k, v.value]));
    if ([...values].some(([, v]) => v.value.includes('REPLACE_ME'))) {
      t.throws(() => CONFIGS[svc].loadConfig(placeholders), /REPLACE_ME/, 'the template as it is does not start');
    }

    // Hardening and operations.
    const pod = template?.spec;
    t.equal(pod?.securityContext?.runAsNonRoot, true, 'pod runAsNonRoot');
    t.equal(c.securityContext?.runAsNonRoot, true, 'container runAsNonRoot');
    t.equal(c.securityContext?.readOnlyRootFilesystem, true, 'readOnlyRootFilesystem');
    t.equal(c.securityContext?.allowPrivilegeEscalation, false, 'no privilege escalation');
    t.same(c.securityContext?.capabilities?.drop, ['ALL'], 'drops ALL capabilities');
    t.equal(pod?.automountServiceAccountToken, false, 'no service account token');
    t.ok(c.resources?.requests?.cpu && c.resources.requests.memory, 'resource requests');
    t.ok(c.resources?.limits?.cpu && c.resources.limits.memory, 'resource limits');
    t.equal(c.livenessProbe?.httpGet?.path, '/healthz', 'liveness: /healthz');
    t.equal(c.readinessProbe?.httpGet?.path, '/readyz', 'readiness: /readyz');
    for (const probe of [c.livenessProbe, c.readinessProbe, c.startupProbe]) {
      const port = probe?.httpGet?.port;
      if (port !== undefined) t.equal(typeof port === 'string' ? containerPorts[port] : port, want.ops, 'probes hit the ops port');
    }
    t.ok(c.volumeMounts?.some((m) => m.mountPath === '/tmp'), 'a writable /tmp (tsx cache) on the read-only root');
    t.equal(template?.metadata?.annotations?.['prometheus.io/port'], String(want.ops), 'scrape annotation on the ops port');
  });
}

t.test('secrets stay out of the ConfigMap and the key-encryption key reaches signing only', async (t) => {
  const SECRET_VARS = ['SESSION_SIGNING_KEY', 'RPC_IDENTITY_KEY', 'PLATFORM_ADMIN_TOKEN', 'KEY_ENCRYPTION_KEY', 'KEY_ENCRYPTION_KEY_PREVIOUS', 'WEBHOOK_SECRET_KEY', 'WEBHOOK_SECRET_KEY_PREVIOUS', 'STRIPE_WEBHOOK_SECRET', 'DATABASE_URL', 'AMQP_URL', 'REDIS_URL', 'SMTP_URL'];
  for (const cm of configMaps) {
    for (const name of SECRET_VARS) t.notOk(Object.hasOwn(cm.data ?? {}, name), `${name} is not in ConfigMap ${cm.metadata?.name}`);
  }
  for (const svc of SERVICES) {
    const c = containerOf(byName(deployments, svc)?.spec?.template, svc);
    if (!c) continue;
    const { values } = resolveEnv(c);
    for (const name of SECRET_VARS) {
      if (values.has(name)) t.equal(values.get(name)?.from, 'secret', `${svc}: ${name} comes from a Secret`);
    }
    t.equal(values.has('KEY_ENCRYPTION_KEY'), svc === 'signing', `${svc}: KEY_ENCRYPTION_KEY only in signing`);
    t.equal(values.has('SESSION_SIGNING_KEY'), svc === 'accounts', `${svc}: SESSION_SIGNING_KEY only in accounts`);
    t.equal(values.has('WEBHOOK_SECRET_KEY'), svc === 'notification', `${svc}: WEBHOOK_SECRET_KEY only in notification`);
    // Each caller's RPC identity seed comes from a Secret of its own that no other Deployment references (ADR 0014).
    const identity = c.env?.find((e) => e.name === 'RPC_IDENTITY_KEY');
    t.equal(identity?.valueFrom?.secretKeyRef?.name, RPC_CALLERS.includes(svc) ? `${svc}-rpc-identity` : undefined, `${svc}: RPC_IDENTITY_KEY from its own Secret, if it calls others`);
    const secretNames = [...(c.env ?? []).map((e) => e.valueFrom?.secretKeyRef?.name), ...(c.envFrom ?? []).map((e) => e.secretRef?.name)];
    for (const other of RPC_CALLERS.filter((o) => o !== svc)) t.notOk(secretNames.includes(`${other}-rpc-identity`), `${svc} does not see ${other}'s RPC identity`);
  }
  for (const s of secrets) {
    for (const [k, v] of Object.entries(s.stringData ?? {})) t.match(v, /REPLACE_ME/, `Secret ${s.metadata?.name}/${k} is a placeholder`);
    t.notOk(s.data, `Secret ${s.metadata?.name} has no encoded data`);
  }
});

t.test('migration Job runs the migrate image, hardened, with the database URL', async (t) => {
  const job = byName(jobs, 'migrate');
  t.ok(job, 'a Job named migrate');
  const c = job?.spec?.template.spec?.containers[0];
  t.match(c?.image ?? '', /^credentials\/migrate/, 'uses the migrate image');
  t.equal(job?.spec?.template.spec?.restartPolicy, 'Never');
  t.equal(c?.securityContext?.readOnlyRootFilesystem, true);
  t.equal(c?.securityContext?.allowPrivilegeEscalation, false);
  t.same(c?.securityContext?.capabilities?.drop, ['ALL']);
  t.equal(job?.spec?.template.spec?.securityContext?.runAsNonRoot, true);
  const { values, problems } = c ? resolveEnv(c) : { values: new Map(), problems: ['no container'] };
  t.same(problems, []);
  t.equal(values.get('DATABASE_URL')?.from, 'secret', 'DATABASE_URL from a Secret');
});

t.test('HPAs scale the public edges: verification and the gateway', async (t) => {
  t.same(hpas.map((h) => h.spec?.scaleTargetRef?.name).sort(), ['gateway', 'verification']);
  for (const name of ['verification', 'gateway']) {
    const hpa = hpas.find((h) => h.spec?.scaleTargetRef?.name === name);
    t.equal(hpa?.apiVersion, 'autoscaling/v2');
    t.same(hpa?.spec?.scaleTargetRef, { apiVersion: 'apps/v1', kind: 'Deployment', name });
    const d = byName(deployments, name);
    t.ok(d, `${name}: the target exists`);
    t.equal(d?.spec?.replicas, undefined, `${name}: the Deployment leaves the replica count to the HPA`);
    t.ok(containerOf(d?.spec?.template, name)?.resources?.requests?.cpu, `${name}: CPU request set (utilization needs it)`);
    t.ok((hpa?.spec?.minReplicas ?? 1) >= 2, `${name}: at least two replicas`);
  }
  const pdbs = ofKind<{ spec?: { selector?: LabelSelector } }>('PodDisruptionBudget');
  for (const svc of ['gateway', 'verification']) {
    t.ok(pdbs.some((p) => selects(p.spec?.selector, podOf(svc).labels) && p.spec?.selector?.matchLabels), `a PodDisruptionBudget covers ${svc}`);
  }
});

/** The backend an Ingress sends `path` to: Exact, else the longest Prefix match by path element. */
function ingressBackend(ingress: { spec?: { rules?: Array<{ http?: { paths: Array<{ path?: string; pathType: string; backend: { service?: { name: string; port?: { name?: string; number?: number } } } }> } }> } }, path: string) {
  const candidates = (ingress.spec?.rules ?? []).flatMap((r) => r.http?.paths ?? []);
  const exact = candidates.find((p) => p.pathType === 'Exact' && p.path === path);
  if (exact) return exact.backend.service;
  const elements = (p: string) => p.split('/').filter(Boolean);
  const prefixes = candidates
    .filter((p) => p.pathType === 'Prefix' && p.path !== undefined)
    .filter((p) => {
      const want = elements(p.path!);
      const got = elements(path);
      return want.length <= got.length && want.every((e, i) => got[i] === e);
    })
    .sort((a, b) => b.path!.length - a.path!.length);
  return prefixes[0]?.backend.service;
}

t.test('Ingress: the public verification surfaces go straight to verification, the rest to the gateway (ADR 0009)', async (t) => {
  const ingresses = ofKind<{ spec?: Parameters<typeof ingressBackend>[0]['spec'] }>('Ingress');
  t.equal(ingresses.length, 1, 'one Ingress');
  const ingress = ingresses[0]!;
  const cases: Array<[string, 'verification' | 'gateway']> = [
    ['/api/verify/CRD-0000000000AB', 'verification'],
    ['/api/verify/baked', 'verification'],
    ['/api/verify/credential', 'verification'],
    ['/verify/CRD-0000000000AB', 'verification'],
    ['/verify-lookup', 'verification'],
    ['/issuers/acme/did.json', 'verification'],
    ['/issuers/acme/status/1', 'verification'],
    ['/achievements/acme/badge', 'verification'],
    ['/credentials/CRD-0000000000AB/ob3', 'verification'],
    ['/o/acme', 'verification'],
    // Shared by method with the gateway: the gateway passes their GETs on.
    ['/claim/CRD-0000000000AB', 'gateway'],
    ['/api/credentials/CRD-0000000000AB/baked', 'gateway'],
    ['/api/v1/credentials', 'gateway'],
    ['/api/verifyx', 'gateway'],
    ['/verifying', 'gateway'],
    ['/issuersx', 'gateway'],
    ['/', 'gateway'],
    ['/healthz', 'gateway'],
  ];
  for (const [path, want] of cases) {
    const backend = ingressBackend(ingress, path);
    t.equal(backend?.name, want, `${path} -> ${want}`);
    // Every path sent to verification is one the gateway would also hand to verification.
    if (want === 'verification') t.ok(isPublicVerificationRequest('GET', path), `${path} is a public verification path`);
    const svc = services.find((x) => x.metadata?.name === backend?.name);
    const port = svc?.spec?.ports?.find((p) => p.name === backend?.port?.name);
    t.ok(port, `${path}: the Service ${backend?.name} has the port ${backend?.port?.name}`);
    t.equal(port?.port, want === 'verification' ? DEFAULT_PORTS.verification.http : DEFAULT_PORTS.gateway.http);
  }
  // Reached directly, verification derives the client as the gateway does (one proxy hop).
  const config = configMaps.find((c) => c.metadata?.name === 'credentials-config');
  t.equal(config?.data?.TRUST_PROXY, '1', 'both backends trust the Ingress controller as one hop');
  t.ok(config?.data?.RATE_LIMIT_IP_PER_MINUTE, 'verification gets the per-IP limit from the shared ConfigMap');
});

t.test('NetworkPolicies: default deny, only issuance reaches signing, legitimate flows open', async (t) => {
  t.ok(
    policies.some((p) => Object.keys(p.spec?.podSelector ?? {}).length === 0 && p.spec?.policyTypes?.includes('Ingress') && !p.spec.ingress?.length),
    'a default-deny ingress policy selects every pod',
  );
  const job = byName(jobs, 'migrate');
  const sources: Record<string, Pod> = Object.fromEntries(SERVICES.map((s) => [s, podOf(s)]));
  sources.migrate = { namespace: NAMESPACE, labels: { ...(job?.spec?.template.metadata?.labels ?? {}) } };
  sources['unlabelled pod'] = { namespace: NAMESPACE, labels: {} };
  sources['pod labelled issuance in another namespace'] = { namespace: 'default', labels: podOf('issuance').labels };
  sources.prometheus = { namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' } };
  sources['ingress controller'] = { namespace: 'ingress-nginx', labels: { 'app.kubernetes.io/name': 'ingress-nginx' } };

  const signingGrpc = DEFAULT_PORTS.signing.grpc;
  const reachSigning = Object.entries(sources)
    .filter(([, pod]) => allowed(policies, pod, podOf('signing'), signingGrpc))
    .map(([name]) => name);
  t.same(reachSigning, ['issuance'], `only issuance reaches signing:${signingGrpc}`);

  const flows: [string, ServiceName, number, boolean][] = [
    ['ingress controller', 'gateway', DEFAULT_PORTS.gateway.http, true],
    // The public surfaces go straight to verification (ADR 0009); its gRPC stays internal.
    ['ingress controller', 'verification', DEFAULT_PORTS.verification.http, true],
    ['ingress controller', 'verification', DEFAULT_PORTS.verification.grpc, false],
    ['unlabelled pod', 'verification', DEFAULT_PORTS.verification.http, false],
    ['gateway', 'accounts', DEFAULT_PORTS.accounts.grpc, true],
    ['gateway', 'issuance', DEFAULT_PORTS.issuance.grpc, true],
    ['gateway', 'verification', DEFAULT_PORTS.verification.grpc, true],
    ['gateway', 'verification', DEFAULT_PORTS.verification.http, true],
    ['gateway', 'notification', DEFAULT_PORTS.notification.grpc, true],
    ['gateway', 'billing', DEFAULT_PORTS.billing.grpc, true],
    ['issuance', 'accounts', DEFAULT_PORTS.accounts.grpc, true],
    ['billing', 'accounts', DEFAULT_PORTS.accounts.grpc, true],
    ['gateway', 'signing', DEFAULT_PORTS.signing.grpc, false],
    // A private credential's owner: verification checks the session with accounts (GetSession).
    ['verification', 'accounts', DEFAULT_PORTS.accounts.grpc, true],
    ['notification', 'issuance', DEFAULT_PORTS.issuance.grpc, true],
    ['verification', 'issuance', DEFAULT_PORTS.issuance.grpc, true],
    // An organization's current plan before a webhook registration, ping or replay.
    ['notification', 'accounts', DEFAULT_PORTS.accounts.grpc, true],
    ['notification', 'signing', DEFAULT_PORTS.signing.grpc, false],
    ['unlabelled pod', 'gateway', DEFAULT_PORTS.gateway.http, false],
    ['prometheus', 'signing', DEFAULT_PORTS.signing.grpc, false],
    ['prometheus', 'gateway', DEFAULT_PORTS.gateway.http, false],
  ];
  for (const svc of SERVICES) flows.push(['prometheus', svc, DEFAULT_PORTS[svc].ops, true]);
  for (const [from, to, port, expected] of flows) {
    const src = sources[from];
    t.equal(src && allowed(policies, src, podOf(to), port), expected, `${from} -> ${to}:${port} ${expected ? 'allowed' : 'denied'}`);
  }

  // The evaluator can fail: an allow-all policy on signing must open it to everyone.
  const leaky: INetworkPolicy = {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: 'leaky' },
    spec: { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'signing' } }, policyTypes: ['Ingress'], ingress: [{}] },
  };
  const gatewayPod = sources.gateway;
  t.ok(gatewayPod && allowed([...policies, leaky], gatewayPod, podOf('signing'), signingGrpc), 'an allow-all policy would be caught');
});

t.test('NetworkPolicies: each gRPC port admits exactly the callers the RPC allow-list names (ADR 0014)', async (t) => {
  for (const server of Object.keys(RPC_ALLOW_LIST) as RpcServerName[]) {
    const port = DEFAULT_PORTS[server].grpc;
    const reach = SERVICES.filter((from) => from !== server && allowed(policies, podOf(from), podOf(server), port));
    t.same(reach, callersOf(server), `${server}:${port} is reached by ${callersOf(server).join(', ')} and no other service`);
  }
  // verification and notification parse what others send: only what they call is open to them.
  for (const from of ['verification', 'notification'] as const) {
    const reach = SERVICES.filter((to) => to !== from && to !== 'gateway' && allowed(policies, podOf(from), podOf(to), DEFAULT_PORTS[to].grpc));
    t.same(reach, ['accounts', 'issuance'], `${from} reaches the gRPC of accounts and issuance only`);
  }
  // The check can fail: a policy opening verification's gRPC to notification would be caught.
  const wider: INetworkPolicy = {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: 'wider' },
    spec: {
      podSelector: { matchLabels: { 'app.kubernetes.io/name': 'verification' } },
      policyTypes: ['Ingress'],
      ingress: [{ from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'notification' } } }] }],
    },
  };
  t.ok(allowed([...policies, wider], podOf('notification'), podOf('verification'), DEFAULT_PORTS.verification.grpc), 'a wider policy would be caught');
});

t.test('gRPC servers listen on every interface in k8s and compose (GRPC_HOST), on 127.0.0.1 unless told otherwise', async (t) => {
  for (const server of Object.keys(RPC_ALLOW_LIST) as RpcServerName[]) {
    const c = containerOf(byName(deployments, server)?.spec?.template, server);
    t.equal(c && resolveEnv(c).values.get('GRPC_HOST')?.value, '0.0.0.0', `${server}: k8s GRPC_HOST`);
    const composed = composeEnv(compose.services[server] ?? {}).env;
    t.equal(composed.GRPC_HOST, '0.0.0.0', `${server}: compose GRPC_HOST`);
    const unset = CONFIGS[server].loadConfig({ ...composed, GRPC_HOST: undefined }) as { GRPC_HOST: string };
    t.equal(unset.GRPC_HOST, '127.0.0.1', `${server}: loopback by default`);
  }
});

t.test('docker-compose.yml: every development secret it publishes is refused away from this machine', async (t) => {
  const text = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
  const defaults = [...text.matchAll(/\$\{([A-Z_]*(?:SECRET|TOKEN|KEY)[A-Z_]*):-([^}]+)\}/g)].map((m) => ({ name: m[1]!, value: m[2]! }));
  t.ok(defaults.length >= 5, `${defaults.length} secret defaults found`);
  const publicKeys = defaults.filter((d) => d.name.includes('PUBLIC'));
  t.same(publicKeys.map((d) => d.name), ['RPC_PUBLIC_KEYS', 'SESSION_PUBLIC_KEYS', 'SESSION_PUBLIC_KEYS'], 'public keys (not secrets): every gRPC server\'s, then the gateway\'s and verification\'s');
  const seed = defaults.find((d) => d.name === 'SESSION_SIGNING_KEY')?.value ?? '';
  for (const d of publicKeys.filter((x) => x.name === 'SESSION_PUBLIC_KEYS')) t.equal(d.value, sessionPublicKeyOf(seed), `${d.name} is the public half of the compose session seed`);
  const rpcSeeds = Object.fromEntries(defaults.filter((d) => d.name.startsWith('RPC_IDENTITY_KEY_')).map((d) => [d.name, d.value]));
  t.same(Object.keys(rpcSeeds).sort(), RPC_CALLERS.map(rpcIdentityKeyVariable).sort(), 'one RPC identity seed per calling service');
  t.equal(publicKeys[0]?.value, rpcPublicKeysOf(rpcSeeds), 'RPC_PUBLIC_KEYS holds the public halves of the compose RPC identity seeds');
  for (const d of defaults.filter((x) => !publicKeys.includes(x))) t.ok(PUBLISHED_DEVELOPMENT_SECRETS.has(d.value), `${d.name}'s compose default is a known published value`);
});

t.test('docker-compose.yml: services, healthchecks, dependencies', async (t) => {
  const names = Object.keys(compose.services);
  for (const name of [...SERVICES, 'postgres', 'redis', 'rabbitmq', 'mailpit', 'migrate']) t.ok(names.includes(name), `has ${name}`);
  t.equal(compose.services.postgres?.image, 'postgres:15');
  t.equal(compose.services.redis?.image, 'redis:7');
  t.equal(compose.services.rabbitmq?.image, 'rabbitmq:3.10-management');
  t.match(compose.services.mailpit?.image ?? '', /^axllent\/mailpit/);
  t.ok(compose.services.mailpit?.ports?.includes('8025:8025'), 'mailpit UI on 8025');
  t.ok(compose.services.gateway?.ports?.includes(`${DEFAULT_PORTS.gateway.http}:${DEFAULT_PORTS.gateway.http}`), 'gateway on 8080');
  for (const name of ['postgres', 'redis', 'rabbitmq', 'mailpit']) t.ok(compose.services[name]?.healthcheck?.test, `${name} has a healthcheck`);

  const migrate = compose.services.migrate;
  t.equal(migrate?.build?.target, 'migrate', 'migrate builds the migrate stage');
  t.equal(migrate?.depends_on?.postgres?.condition, 'service_healthy', 'migrate waits for postgres');
  t.ok(migrate?.environment?.DATABASE_URL, 'migrate gets DATABASE_URL');

  // Every service waits, directly or through another service, for the migrations.
  const waitsForMigrations = (name: string, seen = new Set<string>()): boolean => {
    if (seen.has(name)) return false;
    seen.add(name);
    const deps = compose.services[name]?.depends_on ?? {};
    if (deps.migrate?.condition === 'service_completed_successfully') return true;
    return Object.keys(deps).some((d) => waitsForMigrations(d, seen));
  };
  for (const svc of SERVICES) {
    const s = compose.services[svc];
    t.ok(s?.healthcheck?.test, `${svc} has a healthcheck`);
    t.equal(s?.build?.target, 'service', `${svc} builds the service stage`);
    t.equal(s?.build?.args?.SERVICE, svc, `${svc} passes SERVICE=${svc}`);
    t.ok(waitsForMigrations(svc), `${svc} starts after the migrations`);
    for (const [dep, cond] of Object.entries(s?.depends_on ?? {})) {
      t.ok(names.includes(dep), `${svc} depends on an existing service (${dep})`);
      t.ok(cond.condition, `${svc} -> ${dep} has a condition`);
    }
  }
});

for (const svc of SERVICES) {
  t.test(`${svc}: compose environment and ports`, async (t) => {
    const { env, problems } = composeEnv(compose.services[svc] ?? {});
    t.same(problems, [], 'every ${VAR} has a development default');
    const missing = CONFIGS[svc].ENV_VARS.filter((name) => !Object.hasOwn(env, name) && !LAUNCHER_ONLY_ENV.includes(name));
    t.same(missing, [], 'every ENV_VARS entry is provided (but the launcher-only ones of the one-machine edge)');
    for (const [name, port] of Object.entries(PORT_ENV(svc))) t.equal(env[name], String(port), `${name} = ${port}`);
    for (const name of CONFIGS[svc].ENV_VARS) {
      const problem = addressProblem(name, env[name] ?? '');
      t.notOk(problem, `${name} points at the right service`, { problem });
    }
    t.doesNotThrow(() => CONFIGS[svc].loadConfig(env), 'loadConfig accepts the compose environment');
  });
}

t.test('Dockerfile: stages, user, signals, ports, healthcheck', async (t) => {
  for (const target of new Set(Object.values(compose.services).map((s) => s.build?.target).filter((x): x is string => !!x))) {
    t.ok(stages.includes(target), `stage ${target} (used by compose) exists`);
  }
  t.equal(stages.at(-1), 'service', 'the default (last) stage is the service image');
  t.match(dockerfile, /^FROM\s+\$\{NODE_IMAGE\}|^FROM\s+node:20-bookworm-slim/m, 'node base');
  t.match(dockerfile, /^ARG NODE_IMAGE=node:20-bookworm-slim$/m, 'node:20-bookworm-slim');
  const pnpmVersion = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { packageManager: string }).packageManager.replace(/^pnpm@/, '');
  t.match(dockerfile, new RegExp(`^ARG PNPM_VERSION=${pnpmVersion.replace(/\./g, '\\.')}$`, 'm'), `pnpm ${pnpmVersion}, as packageManager says`);
  t.match(stageBody('fetch'), /pnpm fetch/, 'pnpm fetch');
  t.match(stageBody('build'), /pnpm install --offline --frozen-lockfile/, 'offline install');
  t.match(stageBody('deploy'), /deploy --prod --legacy/, 'pnpm deploy --prod');
  for (const stage of ['service', 'migrate']) {
    const body = stageBody(stage);
    t.match(body, /^USER (\d+)(:\d+)?\s*$/m, `${stage}: numeric USER`);
    t.notMatch(body, /^USER 0\b|^USER root\b/m, `${stage}: not root`);
    t.match(body, /NODE_ENV=production/, `${stage}: NODE_ENV=production`);
  }
  const service = stageBody('service');
  t.match(service, /^ARG SERVICE$/m, 'ARG SERVICE');
  t.match(service, /CMD \["node", "--single-threaded-gc", "--import", "tsx", "src\/main\.ts"\]/, 'runs src/main.ts through tsx (GC on the main thread, ADR 0005)');
  t.match(service, /HEALTHCHECK .*healthcheck\.mjs/, 'HEALTHCHECK');
  t.match(stageBody('migrate'), /CMD \["pnpm", "migrate"\]/, 'migrate runs pnpm migrate');
  t.match(stageBody('runtime-base'), /ENTRYPOINT \["\/usr\/bin\/tini", "--"\]/, 'tini is PID 1');

  const exposed = new Set<number>();
  for (const m of service.matchAll(/^EXPOSE (.+)$/gm)) {
    for (const tok of (m[1] ?? '').split(/\s+/)) {
      const [a, b] = tok.split('/')[0]?.split('-').map(Number) ?? [];
      if (a === undefined || Number.isNaN(a)) continue;
      for (let p = a; p <= (b ?? a); p++) exposed.add(p);
    }
  }
  for (const svc of SERVICES) {
    for (const port of Object.values(portsOf(svc))) t.ok(exposed.has(port), `EXPOSE covers ${svc} ${port}`);
  }

  // The container healthcheck knows each service's ops port without tsx.
  const hc = readFileSync(join(ROOT, 'infra/docker/healthcheck.mjs'), 'utf8');
  for (const svc of SERVICES) t.match(hc, new RegExp(`^\\s+${svc}: ${DEFAULT_PORTS[svc].ops},$`, 'm'), `healthcheck.mjs: ${svc} ops ${DEFAULT_PORTS[svc].ops}`);

  const ignore = readFileSync(join(ROOT, '.dockerignore'), 'utf8');
  for (const line of ['**/node_modules', '.git', '.env']) t.ok(ignore.split('\n').includes(line), `.dockerignore keeps ${line} out`);
});
