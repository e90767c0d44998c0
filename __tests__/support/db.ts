import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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

const migrationsDir = path.join(__dirname, '../../server/db/migrations');

/** The migrations as they are now, hashed: a template migrated by other files is never used. */
function migrationsDigest(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(migrationsDir).sort()) hash.update(file).update(fs.readFileSync(path.join(migrationsDir, file)));
  return hash.digest('hex').slice(0, 16);
}

const urlOf = (admin: URL, name: string) => Object.assign(new URL(admin.toString()), { pathname: `/${name}` }).toString();

/**
 * The migrated database every test database is copied from, made once per test server and set of
 * migrations: the first worker migrates it under an advisory lock while the others wait, and it
 * takes its name only once complete, so a worker that died half-way leaves nothing to copy.
 */
async function migratedTemplate(admin: URL): Promise<string> {
  const name = `template_${migrationsDigest()}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', ['champa test template']);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await client.query(`CREATE DATABASE ${building}`);
      const db = createDatabase(urlOf(admin, building), 1);
      try {
        await migrateToLatest(db);
      } finally {
        await db.destroy();
      }
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
    return name;
  } finally {
    await client.end();
  }
}

let template: Promise<string> | undefined;

/** A new, migrated database on the test server, copied from the migrated template; each test file gets its own. */
export async function createTestDatabase(poolSize = testPoolSize()): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = adminUrl();
  template ??= migratedTemplate(admin);
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name} TEMPLATE ${await template}`);
  await client.end();
  const url = new URL(urlOf(admin, name));
  const db = createDatabase(url.toString(), poolSize);
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
