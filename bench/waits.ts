import pg from 'pg';
import { connectionStringOf, type Database } from '../server/db/database';
import { SANDBOX_APPLICATION_NAME } from '../server/sandbox';

/** What a busy connection of the product's pool can be doing when sampled. */
const CONNECTION_WAITS = ['walFlush', 'rowLock', 'node', 'running', 'other'] as const;
export type ConnectionWait = (typeof CONNECTION_WAITS)[number];

export interface WaitShares {
  /** Samples of busy connections taken while the work ran. */
  samples: number;
  /** Each wait's share of them, 0 to 1. */
  shares: Record<ConnectionWait, number>;
}

const SAMPLE_EVERY_MS = 10;

/** pg_stat_activity's wait of a busy connection, in the words of the money path's limits. */
function waitOf(state: string, waitType: string | null, waitEvent: string | null): ConnectionWait {
  if (waitType === null) return 'running';
  if (waitType === 'Lock') return 'rowLock';
  if (waitEvent === 'WALWrite' || waitEvent === 'WalSync' || waitEvent === 'WalWrite') return 'walFlush';
  // Inside a transaction, between two statements: the next one is this Node process's to send.
  if (waitType === 'Client' && state === 'idle in transaction') return 'node';
  return 'other';
}

/**
 * Runs work while sampling, every 10 ms on a connection of its own, what the product's busy
 * connections (active or inside a transaction; the sandboxes' left out) wait on: where the time of
 * a confirmation goes on the database's side.
 */
export async function waitsDuring(db: Database, work: () => Promise<void>): Promise<WaitShares> {
  const client = new pg.Client({ connectionString: connectionStringOf(db) });
  await client.connect();
  const counts = Object.fromEntries(CONNECTION_WAITS.map((wait) => [wait, 0])) as Record<ConnectionWait, number>;
  let working = true;
  const sampling = (async () => {
    while (working) {
      const { rows } = await client.query<{ state: string; wait_event_type: string | null; wait_event: string | null }>(
        `SELECT state, wait_event_type, wait_event FROM pg_stat_activity
         WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()
           AND application_name <> $1 AND state IN ('active', 'idle in transaction')`,
        [SANDBOX_APPLICATION_NAME],
      );
      for (const row of rows) counts[waitOf(row.state, row.wait_event_type, row.wait_event)] += 1;
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
  })();
  try {
    await work();
  } finally {
    working = false;
    await sampling;
    await client.end();
  }
  const samples = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const shares = Object.fromEntries(Object.entries(counts).map(([wait, count]) => [wait, samples === 0 ? 0 : count / samples])) as Record<
    ConnectionWait,
    number
  >;
  return { samples, shares };
}

/** The samples of several runs as one: each run's shares weighed by its samples. */
export function mergedWaits(runs: WaitShares[]): WaitShares {
  const samples = runs.reduce((sum, run) => sum + run.samples, 0);
  const shares = Object.fromEntries(
    CONNECTION_WAITS.map((wait) => [
      wait,
      samples === 0 ? 0 : runs.reduce((sum, run) => sum + run.shares[wait] * run.samples, 0) / samples,
    ]),
  ) as Record<ConnectionWait, number>;
  return { samples, shares };
}
