import { sql } from 'kysely';
import { createTestDatabase, racingOn, type TestDatabase } from '../support/db';
import { createTestAgency } from '../support/app';
import { createTestPlayer } from '../support/players';
import { ledgerViolations } from '../support/ledgerInvariant';
import { dayClosing, postTransfer, trialBalance, type Entry, type TrialBalance } from '../../server/domain/ledger';
import { vientianeDay } from '../../contract/vientiane';

/**
 * The closings the trial balance stores per ledger day: a day's trial balance from the nearest
 * stored closing is the one summed from every account, and only a day that can no longer change is
 * stored, once.
 */

let t: TestDatabase;
let agencyId: string;
const today = vientianeDay();
const daysAgo = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
/** Ten days ago to today, oldest first. */
const DAYS = Array.from({ length: 11 }, (_, index) => daysAgo(10 - index));

const forgetClosings = () => sql`DELETE FROM ledger_day_closings WHERE agency_id = ${agencyId}`.execute(t.db);
const storedDays = async () =>
  (
    await sql<{
      day: string;
    }>`SELECT DISTINCT day::text AS day FROM ledger_day_closings WHERE agency_id = ${agencyId} ORDER BY day`.execute(t.db)
  ).rows.map(({ day }) => day);

/**
 * Posts a transfer as the product does, then dates it (its entries, and the accounts it opened) at
 * noon in Laos on `day`, as if it had been written then; the append-only trigger is off for that.
 */
async function postOn(day: string, key: string, entries: Entry[]) {
  const { transfer } = await t.db.transaction().execute((trx) => postTransfer(trx, { agencyId, key, kind: 'TEST_MOVE', entries }));
  const at = new Date(`${day}T05:00:00Z`);
  await t.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`UPDATE ledger_transfers SET created_at = ${at} WHERE id = ${transfer.id}`.execute(trx);
    await sql`UPDATE ledger_entries SET created_at = ${at} WHERE transfer_id = ${transfer.id}`.execute(trx);
    await sql`UPDATE ledger_accounts SET created_at = ${at}
      WHERE id IN (SELECT account_id FROM ledger_entries WHERE transfer_id = ${transfer.id}) AND created_at > ${at}`.execute(trx);
  });
}

/** Every day's trial balance summed from every account: no closing stored to start from. */
async function fromScratch(): Promise<Map<string, TrialBalance>> {
  const balances = new Map<string, TrialBalance>();
  for (const day of DAYS) {
    await forgetClosings();
    balances.set(day, await trialBalance(t.db, agencyId, day));
  }
  await forgetClosings();
  return balances;
}

beforeAll(async () => {
  t = await createTestDatabase();
  agencyId = (await createTestAgency(t, 'closings', ['closings.example'])).id;
  const [first, second] = [await createTestPlayer(t.db, agencyId), await createTestPlayer(t.db, agencyId)];
  const cash = { kind: 'agency_cash', currency: 'LAK' } as const;
  const exchangeLak = { kind: 'exchange', currency: 'LAK' } as const;
  const exchangeThb = { kind: 'exchange', currency: 'THB' } as const;
  const clearing = { kind: 'payout_clearing', currency: 'THB' } as const;
  const paid = { kind: 'payouts_paid', currency: 'LAK' } as const;
  const credit = (playerId: string) => ({ kind: 'player_credit', playerId, provider: 'betflix' }) as const;
  const deposit = (playerId: string, kip: bigint): Entry[] => [
    { account: cash, amount: kip },
    { account: exchangeLak, amount: -kip },
    { account: exchangeThb, amount: -kip / 64n },
    { account: credit(playerId), amount: kip / 64n },
  ];
  // Nine days ago a deposit; eight days ago nothing; seven a withdrawal and a second player's first
  // deposit (accounts opened later); five the payout; three an owed account of a kind not seen before.
  await postOn(daysAgo(9), 'deposit-1', deposit(first.id, 100_000n));
  await postOn(daysAgo(7), 'withdrawal-1', [
    { account: credit(first.id), amount: -500n },
    { account: clearing, amount: 500n },
  ]);
  await postOn(daysAgo(7), 'deposit-2', deposit(second.id, 200_000n));
  await postOn(daysAgo(5), 'payout-1', [
    { account: clearing, amount: -500n },
    { account: exchangeThb, amount: 500n },
    { account: cash, amount: -30_000n },
    { account: paid, amount: 30_000n },
  ]);
  await postOn(daysAgo(3), 'owed-1', [
    { account: exchangeThb, amount: -100n },
    { account: { kind: 'owed_to_player', playerId: second.id, currency: 'THB' }, amount: 100n },
  ]);
  await postOn(daysAgo(1), 'deposit-3', deposit(second.id, 64_000n));
  await t.db
    .transaction()
    .execute((trx) => postTransfer(trx, { agencyId, key: 'deposit-4', kind: 'TEST_MOVE', entries: deposit(first.id, 6_400n) }));
  expect(await ledgerViolations(t.db, { agencyId })).toEqual([]);
});
afterAll(() => t.drop());

describe('the closing of a ledger day', () => {
  it('gives the trial balance summed from every account, from the closing before, after or of the day, in any order', async () => {
    const expected = await fromScratch();
    expect(expected.get(daysAgo(9))!.currencies.find(({ currency }) => currency === 'LAK')!.balances).toEqual([
      { kind: 'agency_cash', accounts: 1, balance: 100_000n },
      { kind: 'exchange', accounts: 1, balance: -100_000n },
    ]);
    const orders = [DAYS, [...DAYS].reverse(), [3, 9, 6, 0, 10, 1, 8, 2, 5, 4, 7].map(daysAgo)];
    for (const order of orders) {
      await forgetClosings();
      for (const day of order) expect(await trialBalance(t.db, agencyId, day)).toEqual(expected.get(day));
      // Every day is stored now but today, which has not ended, and ten days ago, when no account existed yet.
      expect(await storedDays()).toEqual(DAYS.slice(1, -1));
      for (const day of order) expect(await trialBalance(t.db, agencyId, day)).toEqual(expected.get(day));
    }
  });

  it('stores no day that has not ended, nor one read in a snapshot older than the statement', async () => {
    await forgetClosings();
    await trialBalance(t.db, agencyId, today);
    await t.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((trx) => dayClosing(trx, agencyId, daysAgo(2)));
    expect(await storedDays()).toEqual([]);
  });

  it('stores a day once when operators ask for it at the same time', async () => {
    await forgetClosings();
    const day = daysAgo(4);
    const asked = await racingOn(t, (racers) => Promise.all(Array.from({ length: 8 }, () => dayClosing(racers, agencyId, day))));
    for (const closing of asked) expect(closing).toEqual(asked[0]);
    const { rows } = await sql<{ kind: string; currency: string; accounts: number; balance: string }>`
      SELECT kind, currency, accounts, balance FROM ledger_day_closings WHERE agency_id = ${agencyId} ORDER BY currency, kind`.execute(
      t.db,
    );
    expect(rows.map((row) => ({ ...row, balance: BigInt(row.balance) }))).toEqual(asked[0]);
  });
});
