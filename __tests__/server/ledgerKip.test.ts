import { randomUUID } from 'node:crypto';
import { DEMO_RECEIVING_ACCOUNT } from '../../server/seed';
import fc from 'fast-check';
import { sql } from 'kysely';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { createTestPlayerWithBank, fundTestCredit, type TestPlayer } from '../support/players';
import { ledgerViolations } from '../support/ledgerInvariant';
import { loadConfig } from '../../server/config';
import { runAgencyCli } from '../../server/cli/agency';
import { setRate } from '../../server/domain/agencies';
import { createDeposit, paymentReceiver, setReceivingAccount } from '../../server/domain/deposits';
import { balanceOf, entriesOf, findTransfer, trialBalance, type AccountRef } from '../../server/domain/ledger';
import { payOut, rejectWithdrawal, requestWithdrawal, type WithdrawalDeps } from '../../server/domain/withdrawals';

/**
 * The kip side of withdrawals in the ledger: a paid payout posts the withdrawal's fixed kip out of
 * agency cash, a failed or rejected one leaves nothing posted, and the trial balance of a day in
 * Laos shows kip in, kip out and the kip in agency cash.
 */

let t: TestApp;
let deps: WithdrawalDeps;
let serial = 0;

const CASH: AccountRef = { kind: 'agency_cash', currency: 'LAK' };
const PAID: AccountRef = { kind: 'payouts_paid', currency: 'LAK' };
const CLEARING: AccountRef = { kind: 'payout_clearing', currency: 'THB' };
const CAPITAL_LAK: AccountRef = { kind: 'capital', currency: 'LAK' };
const operator = { operatorId: null, name: 'test-operator' };

beforeAll(async () => {
  const defaults = loadConfig({});
  // Every withdrawal waits for a decision, so each state of its life can be looked at.
  t = await buildTestApp({ withdrawals: { ...defaults.withdrawals, dailyLimit: 100, autoApproveSatang: 0n } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  deps = { db: t.db, providers: t.app.providers, gateway: t.app.laoqrGateway, defaults: t.config.withdrawals };
});
afterEach(async () => {
  await setPayoutFault('none');
});
afterAll(() => t.close());

async function setPayoutFault(mode: 'none' | 'decline') {
  const res = await t.app.inject({ method: 'PUT', url: '/sandbox/bank/api/faults', payload: { operation: 'payout', mode } });
  expect(res.statusCode).toBe(200);
}

/** A new agency with rates (buy 600, sell 640 LAK per THB) and a receiving account, so deposits and withdrawals work. */
async function newAgency(): Promise<{ agencyId: string; host: string }> {
  const name = `kip${(serial += 1)}${Math.random().toString(36).slice(2, 6)}`;
  const host = `${name}.example`;
  const agencyId = (await createTestAgency(t, name, [host])).id;
  await setRate(t.db, agencyId, 'THB', '600', '640', 'test');
  await setReceivingAccount(t.db, agencyId, DEMO_RECEIVING_ACCOUNT);
  return { agencyId, host };
}

/** A deposit of `kip` paid at the bank and credited to askmebet. */
async function deposit(agencyId: string, player: TestPlayer, kip: bigint): Promise<void> {
  const who = { agencyId, playerId: player.id };
  const created = await createDeposit({ db: t.db, config: t.config, providers: t.app.providers, clock: t.app.clock }, who, {
    provider: 'askmebet',
    amount: kip.toString(),
    idempotencyKey: `deposit-${randomUUID()}`,
  });
  const outcome = await paymentReceiver(deps)(agencyId, {
    billNumber: created.order.code,
    amountKip: kip,
    transactionId: `tx-${randomUUID()}`,
    paidAt: new Date(),
  });
  expect(outcome).toBe('paid');
}

async function request(agencyId: string, player: TestPlayer, amount: string) {
  const { withdrawal } = await requestWithdrawal(
    deps,
    { agencyId, playerId: player.id },
    { provider: 'askmebet', amount },
    `wd-${randomUUID()}`,
  );
  expect(withdrawal.status).toBe('OPEN');
  return t.db.selectFrom('withdrawals').selectAll().where('code', '=', withdrawal.code).executeTakeFirstOrThrow();
}

const creditOf = (agencyId: string, player: TestPlayer) =>
  balanceOf(t.db, agencyId, { kind: 'player_credit', playerId: player.id, provider: 'askmebet' });

async function today(): Promise<string> {
  const { rows } = await sql<{ day: string }>`SELECT to_char(now() AT TIME ZONE 'Asia/Vientiane', 'YYYY-MM-DD') AS day`.execute(t.db);
  return rows[0].day;
}

const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe("a withdrawal's life in the ledger", () => {
  it('requested: the credit waits in payout clearing and no kip has moved', async () => {
    const { agencyId } = await newAgency();
    const player = await createTestPlayerWithBank(t.db, agencyId);
    await deposit(agencyId, player, 100_000n);
    expect(await balanceOf(t.db, agencyId, CASH)).toBe(100_000n);
    expect(await creditOf(agencyId, player)).toBe(156_25n); // 100,000 kip / 640, rounded down to the satang

    const row = await request(agencyId, player, '150.00');
    expect(Number(row.rate)).toBe(600);
    expect(row.amount_kip).toBe('90000');
    expect(await balanceOf(t.db, agencyId, CLEARING)).toBe(150_00n);
    expect(await creditOf(agencyId, player)).toBe(6_25n);
    expect(await balanceOf(t.db, agencyId, CASH)).toBe(100_000n);
    expect(await findTransfer(t.db, agencyId, `withdrawal-kip:${row.id}`)).toBeUndefined();
  });

  it('paid: the fixed kip leaves agency cash for payouts_paid, at the rate the withdrawal fixed, once', async () => {
    const { agencyId } = await newAgency();
    const player = await createTestPlayerWithBank(t.db, agencyId);
    await deposit(agencyId, player, 100_000n);
    const row = await request(agencyId, player, '150.00');
    // A new rate after the request changes nothing: the withdrawal fixed 600.
    expect(Number(row.rate)).toBe(600);
    await setRate(t.db, agencyId, 'THB', '550', '640', 'test');

    const paid = await payOut(deps, agencyId, row.code, operator);
    expect(paid.status).toBe('SUCCESS');
    expect(paid.received_kip).toBe('90000');

    const kip = await findTransfer(t.db, agencyId, `withdrawal-kip:${row.id}`);
    expect(kip).toMatchObject({
      kind: 'WITHDRAWAL_PAYOUT_KIP',
      status: 'POSTED',
      refs: { withdrawal: row.code, rate: row.rate, kip: '90000' },
    });
    const entries = await entriesOf(t.db, kip!.id);
    expect(entries.map(({ amount, currency }) => [amount, currency]).sort()).toEqual(
      [
        [-90_000n, 'LAK'],
        [90_000n, 'LAK'],
      ].sort(),
    );
    expect(await balanceOf(t.db, agencyId, CASH)).toBe(10_000n); // 100,000 in - 90,000 out
    expect(await balanceOf(t.db, agencyId, PAID)).toBe(90_000n);
    expect(await balanceOf(t.db, agencyId, CLEARING)).toBe(0n);
    expect(await balanceOf(t.db, agencyId, { kind: 'exchange', currency: 'THB' })).toBe(-156_25n + 150_00n);
    expect(await findTransfer(t.db, agencyId, `withdrawal-kip-shortfall:${row.id}`)).toBeUndefined();

    // Approving again is refused and moves nothing more.
    await expect(payOut(deps, agencyId, row.code, operator)).rejects.toMatchObject({ statusCode: 409 });
    expect(await balanceOf(t.db, agencyId, CASH)).toBe(10_000n);
    expect(await ledgerViolations(t.db, { agencyId })).toEqual([]);
  });

  it('failed: everything posted is reversed (the credit is back) and no kip was ever posted', async () => {
    const { agencyId } = await newAgency();
    const player = await createTestPlayerWithBank(t.db, agencyId);
    await deposit(agencyId, player, 100_000n);
    const row = await request(agencyId, player, '120.00');
    await setPayoutFault('decline');

    const failed = await payOut(deps, agencyId, row.code, operator);
    expect(failed.status).toBe('FAILED');
    expect(failed.credit_returned_satang).toBe('12000');
    expect(await creditOf(agencyId, player)).toBe(156_25n);
    expect(await balanceOf(t.db, agencyId, CLEARING)).toBe(0n);
    expect(await balanceOf(t.db, agencyId, CASH)).toBe(100_000n);
    expect(await balanceOf(t.db, agencyId, PAID)).toBe(0n);
    expect(await findTransfer(t.db, agencyId, `withdrawal-kip:${row.id}`)).toBeUndefined();
    expect(await findTransfer(t.db, agencyId, `withdrawal-paid:${row.id}`)).toBeUndefined();
    expect(await ledgerViolations(t.db, { agencyId })).toEqual([]);
  });

  it('rejected: the credit is back and no kip moved', async () => {
    const { agencyId } = await newAgency();
    const player = await createTestPlayerWithBank(t.db, agencyId);
    await deposit(agencyId, player, 100_000n);
    const row = await request(agencyId, player, '100.00');

    const rejected = await rejectWithdrawal(deps, agencyId, row.code, operator, 'test rejection', randomUUID());
    expect(rejected.status).toBe('REJECTED');
    expect(await creditOf(agencyId, player)).toBe(156_25n);
    expect(await balanceOf(t.db, agencyId, CLEARING)).toBe(0n);
    expect(await balanceOf(t.db, agencyId, CASH)).toBe(100_000n);
    expect(await findTransfer(t.db, agencyId, `withdrawal-kip:${row.id}`)).toBeUndefined();
    expect(await ledgerViolations(t.db, { agencyId })).toEqual([]);
  });

  it('a payout the bank made beyond what agency cash shows records the difference as operator capital, never negative cash', async () => {
    const { agencyId } = await newAgency();
    const player = await createTestPlayerWithBank(t.db, agencyId);
    await deposit(agencyId, player, 100_000n); // 100,000 kip in, 156.25 THB credit
    await fundTestCredit(deps, agencyId, player.id, 100_00n); // 100 THB more, e.g. a win: no kip behind it
    const row = await request(agencyId, player, '250.00'); // 150,000 kip at 600

    expect((await payOut(deps, agencyId, row.code, operator)).status).toBe('SUCCESS');
    const shortfall = await findTransfer(t.db, agencyId, `withdrawal-kip-shortfall:${row.id}`);
    expect(shortfall).toMatchObject({ kind: 'AGENCY_CASH_SHORTFALL', status: 'POSTED' });
    expect(await balanceOf(t.db, agencyId, CAPITAL_LAK)).toBe(-50_000n);
    expect(await balanceOf(t.db, agencyId, CASH)).toBe(0n);
    expect(await balanceOf(t.db, agencyId, PAID)).toBe(150_000n);
    expect(await ledgerViolations(t.db, { agencyId })).toEqual([]);
  });
});

describe('the trial balance of a day in Laos', () => {
  it('shows kip in, kip out and agency cash at the end of the day, balanced per currency', async () => {
    const { agencyId, host } = await newAgency();
    const player = await createTestPlayerWithBank(t.db, agencyId);
    await deposit(agencyId, player, 100_000n);
    await deposit(agencyId, player, 200_000n);
    const paid = await request(agencyId, player, '150.00'); // 90,000 kip
    await payOut(deps, agencyId, paid.code, operator);
    const rejected = await request(agencyId, player, '100.00');
    await rejectWithdrawal(deps, agencyId, rejected.code, operator, 'no', randomUUID());

    const day = await today();
    const report = await trialBalance(t.db, agencyId, day);
    expect(report.kip).toEqual({ opening: 0n, kipIn: 300_000n, kipOut: 90_000n, other: 0n, closing: 210_000n });
    expect(report.kip.closing).toBe(await balanceOf(t.db, agencyId, CASH));
    for (const currency of report.currencies) {
      expect(currency.balanced).toBe(true);
      expect(currency.balances.reduce((sum, { balance }) => sum + balance, 0n)).toBe(0n);
    }
    const lak = report.currencies.find(({ currency }) => currency === 'LAK')!;
    expect(Object.fromEntries(lak.balances.map(({ kind, balance }) => [kind, balance]))).toEqual({
      agency_cash: 210_000n,
      exchange: -300_000n,
      payouts_paid: 90_000n,
    });
    expect(lak.debitBalances).toBe(300_000n);

    // The day before: nothing yet. The day after: the same cash, nothing moving.
    expect((await trialBalance(t.db, agencyId, shiftDay(day, -1))).kip).toEqual({
      opening: 0n,
      kipIn: 0n,
      kipOut: 0n,
      other: 0n,
      closing: 0n,
    });
    const after = await trialBalance(t.db, agencyId, shiftDay(day, 1));
    expect(after.kip).toEqual({ opening: 210_000n, kipIn: 0n, kipOut: 0n, other: 0n, closing: 210_000n });
    expect(after.currencies.every(({ dayDebits, dayCredits }) => dayDebits === 0n && dayCredits === 0n)).toBe(true);

    // The command prints the same figures.
    const lines: string[] = [];
    const errors: string[] = [];
    const code = await runAgencyCli(
      ['trial-balance', '--day', day, '--host', host],
      { db: t.db, out: (line) => lines.push(line) },
      (line) => errors.push(line),
    );
    expect(errors).toEqual([]);
    expect(code).toBe(0);
    const text = lines.join('\n');
    expect(text).toContain(`trial balance of ${day}`);
    expect(text).toMatch(/kip in\s+300000 LAK/);
    expect(text).toMatch(/kip out\s+90000 LAK/);
    expect(text).toMatch(/closing\s+210000 LAK/);
    expect(text).toMatch(/payouts_paid\s+90000 LAK/);
    expect(text).not.toContain('NOT BALANCED');
    expect(text.match(/: balanced/g)).toHaveLength(2);
  });

  it.each([
    [[], /--day is required/],
    [['--day', '2026-13-01'], /not a calendar day/],
    [['--day', '2026-02-30'], /not a calendar day/],
    [['--day', '26-1-5'], /not a calendar day/],
    [['--day', 'yesterday'], /not a calendar day/],
    [['--day'], /argument missing|--day/],
  ])('refuses trial-balance %p with a clear message, a non-zero exit and nothing written', async (args, message) => {
    const { host } = await newAgency();
    const count = async () =>
      Number(
        (
          await sql<{ n: string }>`SELECT (SELECT count(*) FROM ledger_transfers) + (SELECT count(*) FROM ledger_accounts) AS n`.execute(
            t.db,
          )
        ).rows[0].n,
      );
    const before = await count();
    const lines: string[] = [];
    const errors: string[] = [];
    const code = await runAgencyCli(['trial-balance', ...args, '--host', host], { db: t.db, out: (line) => lines.push(line) }, (line) =>
      errors.push(line),
    );
    expect(code).not.toBe(0);
    expect(lines).toEqual([]);
    expect(errors.join('\n')).toMatch(message);
    expect(errors.join('\n')).toContain('trial-balance --day YYYY-MM-DD');
    expect(await count()).toBe(before);
  });

  it('the domain function refuses an impossible day', async () => {
    const { agencyId } = await newAgency();
    await expect(trialBalance(t.db, agencyId, '2025-02-29')).rejects.toMatchObject({ statusCode: 400 });
  });
});

type Step = { kind: 'deposit'; kip: bigint } | { kind: 'withdraw'; percent: number; outcome: 'paid' | 'failed' | 'rejected' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), kip: fc.integer({ min: 10, max: 60 }).map((n) => BigInt(n) * 10_000n) }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    percent: fc.integer({ min: 10, max: 100 }),
    outcome: fc.constantFrom('paid' as const, 'failed' as const, 'rejected' as const),
  }),
);

describe('any sequence of deposits and withdrawals', () => {
  it('keeps the trial balance at zero per currency, and agency cash = kip in - kip out', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 5 }), async (steps) => {
        const { agencyId } = await newAgency();
        const player = await createTestPlayerWithBank(t.db, agencyId);
        let kipIn = 0n;
        let kipOut = 0n;
        for (const step of steps) {
          if (step.kind === 'deposit') {
            await deposit(agencyId, player, step.kip);
            kipIn += step.kip;
            continue;
          }
          const credit = await creditOf(agencyId, player);
          const satang = (credit * BigInt(step.percent)) / 100n;
          if (satang < deps.defaults.minSatang) continue;
          const row = await request(agencyId, player, `${satang / 100n}.${(satang % 100n).toString().padStart(2, '0')}`);
          if (step.outcome === 'rejected') {
            expect((await rejectWithdrawal(deps, agencyId, row.code, operator, 'property', randomUUID())).status).toBe('REJECTED');
          } else {
            await setPayoutFault(step.outcome === 'failed' ? 'decline' : 'none');
            const settled = await payOut(deps, agencyId, row.code, operator);
            await setPayoutFault('none');
            expect(settled.status).toBe(step.outcome === 'paid' ? 'SUCCESS' : 'FAILED');
            if (step.outcome === 'paid') kipOut += BigInt(row.amount_kip);
          }
        }
        const report = await trialBalance(t.db, agencyId, await today());
        for (const currency of report.currencies) {
          expect(currency.balanced).toBe(true);
          expect(currency.balances.reduce((sum, { balance }) => sum + balance, 0n)).toBe(0n);
        }
        // Credit only ever comes from deposits here, so a payout never finds less kip than it pays.
        expect(report.kip).toEqual({ opening: 0n, kipIn, kipOut, other: 0n, closing: kipIn - kipOut });
        expect(await balanceOf(t.db, agencyId, CASH)).toBe(kipIn - kipOut);
        expect(await balanceOf(t.db, agencyId, PAID)).toBe(kipOut);
        expect(await balanceOf(t.db, agencyId, CLEARING)).toBe(0n);
        expect(await ledgerViolations(t.db, { agencyId })).toEqual([]);
      }),
      { numRuns: 15 },
    );
  });
});
