import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

// bigint columns (money in satang and kip) come back as strings; callers convert with BigInt.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

export type Database = Kysely<DB>;

const connectionStrings = new WeakMap<Database, string>();

export function createDatabase(connectionString: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
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
