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

/** A new, migrated database on the test server; each test file gets its own. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = adminUrl();
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  const db = createDatabase(url.toString(), 20);
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
