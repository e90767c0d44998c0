import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';
import { defaultPoolSize } from '../config';

// bigint columns (money in satang and kip) come back as strings; callers convert with BigInt.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

export type Database = Kysely<DB>;

const PREPARED = '/* prepared */';

/**
 * Starts a statement's text so the pool prepares it once per connection: after its first time on a
 * connection, PostgreSQL skips parsing and planning it. The statement is named after its text, so
 * mark only texts fixed at their call site (values as parameters, a list of a known length): each
 * distinct text stays prepared on each connection for the connection's life.
 */
export const prepared = sql.raw(PREPARED);

/** The name of each marked text, worked out once. */
const preparedNames = new Map<string, string>();

function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (name === undefined) {
    name = `p${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    preparedNames.set(text, name);
  }
  return name;
}

/** A pg client that sends statements marked by `prepared` as named prepared statements. */
class PreparingClient extends pg.Client {
  // pg's query has many overloads; this one only looks at a (text, values) call and passes everything on.
  override query(...args: unknown[]): never {
    const [text, values] = args;
    const query = super.query.bind(this) as (...callArgs: unknown[]) => never;
    return typeof text === 'string' && text.startsWith(PREPARED) ? query({ name: preparedName(text), text, values }) : query(...args);
  }
}

const connectionStrings = new WeakMap<Database, string>();

export interface PoolOptions {
  /** Names the pool's connections in PostgreSQL (pg_stat_activity) and to a statement counter. */
  applicationName?: string;
  /**
   * Commits answer before their WAL reaches the disk: a crash of the database may lose the last
   * moment's commits, never half of one. Only for books that are no record of the agency's money.
   */
  asynchronousCommit?: boolean;
  /** Hears what ends an idle connection (the embedded server's supervision reads a shutdown in it). */
  onIdleError?: (error: Error) => void;
}

export function createDatabase(
  connectionString: string,
  max = defaultPoolSize(),
  { applicationName, asynchronousCommit = false, onIdleError }: PoolOptions = {},
): Database {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 5000,
    Client: PreparingClient,
    ...(applicationName === undefined ? {} : { application_name: applicationName }),
    ...(asynchronousCommit ? { options: '-c synchronous_commit=off' } : {}),
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', (error) => onIdleError?.(error));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  connectionStrings.set(db, connectionString);
  return db;
}

/** Where the database's pool connects, for a connection of its own outside the pool (LISTEN holds one for good). */
export function connectionStringOf(db: Database): string {
  const connectionString = connectionStrings.get(db);
  if (!connectionString) throw new Error('this database was not made by createDatabase');
  return connectionString;
}
