import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database';
import type { DB } from './schema';
import { knownMigrations, migrateTo } from './migrate';
import { loadedWithTriggersOff } from './restoreTriggers';

/**
 * A logical backup of the database in Node (the embedded server ships no pg_dump): every table of
 * the schema read in one REPEATABLE READ, READ ONLY transaction, so the file is one snapshot taken
 * while the site keeps writing. Every value travels as PostgreSQL's own text form (`::text` out,
 * `::type` back in), so bigint, numeric, timestamps, jsonb and bytea come back exactly.
 *
 * The file is gzipped JSON lines: a header (format, version, time, migrations, tables with their
 * columns and row counts), then per table a `{"table": ...}` line followed by one JSON array of
 * text-or-null values per row, and a last `{"end": true}` line, so a truncated file is noticed.
 */

export const BACKUP_FORMAT = 'champa-backup';
export const BACKUP_VERSION = 1;
const MIGRATION_TABLE = 'kysely_migration';
/** The migrator's lock row is recreated by the migrations themselves; it is no data. */
const SKIPPED_TABLES = new Set(['kysely_migration_lock']);
const BATCH_ROWS = 1000;

export interface BackupColumn {
  name: string;
  /** The column's type as format_type names it, used to cast the text back. */
  type: string;
}

export interface BackupTable {
  name: string;
  columns: BackupColumn[];
  rows: number;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The schema version: the migrations applied when the dump was taken, oldest first. */
  migrations: string[];
  tables: BackupTable[];
}

/** Bad input or a state the command will not act on: said in one line, nothing changed. */
export class BackupError extends Error {}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** Same text forms on both sides, whatever the server's defaults are. */
async function fixSessionFormats(client: pg.ClientBase) {
  await client.query(`SET LOCAL TimeZone = 'UTC'`);
  await client.query(`SET LOCAL DateStyle = 'ISO, YMD'`);
  await client.query(`SET LOCAL IntervalStyle = 'postgres'`);
  await client.query(`SET LOCAL extra_float_digits = 3`);
  await client.query(`SET LOCAL bytea_output = 'hex'`);
}

/** The ordinary tables of the current schema with their stored (not generated) columns. */
async function tablesOf(client: pg.ClientBase): Promise<{ name: string; columns: BackupColumn[] }[]> {
  const { rows } = await client.query<{ table: string; column: string; type: string }>(
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_class c
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
      ORDER BY c.relname, a.attnum`,
  );
  const tables = new Map<string, BackupColumn[]>();
  for (const row of rows) {
    if (SKIPPED_TABLES.has(row.table)) continue;
    if (!tables.has(row.table)) tables.set(row.table, []);
    tables.get(row.table)!.push({ name: row.column, type: row.type });
  }
  return [...tables].map(([name, columns]) => ({ name, columns }));
}

/** Tables ordered so that every table comes after the tables its foreign keys point to. */
async function dependencyOrder(client: pg.ClientBase, names: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
       FROM pg_constraint c
      WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace AND c.conrelid <> c.confrelid`,
  );
  const unquote = (name: string) => name.replace(/^"(.*)"$/, '$1').replaceAll('""', '"');
  const parents = new Map<string, Set<string>>(names.map((name) => [name, new Set()]));
  for (const row of rows) parents.get(unquote(row.child))?.add(unquote(row.parent));
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: string[]) => {
    if (placed.has(name) || path.includes(name)) return;
    for (const parent of parents.get(name) ?? []) if (parents.has(parent)) visit(parent, [...path, name]);
    placed.add(name);
    ordered.push(name);
  };
  for (const name of [...names].sort()) visit(name, []);
  return ordered;
}

const backupFileName = (at: Date) =>
  `champa-${at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-')}.jsonl.gz`;

export interface BackupResult {
  file: string;
  header: BackupHeader;
}

/**
 * Writes a backup of the database at `databaseUrl` into `directory` (made if missing), named by
 * the UTC time it was taken; the file appears under its name only once complete.
 */
export async function backupDatabase(databaseUrl: string, directory: string, now = new Date()): Promise<BackupResult> {
  fs.mkdirSync(directory, { recursive: true });
  let file = path.join(directory, backupFileName(now));
  for (let n = 2; fs.existsSync(file); n++) file = path.join(directory, backupFileName(now).replace('.jsonl.gz', `-${n}.jsonl.gz`));
  const partial = `${file}.partial`;

  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  const gzip = zlib.createGzip();
  const output = fs.createWriteStream(partial);
  gzip.pipe(output);
  const written = once(output, 'close');
  const write = async (value: unknown) => {
    if (!gzip.write(`${JSON.stringify(value)}\n`)) await once(gzip, 'drain');
  };
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    await fixSessionFormats(client);
    const found = await tablesOf(client);
    // Parents before children, so a restore loads the file front to back.
    const tables = (
      await dependencyOrder(
        client,
        found.map((table) => table.name),
      )
    ).map((name) => found.find((table) => table.name === name)!);
    if (!tables.some((table) => table.name === MIGRATION_TABLE)) {
      throw new BackupError('this database has no Champa schema (no migrations table): nothing to back up');
    }
    const migrations = (await client.query<{ name: string }>(`SELECT name FROM ${MIGRATION_TABLE} ORDER BY name`)).rows.map(
      (row) => row.name,
    );
    const counted: BackupTable[] = [];
    for (const table of tables) {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${quote(table.name)}`);
      counted.push({ ...table, rows: Number(rows[0].n) });
    }
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      migrations,
      tables: counted,
    };
    await write(header);
    for (const table of counted) {
      await write({ table: table.name });
      const columns = table.columns.map((column) => `${quote(column.name)}::text`).join(', ');
      // Rows in a stable order (the first column is the key of every table here), read in batches.
      await client.query(`DECLARE rows NO SCROLL CURSOR FOR SELECT ${columns} FROM ${quote(table.name)} ORDER BY 1`);
      for (;;) {
        const batch = await client.query({ text: `FETCH ${BATCH_ROWS} FROM rows`, rowMode: 'array' });
        for (const row of batch.rows as (string | null)[][]) await write(row);
        if (batch.rows.length < BATCH_ROWS) break;
      }
      await client.query('CLOSE rows');
    }
    await write({ end: true });
    await client.query('COMMIT');
    gzip.end();
    await written;
    fs.renameSync(partial, file);
    return { file, header };
  } catch (error) {
    gzip.destroy();
    output.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The lines of a gzipped file; a damaged file fails the iteration with a BackupError. */
async function* linesOf(file: string): AsyncGenerator<string> {
  if (!fs.existsSync(file)) throw new BackupError(`${file}: no such file`);
  if (!fs.statSync(file).isFile()) throw new BackupError(`${file}: not a file`);
  const gunzip = zlib.createGunzip();
  const source = fs.createReadStream(file);
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  // A character's bytes may be split between two chunks: the decoder keeps the first part.
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip) {
      const text = rest + decoder.write(chunk as Buffer);
      const lines = text.split('\n');
      rest = lines.pop()!;
      yield* lines;
    }
  } catch (error) {
    throw new BackupError(`${file}: not a readable gzip file (${(error as Error).message})`);
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  rest += decoder.end();
  if (rest !== '') yield rest;
}

function parseLine(file: string, line: string, lineNumber: number): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw new BackupError(`${file}: line ${lineNumber} is not JSON: not a Champa backup, or a damaged one`);
  }
}

function checkHeader(file: string, value: unknown): BackupHeader {
  const header = value as Partial<BackupHeader> | null;
  if (typeof header !== 'object' || header === null || header.format !== BACKUP_FORMAT) {
    throw new BackupError(`${file}: not a Champa backup (no ${BACKUP_FORMAT} header)`);
  }
  if (header.version !== BACKUP_VERSION) {
    throw new BackupError(`${file}: backup format version ${String(header.version)}; this Champa reads version ${BACKUP_VERSION}`);
  }
  if (!Array.isArray(header.migrations) || !Array.isArray(header.tables) || typeof header.createdAt !== 'string') {
    throw new BackupError(`${file}: the backup's header is incomplete`);
  }
  return header as BackupHeader;
}

/** Each table's rows, in the file's order; the whole file is checked against its header. */
async function* readBackup(
  file: string,
  onHeader: (header: BackupHeader) => void,
): AsyncGenerator<{ table: BackupTable; rows: (string | null)[][] }> {
  let header: BackupHeader | undefined;
  let table: BackupTable | undefined;
  let rows: (string | null)[][] = [];
  let seen = 0;
  let tableIndex = 0;
  let ended = false;
  let lineNumber = 0;
  const finishTable = function* () {
    if (!table) return;
    if (seen !== table.rows) throw new BackupError(`${file}: table ${table.name} holds ${seen} rows, its header says ${table.rows}`);
    if (rows.length) yield { table, rows };
    rows = [];
  };
  for await (const line of linesOf(file)) {
    lineNumber++;
    if (line === '') continue;
    const value = parseLine(file, line, lineNumber);
    if (!header) {
      header = checkHeader(file, value);
      onHeader(header);
      continue;
    }
    if (ended) throw new BackupError(`${file}: data after the end mark (line ${lineNumber})`);
    if (Array.isArray(value)) {
      if (!table || value.length !== table.columns.length || value.some((v) => v !== null && typeof v !== 'string')) {
        throw new BackupError(`${file}: line ${lineNumber} is not a row of ${table?.name ?? 'any table'}`);
      }
      rows.push(value as (string | null)[]);
      seen++;
      if (rows.length >= BATCH_ROWS) {
        yield { table, rows };
        rows = [];
      }
      continue;
    }
    const mark = value as { table?: unknown; end?: unknown };
    yield* finishTable();
    if (mark.end === true) {
      ended = true;
      table = undefined;
      continue;
    }
    const expected = header.tables[tableIndex++];
    if (!expected || mark.table !== expected.name)
      throw new BackupError(`${file}: line ${lineNumber}: unexpected table ${String(mark.table)}`);
    table = expected;
    seen = 0;
  }
  if (!header) throw new BackupError(`${file}: empty file: not a Champa backup`);
  if (!ended || tableIndex !== header.tables.length)
    throw new BackupError(`${file}: the backup is cut short (no end mark): a damaged file`);
}

/**
 * Reads the whole file and checks it (gzip, header, every table's row count, the end mark) and
 * that this Champa knows its schema version; nothing is touched.
 */
export async function inspectBackup(file: string): Promise<BackupHeader> {
  let header: BackupHeader | undefined;
  for await (const batch of readBackup(file, (read) => (header = read))) void batch;
  await checkSchemaVersion(file, header!);
  return header!;
}

async function checkSchemaVersion(file: string, header: BackupHeader) {
  const known = await knownMigrations();
  const unknown = header.migrations.filter((name) => !known.includes(name));
  if (unknown.length) {
    throw new BackupError(
      `${file} was taken from a newer Champa (schema migrations ${unknown.join(', ')} are unknown here): ` +
        'restore it with the Champa version that wrote it, or a later one',
    );
  }
  if (header.migrations.some((name, index) => known[index] !== name)) {
    throw new BackupError(`${file}: its migrations are not a prefix of this Champa's migrations: a schema this version cannot rebuild`);
  }
  if (!header.migrations.length) throw new BackupError(`${file}: the backup lists no migrations: not a Champa backup`);
}

/**
 * Other sessions on the database: a site still running on it. A site stopped a moment ago may
 * still have sessions on their way out (a closed connection's server process ends after the
 * client has gone), so they get up to graceMs to end before they count.
 */
export async function otherSessions(databaseUrl: string, graceMs = 3000): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    for (const deadline = Date.now() + graceMs; ; await sleep(100)) {
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      const sessions = Number(rows[0].n);
      if (sessions === 0 || Date.now() >= deadline) return sessions;
    }
  } finally {
    await client.end();
  }
}

export interface RestoreResult {
  header: BackupHeader;
  /** Rows in each table after the restore, read back from the database. */
  counts: Record<string, number>;
}

/** A Kysely whose every statement goes through `client`, and so into the transaction it has open. */
function databaseOn(client: pg.Client): Database {
  const connection = { query: client.query.bind(client), release: () => {} };
  const pool = { connect: async () => connection, end: async () => {} };
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Replaces the schema of the database at `databaseUrl` with the backup's: checks the whole file
 * first, then in one transaction drops and recreates the schema, runs this project's migrations up
 * to exactly the backup's, loads every table (foreign keys in dependency order; once all the rows
 * are in, every ledger transfer is checked to balance, and the counts the risk flags read against
 * the orders and device reports they count), sets every sequence past its column's largest value
 * and verifies each table's row count. PostgreSQL undoes the drop with the
 * rest, so a refusal or failure at any step leaves the database as it was.
 */
export async function restoreDatabase(databaseUrl: string, file: string): Promise<RestoreResult> {
  const header = await inspectBackup(file);
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query('BEGIN');
    const schema = (await client.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0].schema;
    await client.query(`DROP SCHEMA ${quote(schema)} CASCADE`);
    await client.query(`CREATE SCHEMA ${quote(schema)}`);
    await migrateTo(databaseOn(client), header.migrations[header.migrations.length - 1], { inCallersTransaction: true });
    await fixSessionFormats(client);
    const present = await tablesOf(client);
    for (const table of header.tables) {
      const here = present.find((candidate) => candidate.name === table.name);
      const columns = (list: BackupColumn[]) => list.map((column) => `${column.name} ${column.type}`).join(', ');
      if (!here || columns(here.columns) !== columns(table.columns)) {
        throw new BackupError(`table ${table.name} of the backup does not match the schema its migrations build`);
      }
    }
    const extra = present.filter((table) => !header.tables.some((candidate) => candidate.name === table.name));
    if (extra.length) throw new BackupError(`the migrations build tables the backup lacks: ${extra.map((t) => t.name).join(', ')}`);

    // The migrations recorded themselves; the backup's rows (with their times) replace them.
    await client.query(`DELETE FROM ${MIGRATION_TABLE}`);
    const identityAlways = new Set(
      (
        await client.query<{ table: string }>(
          `SELECT DISTINCT c.relname AS table FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
            WHERE c.relnamespace = current_schema()::regnamespace AND a.attidentity = 'a'`,
        )
      ).rows.map((row) => row.table),
    );
    // The file holds the tables in dependency order (parents first): one pass loads them.
    const refusal = await loadedWithTriggersOff(client, async () => {
      for await (const { table, rows } of readBackup(file, () => {})) {
        const columns = table.columns.map((column) => quote(column.name)).join(', ');
        const values = table.columns.map((column, index) => `(r->>${index})::${column.type}`).join(', ');
        await client.query(
          `INSERT INTO ${quote(table.name)} (${columns}) ${identityAlways.has(table.name) ? 'OVERRIDING SYSTEM VALUE ' : ''}` +
            `SELECT ${values} FROM json_array_elements($1::json) AS r`,
          [JSON.stringify(rows)],
        );
      }
    });
    if (refusal) throw new BackupError(`${file}: ${refusal}: a damaged or altered file`);

    const sequences = await client.query<{ table: string; column: string; sequence: string }>(
      `SELECT c.relname AS table, a.attname AS column, pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS sequence
         FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
          AND pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL`,
    );
    for (const { table, column, sequence } of sequences.rows) {
      await client.query(
        `SELECT setval($1::regclass, coalesce(max(${quote(column)})::bigint, 1), max(${quote(column)}) IS NOT NULL) FROM ${quote(table)}`,
        [sequence],
      );
    }

    const counts: Record<string, number> = {};
    for (const table of header.tables) {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${quote(table.name)}`);
      counts[table.name] = Number(rows[0].n);
      if (counts[table.name] !== table.rows) {
        throw new BackupError(`table ${table.name} holds ${counts[table.name]} rows after loading, the backup ${table.rows}`);
      }
    }
    await client.query('COMMIT');
    return { header, counts };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}
