import { Counter, Gauge, type Registry } from '@cred/runtime';

// Several relays or consumers may share one registry (one per service); prom-client refuses
// to register a name twice, so reuse what is there.

export function counter(registry: Registry, name: string, help: string, labelNames: string[]): Counter<string> {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Counter<string>;
  return new Counter({ name, help, labelNames, registers: [registry] });
}

export function gauge(registry: Registry, name: string, help: string, labelNames: string[]): Gauge<string> {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Gauge<string>;
  return new Gauge({ name, help, labelNames, registers: [registry] });
}
