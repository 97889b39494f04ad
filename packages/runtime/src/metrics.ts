import { Registry, collectDefaultMetrics, Counter, Histogram, Gauge } from 'prom-client';

export { Registry, Counter, Histogram, Gauge };

/** A per-service metrics registry (not the global one, so tests can run several services in one process). */
export function createMetricsRegistry(service: string, collectDefaults = true): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  if (collectDefaults) collectDefaultMetrics({ register: registry });
  return registry;
}
