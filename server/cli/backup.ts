import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig, projectRoot, type Config } from '../config';
import { embeddedDatabaseUrl, startEmbeddedPostgres } from '../db/embedded';
import { BackupError, backupDatabase, inspectBackup, otherSessions, restoreDatabase, type BackupHeader } from '../db/backup';

/**
 * `npm run backup -- [--dir backups]`: a consistent dump of the database while the site serves.
 * `npm run restore -- <file> [--yes]`: puts a dump back into a stopped instance.
 * Both use DATABASE_URL when set, else the embedded PostgreSQL of PG_DATA_DIR (docs/product.md, "Backups and restore").
 */

const out = (line: string) => console.log(`[champa] ${line}`);

/** A database URL without its password, for messages. */
function described(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const postmasterPid = (config: Config) => path.join(config.pgDataDir, 'postmaster.pid');

/**
 * Runs `work` on the database: DATABASE_URL, else the embedded server the running site started,
 * else the embedded server started here on the data directory and stopped afterwards.
 */
async function withDatabase<T>(config: Config, running: 'use' | 'refuse', work: (url: string) => Promise<T>): Promise<T> {
  if (config.databaseUrl) return work(config.databaseUrl);
  const url = embeddedDatabaseUrl(config.embeddedPgPort);
  if (running === 'use' && (await answers(url))) return work(url);
  if (fs.existsSync(postmasterPid(config))) {
    throw new BackupError(
      `a PostgreSQL server is running on ${config.pgDataDir} (its postmaster.pid exists)` +
        (running === 'refuse' ? ': stop the site first' : ` but does not answer on port ${config.embeddedPgPort}`) +
        '; if none runs, the file is left from a crash: the next `npm start` clears it',
    );
  }
  if (running === 'use' && !fs.existsSync(path.join(config.pgDataDir, 'PG_VERSION'))) {
    throw new BackupError(`no database in ${config.pgDataDir}: nothing to back up`);
  }
  out(`starting embedded PostgreSQL on ${config.pgDataDir} (the site is not running)`);
  const embedded = await startEmbeddedPostgres(config.pgDataDir, config.embeddedPgPort);
  try {
    return await work(embedded.url);
  } finally {
    await embedded.stop();
  }
}

function describeHeader(header: BackupHeader): string[] {
  const total = header.tables.reduce((sum, table) => sum + table.rows, 0);
  return [
    `taken ${header.createdAt}, schema at migration ${header.migrations[header.migrations.length - 1]} (${header.migrations.length} migrations)`,
    `${total} rows in ${header.tables.length} tables:`,
    ...header.tables.map((table) => `  ${table.name.padEnd(32)} ${table.rows}`),
  ];
}

async function backup(args: string[]) {
  const { values } = parseArgs({ args, options: { dir: { type: 'string', default: 'backups' } }, strict: true });
  const config = loadConfig();
  const directory = path.resolve(projectRoot, values.dir);
  const { file, header } = await withDatabase(config, 'use', (url) => {
    out(`backing up ${described(url)}`);
    return backupDatabase(url, directory);
  });
  const relative = path.relative(process.cwd(), file);
  out(`wrote ${relative.startsWith('..') ? file : relative}`);
  for (const line of describeHeader(header)) out(line);
}

async function siteAnswers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

async function confirmed(question: string): Promise<boolean> {
  const prompt = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await prompt.question(question)).trim() === 'restore';
  } finally {
    prompt.close();
  }
}

async function restore(args: string[]) {
  const { values, positionals } = parseArgs({ args, options: { yes: { type: 'boolean', default: false } }, allowPositionals: true });
  if (positionals.length !== 1) throw new BackupError('usage: npm run restore -- <backup file> [--yes]');
  const file = path.resolve(process.cwd(), positionals[0]);
  const config = loadConfig();

  // The whole file is read and checked before anything else is touched.
  const header = await inspectBackup(file);
  out(`${positionals[0]}:`);
  for (const line of describeHeader(header)) out(line);

  if (await siteAnswers(config.port)) throw new BackupError(`the site answers on port ${config.port}: stop it before restoring`);
  const target = config.databaseUrl ? described(config.databaseUrl) : `the embedded database in ${config.pgDataDir}`;
  if (config.databaseUrl && (await otherSessions(config.databaseUrl)) > 0) {
    throw new BackupError(`${target} has other sessions open (a site still running on it?): stop them before restoring`);
  }
  if (fs.existsSync(postmasterPid(config)) && !config.databaseUrl) {
    throw new BackupError(`a PostgreSQL server is running on ${config.pgDataDir} (its postmaster.pid exists): stop the site first`);
  }
  if (!values.yes && !(await confirmed(`This replaces EVERY record in ${target} with this backup. Type "restore" to go on: `))) {
    throw new BackupError('not restored: nothing changed');
  }
  const { counts } = await withDatabase(config, 'refuse', (url) =>
    restoreDatabase(url, file).catch((error: unknown) => {
      // The restore is one transaction: whatever stopped it, the database is as it was.
      throw new BackupError(`not restored, nothing changed: ${error instanceof Error ? error.message : String(error)}`);
    }),
  );
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  out(`restored ${total} rows in ${Object.keys(counts).length} tables into ${target}; every table's count matches the backup`);
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'backup') return backup(args);
  if (command === 'restore') return restore(args);
  throw new BackupError('usage: tsx server/cli/backup.ts backup [--dir backups] | restore <file> [--yes]');
}

main().catch((error) => {
  const message = error instanceof BackupError ? error.message : error instanceof Error ? error.message : String(error);
  console.error(`[champa] ${error instanceof BackupError ? '' : 'failed: '}${message}`);
  process.exit(1);
});
