import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { backupDatabase, restoreDatabase } from '../../server/db/backup';
import { findAgencyByHost } from '../../server/domain/agencies';
import { PROVIDERS } from '../../contract/providers';
import { createTestPlayerWithBank, type TestPlayer } from '../support/players';
import { startServer, type RunningServer } from '../support/server';

jest.setTimeout(180_000);

let server: RunningServer | undefined;
let directory: string;

beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'champa-backups-'));
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(directory, { recursive: true, force: true });
});

async function api(running: RunningServer, player: TestPlayer, url: string, init: { method?: string; body?: unknown; key?: string } = {}) {
  const response = await fetch(`${running.url}/api${url}`, {
    method: init.method ?? 'GET',
    headers: {
      cookie: player.cookie,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.key ? { 'idempotency-key': init.key } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** What the player sees: the credit at every provider, both histories and the open orders. */
async function playerView(running: RunningServer, player: TestPlayer) {
  const view: Record<string, unknown> = {};
  for (const provider of PROVIDERS) view[`credit ${provider}`] = await api(running, player, `/v2/players/credits/${provider}`);
  for (const url of [
    '/v2/deposits?page=1&pageSize=50',
    '/v2/deposits/open',
    '/v2/withdrawals?page=1&pageSize=50',
    '/v2/withdrawals/open',
  ]) {
    view[url] = await api(running, player, url);
  }
  return view;
}

/** Every row of every table, in PostgreSQL's own text form (exact to the microsecond and the satang). */
async function allRows(running: RunningServer) {
  const db = running.database.db;
  const tables = await sql<{ name: string }>`
    SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`.execute(db);
  const rows: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const result = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.table(name)} t ORDER BY 1`.execute(db);
    rows[name] = result.rows.map((row) => row.row);
  }
  return rows;
}

describe('restore drill', () => {
  it('deposits and withdraws, backs up while serving, wipes, restores: balances, histories and the ledger are identical', async () => {
    server = await startServer({ WITHDRAW_AUTO_APPROVE_THB: '5000' });
    const db = server.database.db;
    const agencyId = (await findAgencyByHost(db, 'localhost'))!.id;
    const player = await createTestPlayerWithBank(db, agencyId);

    // A deposit paid at the sandbox bank, whose webhook credits askmebet.
    const created = await api(server, player, '/v2/deposits', {
      method: 'POST',
      body: { provider: 'askmebet', amount: '160000' },
      key: `drill-deposit-${player.id}`,
    });
    expect(created.status).toBe(201);
    const { qr } = created.body as { qr: { payload: string; code: string } };
    const paid = await fetch(`${server.url}/sandbox/bank/api/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payload: qr.payload }),
    });
    expect(paid.status).toBe(201);
    const running = server;
    await until(
      'the deposit crediting askmebet',
      () => api(running, player, '/v2/players/credits/askmebet'),
      (credit) => (credit.body as { credit: { amount: string } }).credit.amount === '250.00',
    );

    // A withdrawal, paid out at once by the sandbox, and a second deposit left OPEN.
    const withdrawn = await api(server, player, '/v2/withdrawals', {
      method: 'POST',
      body: { provider: 'askmebet', amount: '100.50' },
      key: `drill-withdrawal-${player.id}`,
    });
    expect(withdrawn.status).toBe(201);
    await until(
      'the withdrawal being paid',
      () => api(running, player, '/v2/withdrawals?page=1&pageSize=50'),
      (page) => (page.body as { items: { status: string }[] }).items[0]?.status === 'SUCCESS',
    );
    expect(
      (
        await api(server, player, '/v2/deposits', {
          method: 'POST',
          body: { provider: 'gclub', amount: '64000' },
          key: `drill-open-${player.id}`,
        })
      ).status,
    ).toBe(201);

    const before = await playerView(server, player);
    expect(before['credit askmebet']).toEqual({ status: 200, body: { credit: { amount: '149.50', currency: 'THB' } } });
    expect((before['/v2/deposits?page=1&pageSize=50'] as { body: { items: unknown[] } }).body.items).toHaveLength(2);

    // The backup is taken while the site serves, with a reader of the API at the same time.
    const [{ file, header }] = await Promise.all([backupDatabase(server.database.url, directory), playerView(server, player)]);
    expect(path.basename(file)).toMatch(/^champa-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.jsonl\.gz$/);
    expect(header.tables.find((table) => table.name === 'ledger_entries')!.rows).toBeGreaterThanOrEqual(4);

    await server.halt();
    const rowsBefore = await allRows(server);
    expect(rowsBefore.ledger_transfers.length).toBeGreaterThanOrEqual(2);

    // The lost disk: nothing of the schema is left.
    await sql`DROP SCHEMA public CASCADE`.execute(db);
    await sql`CREATE SCHEMA public`.execute(db);
    await expect(sql`SELECT count(*) FROM ledger_entries`.execute(db)).rejects.toThrow(/does not exist/);

    const restored = await restoreDatabase(server.database.url, file);
    expect(restored.counts).toEqual(Object.fromEntries(header.tables.map((table) => [table.name, table.rows])));
    expect(await allRows(server)).toEqual(rowsBefore);

    // The site on the restored database: the player's session, credit and histories are back as they were.
    server = await startServer({ WITHDRAW_AUTO_APPROVE_THB: '5000' }, server.database);
    expect(await playerView(server, player)).toEqual(before);
    const after = await allRows(server);
    for (const table of ['ledger_accounts', 'ledger_transfers', 'ledger_entries', 'deposit_orders', 'withdrawals', 'provider_members']) {
      expect([table, after[table]]).toEqual([table, rowsBefore[table]]);
    }

    // New money moves after the restore take fresh ids: every sequence is past its column's rows.
    const again = await api(server, player, '/v2/withdrawals', {
      method: 'POST',
      body: { provider: 'askmebet', amount: '100' },
      key: `drill-after-${player.id}`,
    });
    expect(again.status).toBe(201);
    const ids = await sql<{ id: string }>`SELECT id::text AS id FROM ledger_entries ORDER BY id`.execute(db);
    expect(new Set(ids.rows.map((row) => row.id)).size).toBe(ids.rows.length);
    expect(ids.rows.length).toBeGreaterThan(rowsBefore.ledger_entries.length);
  });
});
