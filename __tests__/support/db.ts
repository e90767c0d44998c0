import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';

export interface TestDatabase {
  db: Database;
  url: string;
  drop(): Promise<void>;
}

function adminUrl(): URL {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the tests through jest (globalSetup starts PostgreSQL)');
  return new URL(url);
}

/** The size of the product's pools in a test: PG_POOL_SIZE (the server project's setup makes it 1), else 20. */
export function testPoolSize(): number {
  return process.env.PG_POOL_SIZE ? Number(process.env.PG_POOL_SIZE) : 20;
}

/** Connections enough for every transaction of a race to be open at once. */
export const RACING_POOL_SIZE = 20;

/**
 * Runs `race` on a pool of its own on the test database, so the transactions it starts race inside
 * PostgreSQL: on a pool of one they would queue for the connection, and a missing lock go unseen.
 */
export async function racingOn<T>(test: TestDatabase, race: (db: Database) => Promise<T>): Promise<T> {
  const db = createDatabase(test.url, RACING_POOL_SIZE);
  try {
    return await race(db);
  } finally {
    await db.destroy();
  }
}

/** A new, migrated database on the test server; each test file gets its own. */
export async function createTestDatabase(poolSize = testPoolSize()): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = adminUrl();
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  const db = createDatabase(url.toString(), poolSize);
  await migrateToLatest(db);
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.destroy();
      const dropper = new pg.Client({ connectionString: admin.toString() });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
