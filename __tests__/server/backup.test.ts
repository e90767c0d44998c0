import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { projectRoot } from '../../server/config';
import { BackupError, backupDatabase, inspectBackup, restoreDatabase } from '../../server/db/backup';
import { findAgencyByHost, setRate } from '../../server/domain/agencies';
import { seed } from '../../server/seed';
import { freePort } from '../../scripts/freePort';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { testDevice } from '../support/device';

jest.setTimeout(90_000);

let t: TestDatabase;
let directory: string;
let good: string;

beforeAll(async () => {
  t = await createTestDatabase();
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'champa-backup-test-'));
  await seed(t.db);
  const agency = (await findAgencyByHost(t.db, 'localhost'))!;
  // Many rows of Lao text: multi-byte characters fall across the file's chunk boundaries.
  await t.db
    .insertInto('players')
    .values(
      Array.from({ length: 300 }, (_, i) => ({
        agency_id: agency.id,
        username: `lao${i}`,
        password_hash: 'not-a-hash',
        display_name: `ສົມພອນ ແກ້ວມະນີ ${i} `.repeat(8),
      })),
    )
    .execute();
  // Two cancelled deposit orders of one day: a count of failed deposits (migration 0034) to restore.
  const [player] = await t.db.selectFrom('players').select('id').where('username', '=', 'lao0').execute();
  const cancelledAt = new Date('2026-11-20T03:00:00Z');
  await t.db
    .insertInto('deposit_orders')
    .values(
      [1, 2].map((n) => ({
        agency_id: agency.id,
        code: `DBACKUP${n}`,
        player_id: player.id,
        provider: 'askmebet',
        amount_kip: 64_000n,
        credit_satang: 10_000n,
        rate_sell: '640',
        rate_effective_at: cancelledAt,
        status: 'CANCELED' as const,
        idempotency_key: `backup-${n}`,
        expires_at: cancelledAt,
        closed_at: cancelledAt,
        created_at: cancelledAt,
      })),
    )
    .execute();
  // Two players on one device: the shared-device counts (migration 0035) to restore.
  const onePhone = await t.db.selectFrom('players').select('id').where('username', 'in', ['lao1', 'lao2']).execute();
  await t.db
    .insertInto('player_fingerprints')
    .values(
      onePhone.map(({ id }) => ({
        agency_id: agency.id,
        player_id: id,
        visitor_id: 'backupphone0001',
        device: JSON.stringify(testDevice('backupphone0001')),
        source: 'register' as const,
      })),
    )
    .execute();
  good = (await backupDatabase(t.url, directory)).file;
});
afterAll(async () => {
  await t?.drop();
  fs.rmSync(directory, { recursive: true, force: true });
});

/** Everything a backup holds, without the time it was taken. */
async function contentOf(url: string): Promise<string[]> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'champa-backup-content-'));
  try {
    const { file } = await backupDatabase(url, scratch);
    const [header, ...rest] = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
    return [JSON.stringify({ ...JSON.parse(header), createdAt: undefined }), ...rest];
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** A backup file written from the good one's lines, changed by `edit`. */
function variant(name: string, edit: (lines: string[]) => string[]): string {
  const lines = zlib.gunzipSync(fs.readFileSync(good)).toString('utf8').split('\n');
  const file = path.join(directory, name);
  fs.writeFileSync(file, zlib.gzipSync(edit(lines).join('\n')));
  return file;
}

/** A variant of the good backup with one value of the first row of `table` changed by `edit`. */
const withFirstValue = (name: string, table: string, column: string, edit: (value: string) => string) =>
  variant(name, (lines) => {
    const { tables } = JSON.parse(lines[0]) as { tables: { name: string; columns: { name: string }[] }[] };
    const index = tables.find((each) => each.name === table)!.columns.findIndex((each) => each.name === column);
    const first = lines.indexOf(JSON.stringify({ table })) + 1;
    const row = JSON.parse(lines[first]) as string[];
    row[index] = edit(row[index]);
    return lines.map((line, i) => (i === first ? JSON.stringify(row) : line));
  });

const unbalancedTransfer = () => withFirstValue('unbalanced.jsonl.gz', 'ledger_entries', 'amount', (amount) => String(BigInt(amount) + 1n));

describe('backup and restore', () => {
  it('names the file by the UTC time and writes the header: format, migrations, per-table counts', async () => {
    expect(path.basename(good)).toMatch(/^champa-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.jsonl\.gz$/);
    const header = await inspectBackup(good);
    expect(header).toMatchObject({ format: 'champa-backup', version: 1 });
    expect(header.migrations[0]).toBe('0001_agencies');
    const counts = Object.fromEntries(header.tables.map((table) => [table.name, table.rows]));
    expect(counts).toMatchObject({ players: 300, agencies: 1, kysely_migration: header.migrations.length });
    // Parents before children, so a restore loads front to back.
    const order = header.tables.map((table) => table.name);
    expect(order.indexOf('agencies')).toBeLessThan(order.indexOf('players'));
    expect(order.indexOf('ledger_transfers')).toBeLessThan(order.indexOf('ledger_entries'));
  });

  it('restores exactly what was backed up, drops what came after, and sets sequences past the restored rows', async () => {
    const before = await contentOf(t.url);
    const agency = (await findAgencyByHost(t.db, 'localhost'))!;
    await setRate(t.db, agency.id, 'THB', '601', '641', 'test');
    await t.db.updateTable('players').set({ display_name: 'changed' }).execute();
    expect(await contentOf(t.url)).not.toEqual(before);

    const { counts } = await restoreDatabase(t.url, good);
    expect(counts.players).toBe(300);
    expect(await contentOf(t.url)).toEqual(before);
    const rates = await sql<{ id: string }>`SELECT max(id)::text AS id FROM exchange_rates`.execute(t.db);
    await setRate(t.db, agency.id, 'THB', '602', '642', 'test');
    const next = await sql<{ id: string }>`SELECT max(id)::text AS id FROM exchange_rates`.execute(t.db);
    expect(BigInt(next.rows[0].id)).toBe(BigInt(rates.rows[0].id) + 1n);
    await restoreDatabase(t.url, good);
  });

  it('restores a file whose ledger accounts come after the entries and transfers that name them', async () => {
    const before = await contentOf(t.url);
    // The header lists the tables in the file's order: both move the accounts to the end.
    const accountsLast = variant('accounts-last.jsonl.gz', ([header, ...lines]) => {
      const parsed = JSON.parse(header) as { tables: { name: string }[] };
      const accountsTable = parsed.tables.find((table) => table.name === 'ledger_accounts')!;
      parsed.tables = [...parsed.tables.filter((table) => table !== accountsTable), accountsTable];
      const start = lines.indexOf(JSON.stringify({ table: 'ledger_accounts' }));
      const end = lines.findIndex((line, index) => index > start && line.startsWith('{'));
      const rest = [...lines.slice(0, start), ...lines.slice(end)];
      const last = rest.findIndex((line) => line.startsWith('{"end"'));
      return [JSON.stringify(parsed), ...rest.slice(0, last), ...lines.slice(start, end), ...rest.slice(last)];
    });
    await restoreDatabase(t.url, accountsLast);
    expect(await contentOf(t.url)).toEqual(before);
  });

  const badInputs: [string, () => string, RegExp][] = [
    ['a missing file', () => path.join(directory, 'nothing-here.jsonl.gz'), /no such file/],
    [
      'a file that is not gzip',
      () => {
        const file = path.join(directory, 'plain.txt');
        fs.writeFileSync(file, 'hello');
        return file;
      },
      /not a readable gzip file/,
    ],
    [
      'a gzip file cut short',
      () => {
        const file = path.join(directory, 'cut.jsonl.gz');
        const bytes = fs.readFileSync(good);
        fs.writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
        return file;
      },
      /not a readable gzip file/,
    ],
    ['gzipped JSON that is no Champa backup', () => variant('other.json.gz', () => ['{"hello":"world"}']), /not a Champa backup/],
    ['a backup without its end mark', () => variant('no-end.jsonl.gz', (lines) => lines.slice(0, -2)), /cut short/],
    [
      'a backup missing a row its header counts',
      () =>
        variant('missing-row.jsonl.gz', (lines) => {
          const last = lines.findIndex((line, i) => line.startsWith('[') && i > 0);
          return lines.filter((_, i) => i !== last);
        }),
      /holds \d+ rows, its header says/,
    ],
    [
      'a backup of a newer schema',
      () =>
        variant('newer.jsonl.gz', ([header, ...rest]) => {
          const parsed = JSON.parse(header);
          return [JSON.stringify({ ...parsed, migrations: [...parsed.migrations, '9999_from_the_future'] }), ...rest];
        }),
      /newer Champa \(schema migrations 9999_from_the_future are unknown here\)/,
    ],
  ];

  // Found only once the schema was dropped and rebuilt: the restore's one transaction undoes the drop with the rest.
  const refusedWhileLoading: [string, () => string, RegExp][] = [
    [
      'a ledger transfer that does not sum to zero once all its entries are loaded',
      unbalancedTransfer,
      /ledger transfer [0-9a-f-]+ does not sum to zero in (THB|LAK)/,
    ],
    [
      "a ledger entry in an account that is not its agency's",
      () => withFirstValue('stray-account.jsonl.gz', 'ledger_entries', 'account_id', () => '00000000-0000-4000-8000-000000000000'),
      /ledger transfer [0-9a-f-]+ has an entry in 00000000-0000-4000-8000-000000000000, no account of its agency in its currency/,
    ],
    [
      "a player's day of failed deposits counted otherwise than its orders say",
      () => withFirstValue('miscounted.jsonl.gz', 'deposit_failure_days', 'orders', (orders) => String(Number(orders) + 1)),
      /player [0-9a-f-]+ has 2 unsuccessful deposit orders on 2026-11-20, counted as 3/,
    ],
    [
      'a device counted with more players than its reports name',
      () => withFirstValue('device.jsonl.gz', 'devices', 'players', (players) => String(Number(players) + 1)),
      /device backupphone0001 is kept with other players than its reports name/,
    ],
    [
      'a table whose columns are not the ones its migrations build',
      () =>
        variant('renamed-column.jsonl.gz', ([header, ...rest]) => {
          const parsed = JSON.parse(header) as { tables: { name: string; columns: { name: string }[] }[] };
          parsed.tables.find((table) => table.name === 'players')!.columns[1].name = 'renamed';
          return [JSON.stringify(parsed), ...rest];
        }),
      /table players of the backup does not match the schema its migrations build/,
    ],
    [
      'a value its column cannot hold',
      () => withFirstValue('bad-value.jsonl.gz', 'ledger_entries', 'amount', () => 'twelve'),
      /invalid input syntax for type bigint/,
    ],
  ];

  it.each(refusedWhileLoading)('refuses %s and leaves the database as it was', async (_, make, message) => {
    const before = await contentOf(t.url);
    const refusal = restoreDatabase(t.url, make());
    await expect(refusal).rejects.toThrow(message);
    expect(await contentOf(t.url)).toEqual(before);
  });

  it.each(badInputs)('refuses %s with a clear message and changes nothing', async (_, make, message) => {
    const before = await contentOf(t.url);
    const file = make();
    const refusal = restoreDatabase(t.url, file);
    await expect(refusal).rejects.toThrow(BackupError);
    await expect(refusal).rejects.toThrow(message);
    expect(await contentOf(t.url)).toEqual(before);
  });
});

function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/backup.ts', ...args], {
      cwd: projectRoot,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run backup / npm run restore', () => {
  it('backs up DATABASE_URL into --dir and prints the file and the counts', async () => {
    const dir = path.join(directory, 'cli');
    const { code, output } = await cli(['backup', '--dir', dir], { DATABASE_URL: t.url, PORT: String(await freePort()) });
    expect(output).toMatch(/wrote .*champa-.*\.jsonl\.gz/);
    expect(output).toMatch(/players\s+300/);
    expect(code).toBe(0);
    expect(fs.readdirSync(dir)).toHaveLength(1);
  });

  it('exits non-zero on a corrupt file, and refuses while the site answers on its port or other sessions use the database', async () => {
    const env = { DATABASE_URL: t.url, PORT: String(await freePort()) };
    const plain = path.join(directory, 'plain-cli.txt');
    fs.writeFileSync(plain, 'not a backup');
    const corrupt = await cli(['restore', plain, '--yes'], env);
    expect(corrupt.code).toBe(1);
    expect(corrupt.output).toMatch(/not a readable gzip file/);

    // This test's own pool is connected: a site would be, too.
    await sql`SELECT 1`.execute(t.db);
    const busy = await cli(['restore', good, '--yes'], env);
    expect(busy.output).toMatch(/has other sessions open/);
    expect(busy.code).toBe(1);

    // Something answering on PORT is taken for the site: it must be stopped first.
    const site = http.createServer((_, response) => response.end('{"ready":true}'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const port = (site.address() as { port: number }).port;
      const serving = await cli(['restore', good, '--yes'], { ...env, PORT: String(port) });
      expect(serving.output).toMatch(new RegExp(`the site answers on port ${port}: stop it before restoring`));
      expect(serving.code).toBe(1);
    } finally {
      site.close();
    }

    const usage = await cli(['restore'], env);
    expect(usage.output).toMatch(/usage: npm run restore -- <backup file>/);
    expect(usage.code).toBe(1);
  });

  it('says that a restore refused while loading changed nothing, and leaves the database as it was', async () => {
    const stopped = await createTestDatabase();
    try {
      await seed(stopped.db);
      const before = await contentOf(stopped.url);
      // Its pool closed, the database is as a stopped site leaves it: no other session.
      await stopped.db.destroy();
      const refused = await cli(['restore', unbalancedTransfer(), '--yes'], { DATABASE_URL: stopped.url, PORT: String(await freePort()) });
      expect(refused.output).toMatch(/not restored, nothing changed: .*ledger transfer [0-9a-f-]+ does not sum to zero/);
      expect(refused.code).toBe(1);
      expect(await contentOf(stopped.url)).toEqual(before);
    } finally {
      await stopped.drop();
    }
  });
});
