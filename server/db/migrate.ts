import fs from 'node:fs';
import path from 'node:path';
import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Database } from './database';

const migrationsDir = path.join(__dirname, 'migrations');

/** Numbered files in db/migrations, each exporting up (and down). Loaded with require so tsx and jest agree. */
const numberedFileProvider: MigrationProvider = {
  async getMigrations() {
    const migrations: Record<string, Migration> = {};
    for (const file of fs.readdirSync(migrationsDir).sort()) {
      if (!/^\d{4}_[a-z0-9_]+\.ts$/.test(file)) continue;
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      migrations[file.replace(/\.ts$/, '')] = require(path.join(migrationsDir, file)) as Migration;
    }
    return migrations;
  },
};

/** The names of the project's migrations, oldest first. */
export async function knownMigrations(): Promise<string[]> {
  return Object.keys(await numberedFileProvider.getMigrations()).sort();
}

export async function migrateToLatest(db: Database): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateToLatest());
}

/**
 * Runs the migrations up to and including `name`, and none after it (a restore rebuilds a dump's
 * schema this way). `inCallersTransaction`: `db` sends its statements inside a transaction the
 * caller opened, which the migrator must neither open again nor commit.
 */
export async function migrateTo(db: Database, name: string, { inCallersTransaction = false } = {}): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateTo(name), inCallersTransaction);
}

async function migrate(
  db: Database,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
  inCallersTransaction = false,
): Promise<void> {
  const migrator = new Migrator({ db, provider: numberedFileProvider, disableTransactions: inCallersTransaction });
  const { error, results } = await run(migrator);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
