import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Forces the broker to close every connection whose name contains `nameFragment` — the same
 * server-side close `rabbitmqctl close_all_connections` performs, limited to one test's
 * platform so other test files running beside it keep their connections.
 */
export async function dropBrokerConnections(nameFragment: string): Promise<number> {
  const { stdout } = await run('rabbitmqctl', ['-q', 'list_connections', 'pid', 'client_properties']);
  const pids = stdout
    .split('\n')
    .filter((line) => line.includes('"connection_name"') && line.includes(nameFragment))
    .map((line) => line.split('\t')[0]!)
    .filter(Boolean);
  for (const pid of pids) await run('rabbitmqctl', ['close_connection', pid, 'test: broker connections dropped']);
  return pids.length;
}

/** What removing a run's topology needs of a broker connection (the one @cred/events opens). */
interface ChannelSource {
  current(): { createChannel(): Promise<TopologyChannel> } | null | undefined;
}

interface TopologyChannel {
  deleteQueue(name: string): Promise<unknown>;
  deleteExchange(name: string): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * Quorum queues outlive their consumers: removes a test run's queues `<exchange>.<consumer>`
 * (each with its `.retry` and `.dlq`) and the exchange with its dead-letter exchange. A name
 * already gone, or a connection that is down, is not an error: this is teardown.
 */
export async function removeRunTopology(broker: ChannelSource, exchange: string, consumers: readonly string[]): Promise<void> {
  const model = broker.current();
  if (!model) return;
  const ch = await model.createChannel().catch(() => undefined);
  if (!ch) return;
  for (const consumer of consumers) {
    const q = `${exchange}.${consumer}`;
    for (const name of [q, `${q}.retry`, `${q}.dlq`]) await ch.deleteQueue(name).catch(() => undefined);
  }
  await ch.deleteExchange(exchange).catch(() => undefined);
  await ch.deleteExchange(`${exchange}.dlx`).catch(() => undefined);
  await ch.close().catch(() => undefined);
}
