import { sql } from 'kysely';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { testDevice } from '../support/device';
import { createTestPlayer } from '../support/players';
import { ledgerViolations } from '../support/ledgerInvariant';
import { loadScale, type ScaleSize } from '../../bench/scaleLoad';
import { MISCOUNTED_DEPOSIT_FAILURE_DAY, MISCOUNTED_DEVICE } from '../../server/db/riskCounts';
import { createSession, SESSION_COOKIE } from '../../server/domain/players';
import { reconciliationOf } from '../../server/domain/reports';
import { vientianeDay } from '../../contract/vientiane';
import type { DepositPage } from '../../contract/deposits';

// The large database of `npm run bench -- --scale`, loaded small: the rows must be ones the product could have written.

const SIZE: ScaleSize = { players: 300, depositOrders: 1_600, withdrawals: 250, ledgerEntries: 5_000, longHistory: 130 };
let t: TestApp;
let agencyId: string;

beforeAll(async () => {
  t = await buildTestApp();
  agencyId = (await createTestAgency(t, 'scale', ['localhost'])).id;
});
afterAll(() => t.close());

describe('the scale bench database', () => {
  it('loads the sizes asked, with a balanced ledger, and reconciles the days of its deposits and withdrawals', async () => {
    // Counted by the triggers before the load, as the bench's small database has them: a player of the API rows on a device, with cancelled orders.
    const before = await createTestPlayer(t.db, agencyId, 'beforescale');
    await t.db
      .insertInto('player_fingerprints')
      .values({
        agency_id: agencyId,
        player_id: before.id,
        visitor_id: 'beforescale01',
        device: JSON.stringify(testDevice('beforescale01')),
        source: 'register',
      })
      .execute();
    await t.db
      .insertInto('deposit_orders')
      .values(
        [1, 2].map((n) => ({
          agency_id: agencyId,
          code: `DBEFORESCALE${n}`,
          player_id: before.id,
          provider: 'askmebet',
          amount_kip: 64_000n,
          credit_satang: 10_000n,
          rate_sell: '640',
          rate_effective_at: new Date(),
          status: 'CANCELED' as const,
          idempotency_key: `before-scale-${n}`,
          expires_at: new Date(),
        })),
      )
      .execute();
    const loaded = await loadScale(t.db, agencyId, SIZE);
    expect(loaded.counts).toMatchObject({
      players: 300,
      sessions: 300,
      bankAccounts: 300,
      fingerprints: 600,
      depositOrders: 1_600,
      withdrawals: 250,
    });
    expect(loaded.counts.entries).toBeGreaterThan(SIZE.ledgerEntries * 0.8);
    expect(loaded.counts.entries).toBeLessThan(SIZE.ledgerEntries * 1.2);
    const [{ count }] = (await sql<{ count: string }>`SELECT count(*) FROM ledger_entries WHERE agency_id = ${agencyId}`.execute(t.db))
      .rows;
    expect(Number(count)).toBe(loaded.counts.entries);
    expect(await ledgerViolations(t.db, { agencyId })).toEqual([]);
    // The risk flags' counts (failed deposits per day, players per device) as the triggers the COPY bypassed would have kept them.
    expect((await sql.raw(MISCOUNTED_DEPOSIT_FAILURE_DAY).execute(t.db)).rows).toEqual([]);
    expect((await sql.raw(MISCOUNTED_DEVICE).execute(t.db)).rows).toEqual([]);
    const [{ shared }] = (
      await sql<{ shared: number }>`SELECT count(*)::int AS shared FROM devices WHERE agency_id = ${agencyId} AND players > 1`.execute(t.db)
    ).rows;
    expect(shared).toBe(1);
    const [{ days }] = (
      await sql<{ days: number }>`SELECT count(*)::int AS days FROM deposit_failure_days WHERE agency_id = ${agencyId}`.execute(t.db)
    ).rows;
    expect(days).toBeGreaterThan(0);

    // The days of a paid deposit and of a paid withdrawal: the report finds their money where it should be.
    const dayOf = async (table: 'deposit_orders' | 'withdrawals', status: string) => {
      const [row] = (
        await sql<{ at: Date }>`SELECT created_at AS at FROM ${sql.table(table)} WHERE agency_id = ${agencyId} AND status = ${status}
        ORDER BY created_at DESC LIMIT 1`.execute(t.db)
      ).rows;
      return vientianeDay(row.at);
    };
    const depositDay = await reconciliationOf(t.db, agencyId, await dayOf('deposit_orders', 'SUCCESS'));
    const withdrawalDay = await reconciliationOf(t.db, agencyId, await dayOf('withdrawals', 'SUCCESS'));
    for (const report of [depositDay, withdrawalDay]) {
      expect(report.lines.filter((line) => !line.reconciled)).toEqual([]);
      expect(report.reconciled).toBe(true);
    }
    expect(depositDay.lines.find((line) => line.line === 'DEPOSITS_KIP_RECEIVED')?.expected).not.toBe('0');
    expect(withdrawalDay.lines.find((line) => line.line === 'WITHDRAWALS_SETTLED')?.parts.paid).not.toBe('0.00');
  });

  it("gives the long history's player every order once, newest first, page after page", async () => {
    const [player] = (await sql<{ id: string }>`SELECT id FROM players WHERE agency_id = ${agencyId} AND username = 'scale0'`.execute(t.db))
      .rows;
    const cookie = `${SESSION_COOKIE}=${await createSession(t.db, player.id, agencyId, 1)}`;
    const pageAfter = async (after: string | null): Promise<DepositPage> => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v2/deposits?pageSize=50${after ? `&after=${after}` : ''}`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const codes: string[] = [];
    let after: string | null = null;
    do {
      const page = await pageAfter(after);
      expect(page.total).toBe(SIZE.longHistory);
      codes.push(...page.items.map((order) => order.code));
      after = page.next;
    } while (after !== null);
    expect(codes).toHaveLength(SIZE.longHistory);
    expect(new Set(codes).size).toBe(SIZE.longHistory);
  });
});
