import { randomUUID } from 'node:crypto';
import { DEMO_RECEIVING_ACCOUNT } from '../../server/seed';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { createTestPlayerWithBank, fundTestCredit, type TestPlayer } from '../support/players';
import { createTestPromotion, fundTestBonusPool } from '../support/promotions';
import { loggedInOperator } from '../support/operators';
import { ledgerViolations } from '../support/ledgerInvariant';
import { setRate } from '../../server/domain/agencies';
import { setReceivingAccount } from '../../server/domain/deposits';
import { balanceOf } from '../../server/domain/ledger';
import { reconcilePendingTransfers } from '../../server/domain/reconciler';
import { signWebhook, type PaymentPaidEventBody } from '../../server/adapters/payment';
import { vientianeDay, type Dashboard, type Reconciliation, type ReconciliationLine } from '../../contract/adminReports';

const SECRET = 'reports-test-webhook-secret-1';
const OTHER = 'other-reports.example';
let t: TestApp;
let agencyId: string;
let owner: string;
let staff: string;
let otherOwner: string;

beforeAll(async () => {
  t = await buildTestApp({ laoqrWebhookSecret: SECRET, providerTimeoutMs: 1500 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  agencyId = (await createTestAgency(t, 'reports', ['localhost', '127.0.0.1'])).id;
  const otherId = (await createTestAgency(t, 'other', [OTHER])).id;
  await setRate(t.db, agencyId, 'THB', '600', '640', 'test');
  await setReceivingAccount(t.db, agencyId, DEMO_RECEIVING_ACCOUNT);
  await fundTestBonusPool(t.db, agencyId, 10_000_00n);
  owner = await loggedInOperator(t, agencyId, { username: 'owner1' });
  staff = await loggedInOperator(t, agencyId, { username: 'staff1', role: 'staff' });
  otherOwner = await loggedInOperator(t, otherId, { username: 'owner2', host: OTHER });
});
afterEach(async () => {
  await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
});
afterAll(() => t.close());

const admin = (url: string, cookie = owner, host = 'localhost') => t.app.inject({ url: `/api/v2/admin${url}`, headers: { host, cookie } });
const post = (player: TestPlayer, url: string, payload: object, key?: string) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: player.cookie, ...(key ? { 'idempotency-key': key } : {}) }, payload });

function deliver(billNumber: string, amount: string) {
  const transactionId = `TX${randomUUID()}`;
  const event: PaymentPaidEventBody = {
    id: `evt-${transactionId}`,
    type: 'payment.paid',
    createdAt: new Date().toISOString(),
    data: { billNumber, amount, currency: 'LAK', transactionId, paidAt: new Date().toISOString() },
  };
  const raw = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/webhooks/laoqr',
    headers: { 'content-type': 'application/json', ...signWebhook(raw, SECRET, new Date()) },
    payload: raw,
  });
}

/** Orders a deposit and pays it through the gateway's webhook; returns its code. */
async function depositPaid(player: TestPlayer, amount: string, extra: object = {}): Promise<string> {
  const res = await post(player, '/api/v2/deposits', { provider: 'askmebet', amount, ...extra }, `deposit-${randomUUID()}`);
  expect(res.statusCode).toBe(201);
  const code: string = res.json().order.code;
  expect((await deliver(code, amount)).statusCode).toBe(200);
  return code;
}

async function withdraw(player: TestPlayer, amount: string) {
  const res = await post(player, '/api/v2/withdrawals', { provider: 'askmebet', amount }, `withdraw-${randomUUID()}`);
  expect(res.statusCode).toBeLessThan(300);
  return res.json().withdrawal as { code: string; status: string };
}

async function dashboard(): Promise<Dashboard> {
  const res = await admin('/dashboard');
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function reconciliation(day = vientianeDay()): Promise<Reconciliation> {
  const res = await admin(`/reconciliation?day=${day}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

const lineOf = (report: Reconciliation, name: ReconciliationLine['line']) => report.lines.find((line) => line.line === name)!;

describe('GET /api/v2/admin/dashboard', () => {
  it('shows today’s deposits, withdrawals, bonuses and net cash as the ledger has them, in a 7-day series', async () => {
    const before = await dashboard();
    expect(before.today).toMatchObject({ day: vientianeDay(), deposits: 0, withdrawals: 0, depositsKip: '0', netCashKip: '0' });
    expect(before.bonusPoolThb).toBe('10000.00');

    await depositPaid(await createTestPlayerWithBank(t.db, agencyId), '100000');
    const promoted = await createTestPlayerWithBank(t.db, agencyId);
    const promotion = await createTestPromotion(t.db, agencyId);
    expect((await post(promoted, '/api/v2/promotions/use', { promotionId: promotion.id, providerId: 'askmebet' })).statusCode).toBe(200);
    await depositPaid(promoted, '64000', { promotionId: promotion.id });
    const withdrawer = await createTestPlayerWithBank(t.db, agencyId);
    await fundTestCredit({ db: t.db, providers: t.app.providers }, agencyId, withdrawer.id, 500_00n);
    expect((await withdraw(withdrawer, '150')).status).toBe('SUCCESS');

    const after = await dashboard();
    // 100,000 kip at 640 is 156.25 THB; 64,000 kip is 100.00 THB and its 100% bonus 100.00 THB; 150 THB at 600 is 90,000 kip.
    expect(after.today).toEqual({
      day: vientianeDay(),
      deposits: 2,
      depositsKip: '164000',
      depositsCreditedThb: '356.25',
      withdrawals: 1,
      withdrawalsThb: '150.00',
      withdrawalsKip: '90000',
      bonusesThb: '100.00',
      netCashKip: '74000',
    });
    expect(after.days).toHaveLength(7);
    expect(after.days[6]).toEqual(after.today);
    expect(after.days[0].day < after.days[6].day).toBe(true);
    expect(after.days.slice(0, 6).every((day) => day.deposits === 0 && day.depositsKip === '0')).toBe(true);
    // The same figures read straight from the accounts of this new agency.
    expect(await balanceOf(t.db, agencyId, { kind: 'agency_cash', currency: 'LAK' })).toBe(74_000n);
    expect(await balanceOf(t.db, agencyId, { kind: 'payouts_paid', currency: 'LAK' })).toBe(90_000n);
    expect(after.bonusPoolThb).toBe('9900.00');
    expect(await balanceOf(t.db, agencyId, { kind: 'bonus_pool', currency: 'THB' })).toBe(9_900_00n);

    const report = await reconciliation();
    expect(report.reconciled).toBe(true);
    expect(lineOf(report, 'DEPOSITS_CREDITED')).toMatchObject({ expected: '356.25', actual: '356.25', reconciled: true, transfers: [] });
    expect(lineOf(report, 'DEPOSITS_KIP_RECEIVED')).toMatchObject({ expected: '164000', actual: '164000', reconciled: true });
    expect(lineOf(report, 'WITHDRAWALS_SETTLED')).toMatchObject({
      expected: '150.00',
      actual: '150.00',
      parts: { requested: '150.00', paid: '150.00', returned: '0.00', open: '0.00' },
      reconciled: true,
    });
    expect(lineOf(report, 'WITHDRAWALS_KIP_PAID')).toMatchObject({ expected: '90000', actual: '90000', reconciled: true });
    expect(lineOf(report, 'BONUSES_GRANTED')).toMatchObject({ expected: '100.00', actual: '100.00', reconciled: true });
    expect(lineOf(report, 'PROVIDER_TRANSFERS_SETTLED')).toMatchObject({ reconciled: true, parts: { PENDING: '0' } });
    for (const currency of report.trialBalance)
      expect(currency).toMatchObject({ sum: currency.currency === 'THB' ? '0.00' : '0', balanced: true });
    expect(report.trialBalance.map((currency) => currency.currency)).toEqual(expect.arrayContaining(['LAK', 'THB']));
  });

  it('counts what waits for a person: a withdrawal to review, an unmatched payment', async () => {
    const before = (await dashboard()).waiting;
    const player = await createTestPlayerWithBank(t.db, agencyId);
    await fundTestCredit({ db: t.db, providers: t.app.providers }, agencyId, player.id, 8000_00n);
    expect((await withdraw(player, '6000')).status).toBe('OPEN');
    expect((await deliver(`NOBILL${Date.now()}`, '5000')).statusCode).toBe(200);
    expect((await dashboard()).waiting).toEqual({
      ...before,
      withdrawalsToReview: before.withdrawalsToReview + 1,
      unmatchedPayments: before.unmatchedPayments + 1,
    });
    // The open withdrawal's credit waits in payout clearing: the line still adds up.
    const line = lineOf(await reconciliation(), 'WITHDRAWALS_SETTLED');
    expect(line).toMatchObject({ reconciled: true, parts: { requested: '6150.00', paid: '150.00', open: '6000.00' } });
  });

  it('is for operators of this agency only', async () => {
    expect((await admin('/dashboard', '')).statusCode).toBe(401);
    expect((await admin('/dashboard', otherOwner)).statusCode).toBe(401);
    const other = await admin('/dashboard', otherOwner, OTHER);
    expect(other.statusCode).toBe(200);
    expect(other.json().today.deposits).toBe(0);
    expect((await admin('/dashboard', staff)).statusCode).toBe(200);
  });
});

describe('GET /api/v2/admin/reconciliation', () => {
  it('answers 400 for a day that is not a calendar day', async () => {
    for (const day of ['2026-02-30', '25-11-2026', 'yesterday', '2026-13-01']) {
      for (const path of ['/reconciliation', '/reconciliation.csv']) {
        const res = await admin(`${path}?day=${encodeURIComponent(day)}`);
        expect([path, day, res.statusCode]).toEqual([path, day, 400]);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
    }
  });

  it('defaults to today in Vientiane, and an empty day reconciles with zeros', async () => {
    expect((await admin('/reconciliation')).json().day).toBe(vientianeDay());
    const empty = await reconciliation('2020-01-01');
    expect(empty.reconciled).toBe(true);
    expect(empty.from).toBe('2019-12-31T17:00:00.000Z');
    expect(lineOf(empty, 'DEPOSITS_CREDITED')).toMatchObject({ expected: '0.00', actual: '0.00' });
  });

  it('exports the same figures as CSV', async () => {
    const report = await reconciliation();
    const res = await admin(`/reconciliation.csv?day=${report.day}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="reconciliation-${report.day}.csv"`);
    const rows = res.body.trim().split('\r\n');
    expect(rows[0]).toBe('day,section,name,unit,expected,actual,reconciled,details');
    const deposits = lineOf(report, 'DEPOSITS_KIP_RECEIVED');
    expect(rows).toContain(`${report.day},line,DEPOSITS_KIP_RECEIVED,LAK,${deposits.expected},${deposits.actual},true,`);
    const thb = report.trialBalance.find((currency) => currency.currency === 'THB')!;
    expect(rows.find((row) => row.startsWith(`${report.day},trial balance,THB,`))).toBe(
      `${report.day},trial balance,THB,THB,${thb.debitBalances},${thb.creditBalances},true,sum=0.00 day debits=${thb.dayDebits} day credits=${thb.dayCredits}`,
    );
  });

  it('shows a deposit paid but not credited as an unreconciled line with its transfers, until it is credited', async () => {
    const waitingBefore = (await dashboard()).waiting;
    await t.app.inject({ method: 'POST', url: '/sandbox/providers/askmebet/faults', payload: { mode: 'error' } });
    const code = await depositPaid(await createTestPlayerWithBank(t.db, agencyId), '32000');
    expect((await t.db.selectFrom('deposit_orders').select('status').where('code', '=', code).executeTakeFirstOrThrow()).status).toBe(
      'PAID',
    );

    const waiting = (await dashboard()).waiting;
    expect(waiting.depositsStuckPaid).toBe(waitingBefore.depositsStuckPaid + 1);
    const broken = await reconciliation();
    expect(broken.reconciled).toBe(false);
    const line = lineOf(broken, 'DEPOSITS_CREDITED');
    expect(line.reconciled).toBe(false);
    expect(line.unreconciledRefs).toEqual([code]);
    expect(line.transfers.map((transfer) => transfer.kind)).toContain('DEPOSIT_PAYMENT');
    expect(line.transfers.every((transfer) => transfer.ref === code)).toBe(true);
    expect(Number(line.expected) - Number(line.actual)).toBeCloseTo(50, 2);
    // The ledger itself still balances: the money is owed to the player, not lost.
    expect(broken.trialBalance.every((currency) => currency.balanced)).toBe(true);
    const csv = (await admin(`/reconciliation.csv?day=${broken.day}`)).body;
    expect(csv).toContain(`${broken.day},line,DEPOSITS_CREDITED,THB,${line.expected},${line.actual},false,`);
    expect(csv).toMatch(
      new RegExp(`transfer,DEPOSITS_CREDITED,LAK,,\\d+,false,DEPOSIT_PAYMENT POSTED deposit:${code}:paid ${code} agency_cash`),
    );

    await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
    await reconcilePendingTransfers({ db: t.db, providers: t.app.providers }, { olderThanMs: 0 });
    const repaired = await reconciliation();
    expect(lineOf(repaired, 'DEPOSITS_CREDITED')).toMatchObject({ reconciled: true, unreconciledRefs: [], transfers: [] });
    expect(lineOf(repaired, 'PROVIDER_TRANSFERS_SETTLED').reconciled).toBe(true);
    expect(repaired.reconciled).toBe(true);
    expect(await ledgerViolations(t.db, { agencyId })).toEqual([]);
  });
});
