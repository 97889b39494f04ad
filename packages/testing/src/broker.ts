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
