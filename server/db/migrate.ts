import fs from 'node:fs';
import path from 'node:path';
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
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

export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = new Migrator({ db, provider: numberedFileProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
