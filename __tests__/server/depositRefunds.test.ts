import { sql } from 'kysely';
import { DEMO_RECEIVING_ACCOUNT } from '../../server/seed';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { createTestPlayerWithBank, type TestPlayer } from '../support/players';
import { ledgerViolations } from '../support/ledgerInvariant';
import { loggedInOperator } from '../support/operators';
import { createTestPromotion, fundTestBonusPool } from '../support/promotions';
import { setRate } from '../../server/domain/agencies';
import { refundDeposit, setReceivingAccount } from '../../server/domain/deposits';
import { balanceOf, voidPendingTransfer } from '../../server/domain/ledger';
import { reconcileOnce } from '../../server/domain/reconciler';
import type { WithdrawalDeps } from '../../server/domain/withdrawals';

/**
 * Refunds of deposits stuck PAID: one that carried a promotion gives the bonus back to the pool and
 * ends the usage CANCELED in the same transaction (the player may take the promotion again); a
 * refund the gateway left unanswered stays PENDING until the reconciler sends it again with the
 * same ref and records the answer, the money moving once.
 */

let t: TestApp;
let agencyId: string;
let owner: string;
let deps: WithdrawalDeps;
let origin: string;

beforeAll(async () => {
  t = await buildTestApp({ providerTimeoutMs: 1500, laoqrGatewayTimeoutMs: 1000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  agencyId = (await createTestAgency(t, 'refunds', ['localhost', '127.0.0.1'])).id;
  await setRate(t.db, agencyId, 'THB', '600', '640', 'test');
  await setReceivingAccount(t.db, agencyId, DEMO_RECEIVING_ACCOUNT);
  await fundTestBonusPool(t.db, agencyId, 10_000_00n);
  owner = await loggedInOperator(t, agencyId, { username: 'refund-owner' });
  deps = { db: t.db, providers: t.app.providers, gateway: t.app.laoqrGateway, defaults: t.config.withdrawals };
});
afterEach(async () => {
  await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
  await setRefundFault('none');
  expect(await ledgerViolations(t.db)).toEqual([]);
});
afterAll(() => t.close());

async function setRefundFault(mode: 'none' | 'decline' | 'timeout') {
  const res = await t.app.inject({ method: 'PUT', url: '/sandbox/bank/api/faults', payload: { operation: 'refund', mode } });
  expect(res.statusCode).toBe(200);
}

let serial = 0;
const nextKey = () => `refund-key-${(serial += 1)}-${Date.now()}`;

const asPlayer = (player: TestPlayer, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: player.cookie, 'idempotency-key': nextKey() }, ...(payload && { payload }) });

const refund = (code: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/admin/deposits/${code}/refund`,
    headers: { cookie: owner, 'idempotency-key': nextKey(), 'content-type': 'application/json' },
    payload: JSON.stringify({ reason: 'player wants the money back' }),
  });

/** A deposit of 64.000 LAK paid at the sandbox bank while askmebet was down: PAID, its credit not at the provider. */
async function stuckDeposit(player: TestPlayer, promotionId?: string): Promise<string> {
  const opened = await asPlayer(player, 'POST', '/api/v2/deposits', { provider: 'askmebet', amount: '64000', promotionId });
  expect(opened.statusCode).toBe(201);
  const down = await t.app.inject({
    method: 'POST',
    url: '/sandbox/providers/askmebet/faults',
    payload: { mode: 'error', operations: ['createMember', 'transfer'] },
  });
  expect(down.statusCode).toBe(204);
  // Over HTTP, so the bank's webhook comes back to this server.
  const paid = await fetch(`${origin}/sandbox/bank/api/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payload: opened.json().qr.payload }),
  });
  expect(paid.status).toBe(201);
  await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
  const code: string = opened.json().order.code;
  // A credit whose answer was lost is voided, as the reconciler does once the provider says it never got it.
  const inFlight = await t.db
    .selectFrom('ledger_transfers')
    .select('id')
    .where('status', '=', 'PENDING')
    .where(sql<boolean>`refs->>'deposit' = ${code}`)
    .execute();
  for (const { id } of inFlight) await t.db.transaction().execute((trx) => voidPendingTransfer(trx, agencyId, id, 'NOT_RECEIVED'));
  const row = await t.db.selectFrom('deposit_orders').select('status').where('code', '=', code).executeTakeFirstOrThrow();
  expect(row.status).toBe('PAID');
  return code;
}

const refundsAtBank = async (code: string) => {
  const order = await t.db.selectFrom('deposit_orders').select('transaction_id').where('code', '=', code).executeTakeFirstOrThrow();
  return t.db.selectFrom('sandbox_bank_refunds').selectAll().where('ref', '=', `refund-${order.transaction_id}`).execute();
};
const refundTransfers = (code: string) =>
  t.db
    .selectFrom('ledger_transfers')
    .select('id')
    .where('kind', '=', 'PAYMENT_REFUND')
    .where(sql<boolean>`refs->>'deposit' = ${code}`)
    .execute();
const refundRow = (code: string) =>
  t.db
    .selectFrom('deposit_refunds')
    .innerJoin('deposit_orders', 'deposit_orders.id', 'deposit_refunds.deposit_order_id')
    .select([
      'deposit_refunds.status',
      'deposit_refunds.failure_reason',
      'deposit_orders.status as orderStatus',
      'deposit_orders.failure_code',
    ])
    .where('deposit_orders.code', '=', code)
    .executeTakeFirstOrThrow();
/** The reconciler's round, asking about everything at once (nothing is in flight here). */
const reconcile = () => reconcileOnce(deps, { olderThanMs: 0, payoutOlderThanMs: 0 });

describe('a refunded deposit that carried a promotion', () => {
  it('returns the bonus to the pool, ends the usage CANCELED, and lets the player take the promotion again', async () => {
    const promotion = await createTestPromotion(t.db, agencyId, { providers: ['askmebet'] });
    const player = await createTestPlayerWithBank(t.db, agencyId);
    const taken = await asPlayer(player, 'POST', '/api/v2/promotions/use', { promotionId: promotion.id, providerId: 'askmebet' });
    expect(taken.statusCode).toBe(200);
    const pool = () => balanceOf(t.db, agencyId, { kind: 'bonus_pool', currency: 'THB' });
    const owed = () => balanceOf(t.db, agencyId, { kind: 'owed_to_player', playerId: player.id, currency: 'THB' });
    const poolBefore = await pool();
    const code = await stuckDeposit(player, promotion.id);
    const usage = () =>
      t.db
        .selectFrom('promotion_usages')
        .select(['status', 'end_reason'])
        .where('id', '=', taken.json().usage.usageId)
        .executeTakeFirstOrThrow();
    expect(await usage()).toEqual({ status: 'USED', end_reason: null });
    // The deposit's 100 THB and the promotion's 100 THB bonus wait for the provider.
    expect(await owed()).toBe(200_00n);
    expect(await pool()).toBe(poolBefore - 100_00n);

    const res = await refund(code);
    expect(res.statusCode).toBe(200);
    expect(res.json().deposit).toMatchObject({ status: 'FAILED', failureCode: 'REFUNDED' });
    expect(await usage()).toEqual({ status: 'CANCELED', end_reason: 'CANCELED' });
    expect(await owed()).toBe(0n);
    expect(await pool()).toBe(poolBefore);
    expect(await refundTransfers(code)).toHaveLength(1);

    const using = await asPlayer(player, 'GET', '/api/v2/players/promotions/using');
    expect(using.json().usage).toBeNull();
    // Its bonus never reached the player, so the promotion may be taken again.
    const again = await asPlayer(player, 'POST', '/api/v2/promotions/use', { promotionId: promotion.id, providerId: 'askmebet' });
    expect(again.statusCode).toBe(200);
    expect(again.json().usage).toMatchObject({ status: 'ACTIVE', promotionId: promotion.id });
  });
});

describe('refunds the gateway left unanswered', () => {
  it('are sent again by the reconciler with the same ref and marked PAID, the kip leaving once', async () => {
    const player = await createTestPlayerWithBank(t.db, agencyId);
    const code = await stuckDeposit(player);
    // The gateway refunds, then its answer never comes back.
    await setRefundFault('timeout');
    const res = await refund(code);
    expect(res.statusCode).toBe(200);
    expect(res.json().deposit).toMatchObject({ status: 'FAILED', failureCode: 'REFUNDING' });
    expect(await refundRow(code)).toMatchObject({ status: 'PENDING' });
    expect(await refundTransfers(code)).toHaveLength(0);

    // Still failing: the round leaves it PENDING and moves nothing.
    const unanswered = await reconcile();
    expect(unanswered.refunds).toMatchObject({ unresolved: expect.any(Number) });
    expect(unanswered.refunds!.unresolved).toBeGreaterThanOrEqual(1);
    expect(await refundRow(code)).toMatchObject({ status: 'PENDING' });

    await setRefundFault('none');
    const answered = await reconcile();
    expect(answered.refunds!.settled).toBeGreaterThanOrEqual(1);
    expect(await refundRow(code)).toMatchObject({ status: 'PAID', orderStatus: 'FAILED', failure_code: 'REFUNDED' });
    expect(await refundsAtBank(code)).toHaveLength(1);
    expect(await refundTransfers(code)).toHaveLength(1);
    expect(await balanceOf(t.db, agencyId, { kind: 'owed_to_player', playerId: player.id, currency: 'THB' })).toBe(0n);

    // Another round finds nothing left to do for it.
    await reconcile();
    expect(await refundsAtBank(code)).toHaveLength(1);
    expect(await refundTransfers(code)).toHaveLength(1);
  });

  it('are marked FAILED when the gateway refuses them on the recheck, the deposit PAID again and nothing moved', async () => {
    const player = await createTestPlayerWithBank(t.db, agencyId);
    const code = await stuckDeposit(player);
    // The process asked the gateway and heard nothing back, before the gateway ever saw the refund.
    const silent = {
      ...deps,
      gateway: { ...deps.gateway, refund: async (ref: string) => ({ outcome: 'unknown' as const, ref, reason: 'TIMEOUT' }) },
    };
    await refundDeposit(silent, agencyId, code, 'player wants the money back', nextKey(), { operatorId: null, name: 'test' });
    expect(await refundRow(code)).toMatchObject({ status: 'PENDING' });

    await setRefundFault('decline');
    await reconcile();
    expect(await refundRow(code)).toMatchObject({ status: 'FAILED', orderStatus: 'PAID', failure_code: 'REFUND_FAILED' });
    expect(await refundsAtBank(code)).toHaveLength(0);
    expect(await refundTransfers(code)).toHaveLength(0);
    expect(await balanceOf(t.db, agencyId, { kind: 'owed_to_player', playerId: player.id, currency: 'THB' })).toBe(100_00n);
  });
});
