// CPU time per operation, per process, over a measured run: where the cores went. Linux only
// (/proc/<pid>/stat utime + stime, all threads of the process); elsewhere it reports nothing.
// Beside it, the context switches of the process's threads (voluntary and involuntary, from
// /proc/<pid>/task/*/status): how often each process went to sleep or was preempted per operation,
// the wake-ups that CPU time alone does not show.
// PostgreSQL backends are found through pg_stat_activity (the benchmark's own database apart
// from the server's background processes); RabbitMQ and Redis are shared with anything else
// running on the machine, so their lines say so.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import pg from 'pg';

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system) of one process (all threads), or undefined if it is gone. */
function cpuSeconds(pid: number): number | undefined {
  return statSeconds(`/proc/${pid}/stat`);
}

/** CPU seconds of this process's main thread (the event loop; without GC and other helper threads). */
export function mainThreadCpuSeconds(): number | undefined {
  return statSeconds(`/proc/self/task/${process.pid}/stat`);
}

/** Context switches (voluntary + involuntary) of every thread of a process, or undefined if it is gone. */
function contextSwitches(pid: number): number | undefined {
  try {
    let total = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        const status = readFileSync(`/proc/${pid}/task/${task}/status`, 'utf8');
        for (const m of status.matchAll(/^(?:non)?voluntary_ctxt_switches:\s+(\d+)$/gm)) total += Number(m[1]);
      } catch {
        // the thread ended meanwhile
      }
    }
    return total;
  } catch {
    return undefined;
  }
}

function statSeconds(path: string): number | undefined {
  try {
    const stat = readFileSync(path, 'utf8');
    // The command name (field 2) may contain spaces; fields after the closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

function pidsByCommand(command: string): number[] {
  const out: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === command) out.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

export interface CpuGroup {
  label: string;
  /** Processes of the group at the time of the snapshot. */
  pids: () => Promise<number[]> | number[];
}

type Snapshot = Map<string, Map<number, { cpu: number; switches: number }>>;

export interface CpuLine {
  label: string;
  seconds: number;
  /** Context switches of the group's threads in the window. */
  switches: number;
}

export interface CpuReport {
  lines: CpuLine[];
  totalSeconds: number;
  wallSeconds: number;
}

/**
 * PostgreSQL processes: the backends of one database by the connection's application_name (our
 * services name their connections after their schema), its autovacuum workers, and the
 * server's background processes (shared with every other database).
 */
export function postgresGroups(
  databaseUrl: string,
  applications: readonly string[],
): { groups: CpuGroup[]; close: () => Promise<void>; count: (table: string) => Promise<number> } {
  const client = new pg.Client({ connectionString: databaseUrl });
  const connected = client.connect().then(() => client);
  type Row = { pid: number; own: boolean; application: string; backend: string };
  const activity = async (): Promise<Row[]> => {
    const c = await connected;
    const r = await c.query<Row>(
      `select pid, (datname = current_database()) as own, application_name as application, backend_type as backend
         from pg_stat_activity where pid <> pg_backend_pid() and (datname = current_database() or datname is null)`,
    );
    return r.rows;
  };
  const known = new Set(applications);
  const ownClient = (r: Row) => r.own && r.backend === 'client backend';
  return {
    groups: [
      ...applications.map((app) => ({
        label: `postgres backends of ${app}`,
        pids: async () => (await activity()).filter((r) => ownClient(r) && r.application === app).map((r) => r.pid),
      })),
      {
        label: 'postgres backends, other (this database)',
        pids: async () => (await activity()).filter((r) => r.own && !(ownClient(r) && known.has(r.application))).map((r) => r.pid),
      },
      {
        label: 'postgres background (WAL writer, checkpointer...; shared)',
        pids: async () => (await activity()).filter((r) => !r.own).map((r) => r.pid),
      },
    ],
    close: () => client.end().catch(() => undefined),
    /** Rows of a table of the database (`schema.table`, trusted input). */
    count: async (table: string) =>
      Number((await (await connected).query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]?.n ?? 0),
  };
}

export function commandGroup(label: string, command: string): CpuGroup {
  return { label, pids: () => pidsByCommand(command) };
}

/**
 * Takes a snapshot now; `finish()` takes the second one and reports the CPU seconds each
 * group used in between. A process that appeared meanwhile counts from zero (its whole life
 * is inside the window); one that exited meanwhile is lost, which only undercounts.
 */
export async function startCpuAccounting(groups: CpuGroup[]): Promise<{ finish: () => Promise<CpuReport> }> {
  const snap = async (): Promise<Snapshot> => {
    const s: Snapshot = new Map();
    for (const g of groups) {
      const m = new Map<number, { cpu: number; switches: number }>();
      for (const pid of await g.pids()) {
        const cpu = cpuSeconds(pid);
        if (cpu !== undefined) m.set(pid, { cpu, switches: contextSwitches(pid) ?? 0 });
      }
      s.set(g.label, m);
    }
    return s;
  };
  const started = performance.now();
  const before = await snap();
  return {
    async finish() {
      const after = await snap();
      const wallSeconds = (performance.now() - started) / 1000;
      const lines: CpuLine[] = [];
      for (const g of groups) {
        const b = before.get(g.label)!;
        let seconds = 0;
        let switches = 0;
        for (const [pid, now] of after.get(g.label)!) {
          const then = b.get(pid);
          seconds += now.cpu - (then?.cpu ?? 0);
          switches += now.switches - (then?.switches ?? 0);
        }
        lines.push({ label: g.label, seconds, switches });
      }
      return { lines, totalSeconds: lines.reduce((s, l) => s + l.seconds, 0), wallSeconds };
    },
  };
}

/**
 * Lines for the benchmark output: ms of CPU per operation by process during the run, and (when
 * given) until a later snapshot, which adds the work the run left behind (event consumers
 * draining their queues).
 */
export function formatCpuReport(report: CpuReport, operations: number, cores: number, what: string, drained?: CpuReport): string[] {
  const perOp = (s: number) => ((s * 1000) / operations).toFixed(2).padStart(7);
  const share = (s: number) => `${((s / report.totalSeconds) * 100).toFixed(0).padStart(3)}%`;
  const drainedOf = (label: string) => drained?.lines.find((l) => l.label === label)?.seconds;
  const switchesPerOp = (n: number) => `${(n / operations).toFixed(1).padStart(6)} cs`;
  const header = `CPU ms per ${what} by process (${operations} ${what}s, ${report.wallSeconds.toFixed(1)} s wall, ${cores} cores)`;
  const out = [
    drained
      ? `${header}; in the run, then until ${(drained.wallSeconds - report.wallSeconds).toFixed(0)} s later (backlog drained); last, context switches per ${what} in the run:`
      : `${header}; last, context switches per ${what}:`,
  ];
  for (const l of [...report.lines].sort((a, b) => b.seconds - a.seconds)) {
    const d = drainedOf(l.label);
    out.push(
      `  ${l.label.padEnd(58)} ${perOp(l.seconds)} ms  ${share(l.seconds)}${d === undefined ? '' : `   ${perOp(d)} ms`}  ${switchesPerOp(l.switches)}`,
    );
  }
  const totalSwitches = report.lines.reduce((s, l) => s + l.switches, 0);
  out.push(
    `  ${'total'.padEnd(58)} ${perOp(report.totalSeconds)} ms${drained ? `        ${perOp(drained.totalSeconds)} ms` : '      '}  ${switchesPerOp(totalSwitches)}`,
  );
  const busy = report.totalSeconds / (report.wallSeconds * cores);
  out.push(
    `  during the run these processes kept ${(busy * 100).toFixed(0)}% of the ${cores} cores busy (the rest: idle or other work on the machine)`,
  );
  return out;
}
