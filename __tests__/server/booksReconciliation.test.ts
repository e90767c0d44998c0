import { sql } from 'kysely';
import { DEMO_RECEIVING_ACCOUNT } from '../../server/seed';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { createTestPlayerWithBank, fundTestCredit, type TestPlayer } from '../support/players';
import { loggedInOperator } from '../support/operators';
import { ledgerViolations } from '../support/ledgerInvariant';
import { setRate } from '../../server/domain/agencies';
import { setReceivingAccount } from '../../server/domain/deposits';
import { voidPendingTransfer } from '../../server/domain/ledger';
import { booksReconciliationOf, reconcileBooks, type BooksDeps } from '../../server/domain/books';
import { bankDifference, providerDifference, type Ours, type Theirs } from '../../server/domain/books/match';
import type { BooksDifference, BooksReconciliation } from '../../contract/adminReports';

/**
 * The books reconciliation on real PostgreSQL and the real sandboxes: after ordinary deposits,
 * withdrawals and refunds the ledger agrees with the providers' transfer logs and the bank's
 * statement; a transfer only the provider did, one the ledger POSTED that the provider never did,
 * and a payment the bank took that the ledger lacks are each listed, to their agency only, until
 * the books agree again.
 */

let t: TestApp;
let agencyId: string;
let otherId: string;
let owner: string;
let otherOwner: string;
let deps: BooksDeps;
let origin: string;

const OTHER = 'other-books.example';

beforeAll(async () => {
  t = await buildTestApp({ providerTimeoutMs: 1500, laoqrGatewayTimeoutMs: 1000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  agencyId = (await createTestAgency(t, 'books', ['localhost', '127.0.0.1'])).id;
  otherId = (await createTestAgency(t, 'other-books', [OTHER])).id;
  await setRate(t.db, agencyId, 'THB', '600', '640', 'test');
  await setReceivingAccount(t.db, agencyId, DEMO_RECEIVING_ACCOUNT);
  owner = await loggedInOperator(t, agencyId, { username: 'books-owner' });
  otherOwner = await loggedInOperator(t, otherId, { username: 'other-owner', host: OTHER });
  deps = { db: t.db, providers: t.app.providers, gateway: t.app.laoqrGateway };
});
afterEach(async () => {
  await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
  expect(await ledgerViolations(t.db)).toEqual([]);
});
afterAll(() => t.close());

let serial = 0;
const nextKey = () => `books-key-${(serial += 1)}-${Date.now()}`;
const asPlayer = (player: TestPlayer, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: player.cookie, 'idempotency-key': nextKey() }, payload });

/** Opens a deposit order of `amount` kip at askmebet; returns its code and QR payload. */
async function order(player: TestPlayer, amount: string): Promise<{ code: string; payload: string }> {
  const opened = await asPlayer(player, '/api/v2/deposits', { provider: 'askmebet', amount });
  expect(opened.statusCode).toBe(201);
  return { code: opened.json().order.code, payload: opened.json().qr.payload };
}

/** Pays at the sandbox bank over HTTP, so its webhook (unless lost) comes back to this server; returns the transaction id. */
async function payAtBank(payload: string, options: { amount?: string; noticeLost?: boolean } = {}): Promise<string> {
  const paid = await fetch(`${origin}/sandbox/bank/api/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payload, ...options }),
  });
  expect(paid.status).toBe(201);
  return ((await paid.json()) as { payment: { transactionId: string } }).payment.transactionId;
}

/** A deposit paid while askmebet was down, its credit voided as the reconciler does: PAID, and refundable. */
async function stuckDeposit(player: TestPlayer): Promise<string> {
  const { code, payload } = await order(player, '64000');
  const down = await t.app.inject({
    method: 'POST',
    url: '/sandbox/providers/askmebet/faults',
    payload: { mode: 'error', operations: ['createMember', 'transfer'] },
  });
  expect(down.statusCode).toBe(204);
  await payAtBank(payload);
  await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
  const inFlight = await t.db
    .selectFrom('ledger_transfers')
    .select('id')
    .where('status', '=', 'PENDING')
    .where(sql<boolean>`refs->>'deposit' = ${code}`)
    .execute();
  for (const { id } of inFlight) await t.db.transaction().execute((trx) => voidPendingTransfer(trx, agencyId, id, 'NOT_RECEIVED'));
  return code;
}

const memberOf = async (player: TestPlayer) =>
  (
    await t.db
      .selectFrom('provider_members')
      .select('member')
      .where('player_id', '=', player.id)
      .where('provider', '=', 'askmebet')
      .executeTakeFirstOrThrow()
  ).member;

/** One run over every agency, nothing left out as in flight (nothing is, here). */
async function run() {
  const report = await reconcileBooks(deps, { settleMs: 0 });
  expect(report.failure).toBeUndefined();
  return report;
}

const console_ = (cookie: string, host = 'localhost', method: 'GET' | 'POST' = 'GET') =>
  t.app.inject({
    method,
    url: `/api/v2/admin/books-reconciliation${method === 'POST' ? '/run' : ''}`,
    headers: { host, cookie },
  });

const find = (differences: BooksDifference[], ref: string) => differences.find((difference) => difference.ref === ref);

describe('the books reconciliation', () => {
  let player: TestPlayer;

  it('finds no difference after ordinary deposits, a wrong-amount payment, a withdrawal and a refund', async () => {
    player = await createTestPlayerWithBank(t.db, agencyId);
    await payAtBank((await order(player, '100000')).payload);
    // Paid with another amount than the QR's: kept as an unmatched payment, its kip in the ledger.
    await payAtBank((await order(player, '50000')).payload, { amount: '40000' });

    const withdrawer = await createTestPlayerWithBank(t.db, agencyId);
    await fundTestCredit({ db: t.db, providers: t.app.providers }, agencyId, withdrawer.id, 500_00n);
    const withdrawal = await asPlayer(withdrawer, '/api/v2/withdrawals', { provider: 'askmebet', amount: '150' });
    expect(withdrawal.json().withdrawal.status).toBe('SUCCESS');

    const refunded = await stuckDeposit(await createTestPlayerWithBank(t.db, agencyId));
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v2/admin/deposits/${refunded}/refund`,
      headers: { cookie: owner, 'idempotency-key': nextKey(), 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'player wants the money back' }),
    });
    expect(refund.statusCode).toBeLessThan(300);
    expect(await t.db.selectFrom('sandbox_bank_refunds').select('ref').execute()).toHaveLength(1);

    const report = await run();
    expect(report.differences).toBe(0);
    // The first deposit's credit, the test credit, the withdrawal's, and the refunded deposit's credit,
    // recorded when it was paid and voided unsent, its member not made while askmebet was down.
    expect(report.checked).toEqual({ providerTransfers: 4, payments: 3, payouts: 1, refunds: 1 });
    const shown = await booksReconciliationOf(t.db, agencyId);
    expect(shown.differences).toEqual([]);
    expect(shown.lastFailure).toBeNull();
    expect(shown.lastRun).toMatchObject({ checked: report.checked, to: report.to.toISOString() });
  });

  it('lists a transfer only the provider did, a POSTED one it never did or did for another amount, and a payment the ledger lacks', async () => {
    const member = await memberOf(player);
    // Done at the provider by hand, as if someone called its API behind the ledger's back.
    const stray = await t.app.inject({
      method: 'POST',
      url: '/sandbox/providers/askmebet/transfers',
      payload: { ref: 'stray-transfer-1', member, direction: 'IN', amount: '12.34' },
    });
    expect(stray.statusCode).toBe(200);

    // Two credits the ledger POSTED; the provider's books then lose one and change the other's amount.
    const lost = await fundTestCredit({ db: t.db, providers: t.app.providers }, agencyId, player.id, 20_00n);
    const changed = await fundTestCredit({ db: t.db, providers: t.app.providers }, agencyId, player.id, 30_00n);
    const lostRef = lost.ref;
    const changedRef = changed.ref;
    const lostRow = await t.db.selectFrom('sandbox_provider_transfers').selectAll().where('ref', '=', lostRef).executeTakeFirstOrThrow();
    await t.db.deleteFrom('sandbox_provider_transfers').where('ref', '=', lostRef).execute();
    await t.db.updateTable('sandbox_provider_transfers').set({ amount: 31_00n }).where('ref', '=', changedRef).execute();

    // Paid at the bank, its notice lost: the bank has the money, the ledger does not.
    const unheard = await payAtBank((await order(player, '32000')).payload, { noticeLost: true });

    const report = await run();
    expect(report.differences).toBe(4);
    const { differences } = await booksReconciliationOf(t.db, agencyId);
    expect(find(differences, 'stray-transfer-1')).toMatchObject({
      source: 'PROVIDER_TRANSFER',
      kind: 'MISSING_IN_LEDGER',
      provider: 'askmebet',
      unit: 'THB',
      ours: null,
      theirs: { status: 'SUCCESS', amount: '12.34', direction: 'IN' },
    });
    expect(find(differences, lostRef)).toMatchObject({
      kind: 'NOT_DONE_OUTSIDE',
      ours: { status: 'POSTED', amount: '20.00', direction: 'IN' },
      theirs: null,
    });
    expect(find(differences, changedRef)).toMatchObject({
      kind: 'MISMATCH',
      ours: { status: 'POSTED', amount: '30.00' },
      theirs: { status: 'SUCCESS', amount: '31.00' },
    });
    expect(find(differences, unheard)).toMatchObject({
      source: 'PAYMENT',
      kind: 'MISSING_IN_LEDGER',
      provider: null,
      unit: 'LAK',
      ours: null,
      theirs: { status: 'PAID', amount: '32000', direction: null },
    });
    // Another agency's console shows none of them.
    expect((await booksReconciliationOf(t.db, otherId)).differences).toEqual([]);

    // The provider's record comes back: the next run asks about each difference again by ref.
    const firstSeen = find(differences, 'stray-transfer-1')!.firstSeenAt;
    await t.db.insertInto('sandbox_provider_transfers').values(lostRow).execute();
    expect((await run()).differences).toBe(3);
    const again = (await booksReconciliationOf(t.db, agencyId)).differences;
    expect(find(again, lostRef)).toBeUndefined();
    expect(find(again, 'stray-transfer-1')!.firstSeenAt).toBe(firstSeen);
  });

  it('is shown to the agency’s operators, and run now from the console', async () => {
    const shown = await console_(owner);
    expect(shown.statusCode).toBe(200);
    const before: BooksReconciliation = shown.json();
    expect(before.differences.map((difference) => difference.kind).sort()).toEqual(['MISMATCH', 'MISSING_IN_LEDGER', 'MISSING_IN_LEDGER']);
    expect((await console_(otherOwner, OTHER)).json().differences).toEqual([]);
    expect((await t.app.inject({ url: '/api/v2/admin/books-reconciliation' })).statusCode).toBe(401);

    const ran = await console_(owner, 'localhost', 'POST');
    expect(ran.statusCode).toBe(200);
    const after: BooksReconciliation = ran.json();
    expect(Date.parse(after.lastRun!.finishedAt)).toBeGreaterThan(Date.parse(before.lastRun!.finishedAt));
    expect(after.differences).toEqual(before.differences);
  });

  it('records a run that could not read a book as failed, and keeps the last complete run’s differences', async () => {
    const before = await booksReconciliationOf(t.db, agencyId);
    const broken = await reconcileBooks(
      { ...deps, gateway: { ...deps.gateway, statement: async () => ({ outcome: 'unknown', reason: 'TIMEOUT' }) } },
      { settleMs: 0 },
    );
    expect(broken.failure).toBe('gateway statement: TIMEOUT');
    const after = await booksReconciliationOf(t.db, agencyId);
    expect(after.lastFailure).toMatchObject({ reason: 'gateway statement: TIMEOUT' });
    expect(after.lastRun).toEqual(before.lastRun);
    expect(after.differences).toEqual(before.differences);
    // The next complete run reads the failed run's window too.
    const next = await run();
    expect(next.from.toISOString()).toBe(before.lastRun!.to);
    expect((await booksReconciliationOf(t.db, agencyId)).lastFailure).toBeNull();
  });
});

describe('the matching rules', () => {
  const at = new Date();
  const ours = (status: string, amount = 100n, direction: 'IN' | 'OUT' | null = 'IN'): Ours => ({
    agencyId: 'a',
    status,
    amount,
    direction,
    at,
  });
  const theirs = (moved: boolean, amount = 100n, direction: 'IN' | 'OUT' | null = 'IN'): Theirs => ({
    status: moved ? 'SUCCESS' : 'FAILED',
    amount,
    direction,
    at,
    moved,
  });

  it('settles a provider transfer by its status: POSTED done as recorded, VOIDED not done, PENDING unsettled', () => {
    expect(providerDifference(ours('POSTED'), theirs(true))).toBeNull();
    expect(providerDifference(ours('POSTED'), theirs(true, 100n, 'OUT'))).toBe('MISMATCH');
    expect(providerDifference(ours('POSTED'), theirs(false))).toBe('NOT_DONE_OUTSIDE');
    expect(providerDifference(ours('POSTED'), undefined)).toBe('NOT_DONE_OUTSIDE');
    expect(providerDifference(ours('VOIDED'), theirs(true))).toBe('VOIDED_BUT_DONE');
    expect(providerDifference(ours('VOIDED'), theirs(false))).toBeNull();
    expect(providerDifference(ours('VOIDED'), undefined)).toBeNull();
    expect(providerDifference(ours('PENDING'), undefined)).toBe('UNSETTLED');
    expect(providerDifference(undefined, theirs(true))).toBe('MISSING_IN_LEDGER');
    expect(providerDifference(undefined, theirs(false))).toBeNull();
  });

  it('wants a bank record the ledger has for the amount the bank moved, and none the bank declined', () => {
    expect(bankDifference(ours('DEPOSIT_PAYMENT', 5n, null), theirs(true, 5n, null))).toBeNull();
    expect(bankDifference(ours('DEPOSIT_PAYMENT', 5n, null), theirs(true, 6n, null))).toBe('MISMATCH');
    expect(bankDifference(ours('WITHDRAWAL_PAYOUT_KIP', 5n, null), theirs(false, 5n, null))).toBe('NOT_DONE_OUTSIDE');
    expect(bankDifference(undefined, theirs(false, 5n, null))).toBeNull();
    expect(bankDifference(undefined, theirs(true, 5n, null))).toBe('MISSING_IN_LEDGER');
  });
});
