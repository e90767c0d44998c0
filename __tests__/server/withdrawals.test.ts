import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { buildTestApp, createTestAgency, racing, type TestApp } from '../support/app';
import { addTestBankAccount, createTestPlayer, fundTestCredit, type TestPlayer } from '../support/players';
import { ledgerViolations } from '../support/ledgerInvariant';
import { loggedInOperator } from '../support/operators';
import { loadConfig } from '../../server/config';
import { setRate } from '../../server/domain/agencies';
import { balanceOf } from '../../server/domain/ledger';
import { ensureMember } from '../../server/domain/providerWallets';
import { reconcileOnce } from '../../server/domain/reconciler';
import { reconcileWithdrawals, type WithdrawalDeps } from '../../server/domain/withdrawals';
import type { Provider } from '../../contract/providers';
import type { Withdrawal } from '../../contract/withdrawals';

const HOST = 'withdraw.example';
const BARE_HOST = 'norate.example';
const GATEWAY_TIMEOUT_MS = 1000;
const PROVIDER_TIMEOUT_MS = 1500;

let t: TestApp;
let deps: WithdrawalDeps;
let agencyId: string;
let bareAgencyId: string;
let operatorCookie: string;

beforeAll(async () => {
  const defaults = loadConfig({});
  t = await buildTestApp({
    laoqrGatewayTimeoutMs: GATEWAY_TIMEOUT_MS,
    providerTimeoutMs: PROVIDER_TIMEOUT_MS,
    withdrawals: { ...defaults.withdrawals, dailyLimit: 3 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  deps = { db: t.db, providers: t.app.providers, gateway: t.app.laoqrGateway, defaults: t.config.withdrawals };
  agencyId = (await createTestAgency(t, 'withdraw', [HOST])).id;
  bareAgencyId = (await createTestAgency(t, 'norate', [BARE_HOST])).id;
  await setRate(t.db, agencyId, 'THB', '600.5', '640', 'test');
  operatorCookie = await loggedInOperator(t, agencyId, { host: HOST });
});
afterEach(async () => {
  for (const operation of ['payout', 'payout_status'])
    await t.app.inject({ method: 'PUT', url: '/sandbox/bank/api/faults', payload: { operation, mode: 'none' } });
  await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
});
afterAll(() => t.close());

/** A player of the agency with a LAK bank account and `credit` satang at askmebet. */
async function playerWith(credit: bigint, options: { bank?: boolean; agency?: string } = {}): Promise<TestPlayer> {
  const agency = options.agency ?? agencyId;
  const player = await createTestPlayer(t.db, agency);
  if (options.bank ?? true) await addTestBankAccount(t.db, agency, player.id);
  if (credit > 0n) await fundTestCredit(deps, agency, player.id, credit);
  return player;
}

let keyCounter = 0;
const newKey = () => `test-key-${Date.now()}-${(keyCounter += 1)}`;

/** key null sends no Idempotency-Key. */
function withdraw(player: TestPlayer, body: Record<string, unknown>, key: string | null = newKey(), host = HOST) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/withdrawals',
    headers: { host, cookie: player.cookie, 'content-type': 'application/json', ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: JSON.stringify(body),
  });
}

async function creditAt(player: TestPlayer, provider: Provider = 'askmebet', host = HOST): Promise<string> {
  const res = await t.app.inject({ url: `/api/v2/players/credits/${provider}`, headers: { host, cookie: player.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().credit.amount;
}

async function history(player: TestPlayer): Promise<{ items: Withdrawal[]; total: number }> {
  const res = await t.app.inject({ url: '/api/v2/withdrawals?page=1&pageSize=20', headers: { host: HOST, cookie: player.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function setPayoutFault(operation: 'payout' | 'payout_status', mode: 'decline' | 'error' | 'timeout') {
  const res = await t.app.inject({ method: 'PUT', url: '/sandbox/bank/api/faults', payload: { operation, mode } });
  expect(res.statusCode).toBe(200);
}

const admin = (url: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { host: HOST, cookie: operatorCookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    payload: JSON.stringify(payload ?? {}),
  });

async function sandboxPayouts(): Promise<number> {
  const row = await t.db
    .selectFrom('sandbox_bank_payouts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('POST /api/v2/withdrawals within the auto-approve limit', () => {
  it('takes the credit out of the provider, pays kip = credit x buy rate to the bank account, and shows SUCCESS with every field', async () => {
    const player = await playerWith(2000_00n);
    const res = await withdraw(player, { provider: 'askmebet', amount: '1234.56' });
    expect(res.statusCode).toBe(201);
    const { withdrawal } = res.json();
    // 1234.56 x 600.5 = 741353.28, rounded down to the kip.
    expect(withdrawal).toMatchObject({
      provider: 'askmebet',
      status: 'SUCCESS',
      amountWithdrawn: '1234.56',
      rate: '600.5',
      creditReceived: '741353',
      amountReceived: '741353',
      creditReturned: '0.00',
      bankName: 'bcel',
      accountName: 'SOMPHONE KEOMANY',
      reason: null,
    });
    expect(withdrawal.code).toMatch(/^W[0-9A-F]{15}$/);
    expect(await creditAt(player)).toBe('765.44');
    const paid = await t.db
      .selectFrom('sandbox_bank_payouts')
      .selectAll()
      .where('ref', 'like', 'wd-%')
      .where('account_number', '=', withdrawal.accountNumber)
      .executeTakeFirstOrThrow();
    expect(paid).toMatchObject({ amount_kip: '741353', status: 'PAID', bank: 'bcel' });

    const listed = await history(player);
    expect(listed).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(listed.items).toEqual([withdrawal]);
    expect(await balanceOf(t.db, agencyId, { kind: 'payout_clearing', currency: 'THB' })).toBe(0n);
    // The kip side: the fixed 741,353 kip left agency cash for the payee, once.
    const kip = await t.db
      .selectFrom('ledger_transfers')
      .select(['kind', 'refs'])
      .where('agency_id', '=', agencyId)
      .where('kind', '=', 'WITHDRAWAL_PAYOUT_KIP')
      .where(sql<boolean>`refs->>'withdrawal' = ${withdrawal.code}`)
      .execute();
    expect(kip).toEqual([{ kind: 'WITHDRAWAL_PAYOUT_KIP', refs: expect.objectContaining({ kip: '741353' }) }]);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('replays the same Idempotency-Key with the same result and moves nothing more; another body with it is 409', async () => {
    const player = await playerWith(500_00n);
    const key = newKey();
    const first = await withdraw(player, { provider: 'askmebet', amount: '200' }, key);
    expect(first.statusCode).toBe(201);
    const again = await withdraw(player, { provider: 'askmebet', amount: '200.00' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await creditAt(player)).toBe('300.00');

    const other = await withdraw(player, { provider: 'askmebet', amount: '250' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(await creditAt(player)).toBe('300.00');
    expect((await history(player)).total).toBe(1);
  });
});

describe('the rules of a withdrawal: each refusal has a code and moves nothing', () => {
  const cases: { name: string; body: Record<string, unknown>; status: number; code: string; bank?: boolean; key?: null }[] = [
    { name: 'no Idempotency-Key', body: { provider: 'askmebet', amount: '150' }, status: 400, code: 'IDEMPOTENCY_KEY_REQUIRED', key: null },
    { name: 'an unknown provider', body: { provider: 'pgsoft', amount: '150' }, status: 400, code: 'UNKNOWN_PROVIDER' },
    { name: 'a non-numeric amount', body: { provider: 'askmebet', amount: 'abc' }, status: 400, code: 'INVALID_AMOUNT' },
    { name: 'three decimals', body: { provider: 'askmebet', amount: '150.001' }, status: 400, code: 'INVALID_AMOUNT' },
    { name: 'a zero amount', body: { provider: 'askmebet', amount: '0.00' }, status: 400, code: 'INVALID_AMOUNT' },
    { name: 'a negative amount', body: { provider: 'askmebet', amount: '-150' }, status: 400, code: 'INVALID_AMOUNT' },
    { name: 'an object instead of an amount', body: { provider: 'askmebet', amount: { thb: '150' } }, status: 400, code: 'INVALID_AMOUNT' },
    { name: 'a JSON number', body: { provider: 'askmebet', amount: 150 }, status: 400, code: 'INVALID_AMOUNT' },
    { name: 'no provider', body: { amount: '150' }, status: 400, code: 'VALIDATION_ERROR' },
    { name: 'below the 100 THB minimum', body: { provider: 'askmebet', amount: '99.99' }, status: 400, code: 'WITHDRAW_BELOW_MINIMUM' },
    {
      name: 'above the 100,000 THB maximum',
      body: { provider: 'askmebet', amount: '100000.01' },
      status: 400,
      code: 'WITHDRAW_ABOVE_MAXIMUM',
    },
    { name: 'more than the credit', body: { provider: 'askmebet', amount: '1000.01' }, status: 409, code: 'INSUFFICIENT_CREDIT' },
    {
      name: 'another provider than the one holding the credit',
      body: { provider: 'betflix', amount: '150' },
      status: 409,
      code: 'INSUFFICIENT_CREDIT',
    },
    { name: 'no bank account', body: { provider: 'askmebet', amount: '150' }, status: 400, code: 'BANK_ACCOUNT_REQUIRED', bank: false },
  ];
  it.each(cases)('refuses $name with $code', async ({ body, status, code, bank, key }) => {
    const player = await playerWith(1000_00n, { bank });
    const res = await withdraw(player, body, key === null ? null : newKey());
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code });
    expect(await creditAt(player)).toBe('1000.00');
    expect((await history(player)).total).toBe(0);
  });

  it('follows the one Idempotency-Key rule: 8 to 100 visible ASCII characters', async () => {
    const player = await playerWith(1000_00n);
    for (const key of ['seven-7', 'k'.repeat(101), 'has space', 'clé-secrète']) {
      const res = await withdraw(player, { provider: 'askmebet', amount: '150' }, key);
      expect({ key, status: res.statusCode, code: res.json().code }).toEqual({ key, status: 400, code: 'IDEMPOTENCY_KEY_REQUIRED' });
    }
    expect(await creditAt(player)).toBe('1000.00');
    expect((await history(player)).total).toBe(0);
    expect((await withdraw(player, { provider: 'askmebet', amount: '150' }, 'eight-88')).statusCode).toBe(201);
    expect((await withdraw(player, { provider: 'askmebet', amount: '150' }, 'h'.repeat(100))).statusCode).toBe(201);
    expect((await history(player)).total).toBe(2);
  });

  it('refuses with EXCHANGE_RATE_MISSING while the agency has no THB rate', async () => {
    const player = await playerWith(1000_00n, { agency: bareAgencyId });
    const res = await withdraw(player, { provider: 'askmebet', amount: '150' }, newKey(), BARE_HOST);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'EXCHANGE_RATE_MISSING' });
    expect(await creditAt(player, 'askmebet', BARE_HOST)).toBe('1000.00');
  });

  it('allows the daily count of withdrawals (3 here) and refuses the next with WITHDRAW_DAILY_LIMIT', async () => {
    const player = await playerWith(1000_00n);
    const limits = async () =>
      (await t.app.inject({ url: '/api/v2/withdrawals/limits', headers: { host: HOST, cookie: player.cookie } })).json();
    expect(await limits()).toEqual({ minAmount: '100.00', maxAmount: '100000.00', dailyLimit: 3, usedToday: 0 });
    for (let i = 0; i < 3; i++) expect((await withdraw(player, { provider: 'askmebet', amount: '100' })).statusCode).toBe(201);
    const fourth = await withdraw(player, { provider: 'askmebet', amount: '100' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ code: 'WITHDRAW_DAILY_LIMIT' });
    expect(await creditAt(player)).toBe('700.00');
    expect(await limits()).toMatchObject({ usedToday: 3 });
  });

  it('needs a player session of this agency', async () => {
    const player = await playerWith(0n);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/withdrawals',
      headers: { host: HOST, 'content-type': 'application/json', 'idempotency-key': newKey() },
      payload: '{"provider":"askmebet","amount":"150"}',
    });
    expect(res.statusCode).toBe(401);
    expect((await withdraw(player, { provider: 'askmebet', amount: '150' }, newKey(), BARE_HOST)).statusCode).toBe(401);
  });
});

describe('money never comes out twice', () => {
  it('two withdrawals racing for the same credit: only what exists comes out', async () => {
    const player = await playerWith(1000_00n);
    const results = await racing(t, () =>
      Promise.all([withdraw(player, { provider: 'askmebet', amount: '700' }), withdraw(player, { provider: 'askmebet', amount: '700' })]),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'INSUFFICIENT_CREDIT' });
    expect(await creditAt(player)).toBe('300.00');
    expect((await history(player)).items.map((w) => w.status)).toEqual(['SUCCESS']);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('the same request sent twice at once is one withdrawal', async () => {
    const player = await playerWith(1000_00n);
    const key = newKey();
    const results = await racing(t, () =>
      Promise.all([
        withdraw(player, { provider: 'askmebet', amount: '400' }, key),
        withdraw(player, { provider: 'askmebet', amount: '400' }, key),
      ]),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(results[0].json().withdrawal.code).toBe(results[1].json().withdrawal.code);
    expect(await creditAt(player)).toBe('600.00');
  });
});

describe('withdrawals above the auto-approve limit', () => {
  it('stay OPEN (listed as open); a rejection returns the credit exactly once and shows it', async () => {
    const player = await playerWith(9000_00n);
    const res = await withdraw(player, { provider: 'askmebet', amount: '6000' });
    expect(res.statusCode).toBe(201);
    const { withdrawal } = res.json();
    expect(withdrawal).toMatchObject({ status: 'OPEN', amountReceived: null, creditReceived: '3603000' });
    expect(await creditAt(player)).toBe('3000.00');
    const open = await t.app.inject({ url: '/api/v2/withdrawals/open', headers: { host: HOST, cookie: player.cookie } });
    expect(open.json().items.map((w: Withdrawal) => w.code)).toEqual([withdrawal.code]);

    const payoutsBefore = await sandboxPayouts();
    const rejected = await admin(`/api/v2/admin/withdrawals/${withdrawal.code}/reject`, { reason: 'account name does not match' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().withdrawal).toMatchObject({
      status: 'REJECTED',
      creditReturned: '6000.00',
      reason: 'account name does not match',
    });
    expect(await creditAt(player)).toBe('9000.00');

    const twice = await admin(`/api/v2/admin/withdrawals/${withdrawal.code}/reject`, { reason: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'WITHDRAWAL_NOT_OPEN' });
    const approveAfter = await admin(`/api/v2/admin/withdrawals/${withdrawal.code}/approve`);
    expect(approveAfter.statusCode).toBe(409);
    expect((await reconcileWithdrawals(deps, { olderThanMs: 0 })).returned).toBe(0);
    expect(await creditAt(player)).toBe('9000.00');
    expect(await sandboxPayouts()).toBe(payoutsBefore);
    const returns = await t.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('kind', '=', 'WITHDRAWAL_RETURN')
      .where(sql<boolean>`refs->>'withdrawal' = ${withdrawal.code}`)
      .execute();
    expect(returns).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/v2/withdrawals/open', headers: { host: HOST, cookie: player.cookie } })).json().items).toEqual(
      [],
    );
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('are paid out when an operator approves', async () => {
    const player = await playerWith(6000_00n);
    const { withdrawal } = (await withdraw(player, { provider: 'askmebet', amount: '5000.01' })).json();
    expect(withdrawal.status).toBe('OPEN');
    const approved = await admin(`/api/v2/admin/withdrawals/${withdrawal.code}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().withdrawal).toMatchObject({ status: 'SUCCESS', amountReceived: '3002506', creditReturned: '0.00' });
    expect(await creditAt(player)).toBe('999.99');
  });
});

describe('payout outcomes', () => {
  it('a declined payout is FAILED for good and the credit goes back to the provider', async () => {
    const player = await playerWith(1000_00n);
    await setPayoutFault('payout', 'decline');
    const res = await withdraw(player, { provider: 'askmebet', amount: '400' });
    expect(res.statusCode).toBe(201);
    expect(res.json().withdrawal).toMatchObject({ status: 'FAILED', creditReturned: '400.00', amountReceived: null });
    expect(res.json().withdrawal.reason).toMatch(/^payout failed: /);
    expect(await creditAt(player)).toBe('1000.00');
    // A failed payout does not use up one of the day's withdrawals.
    expect(
      (await t.app.inject({ url: '/api/v2/withdrawals/limits', headers: { host: HOST, cookie: player.cookie } })).json().usedToday,
    ).toBe(0);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a payout whose answer never came (the bank paid) stays OPEN until the reconciler learns it was paid', async () => {
    const player = await playerWith(1000_00n);
    await setPayoutFault('payout', 'timeout');
    const res = await withdraw(player, { provider: 'askmebet', amount: '300' });
    expect(res.json().withdrawal).toMatchObject({ status: 'OPEN', amountReceived: null });
    await setPayoutFault('payout_status', 'error');
    expect(await reconcileWithdrawals(deps, { olderThanMs: 0 })).toMatchObject({ settled: 0, unresolved: 1 });
    expect((await history(player)).items[0].status).toBe('OPEN');
    await t.app.inject({ method: 'PUT', url: '/sandbox/bank/api/faults', payload: { operation: 'payout_status', mode: 'none' } });

    const report = await reconcileOnce(deps, { olderThanMs: 0 });
    expect(report.withdrawals).toMatchObject({ settled: 1, unresolved: 0 });
    expect((await history(player)).items[0]).toMatchObject({ status: 'SUCCESS', amountReceived: '180150', creditReturned: '0.00' });
    expect(await creditAt(player)).toBe('700.00');
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a payout the gateway never received is sent again with the same ref by the reconciler, and paid once', async () => {
    const player = await playerWith(1000_00n);
    await setPayoutFault('payout', 'error');
    const { withdrawal } = (await withdraw(player, { provider: 'askmebet', amount: '150' })).json();
    expect(withdrawal.status).toBe('OPEN');
    const approve = await admin(`/api/v2/admin/withdrawals/${withdrawal.code}/approve`);
    expect(approve.statusCode).toBe(409);
    await t.app.inject({ method: 'PUT', url: '/sandbox/bank/api/faults', payload: { operation: 'payout', mode: 'none' } });
    const before = await sandboxPayouts();
    await reconcileWithdrawals(deps, { olderThanMs: 0 });
    await reconcileWithdrawals(deps, { olderThanMs: 0 });
    expect(await sandboxPayouts()).toBe(before + 1);
    expect((await history(player)).items[0]).toMatchObject({ status: 'SUCCESS', amountReceived: '90075' });
  });

  it('credit taken out while the provider did not answer becomes an OPEN withdrawal through the reconciler, never lost', async () => {
    const player = await playerWith(1000_00n);
    const member = await ensureMember(deps, { agencyId, playerId: player.id, provider: 'askmebet' });
    const fault = await t.app.inject({
      method: 'POST',
      url: '/sandbox/providers/askmebet/faults',
      payload: { mode: 'delay', delayMs: PROVIDER_TIMEOUT_MS + 1000, calls: 1, operations: ['transfer'] },
    });
    expect(fault.statusCode).toBe(204);
    const key = newKey();
    const res = await withdraw(player, { provider: 'askmebet', amount: '250' }, key);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    // The provider did the transfer late.
    const wallet = async () =>
      BigInt(
        (
          await t.db
            .selectFrom('sandbox_provider_wallets')
            .select('balance')
            .where('provider', '=', 'askmebet')
            .where('member', '=', member)
            .executeTakeFirstOrThrow()
        ).balance,
      );
    while ((await wallet()) !== 750_00n) await new Promise((resolve) => setTimeout(resolve, 100));

    const report = await reconcileOnce(deps, { olderThanMs: 0 });
    expect(report).toMatchObject({ posted: 1, withdrawals: { recorded: 1 } });
    const [recorded] = (await history(player)).items;
    expect(recorded).toMatchObject({ status: 'SUCCESS', amountWithdrawn: '250.00', amountReceived: '150125' });
    const replay = await withdraw(player, { provider: 'askmebet', amount: '250' }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().withdrawal.code).toBe(recorded.code);
    expect(await creditAt(player)).toBe('750.00');
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a transfer the provider never received is refused for good with WITHDRAW_REJECTED, so the next request takes a new key', async () => {
    const player = await playerWith(1000_00n);
    await ensureMember(deps, { agencyId, playerId: player.id, provider: 'askmebet' });
    // As many errors as the client tries a call that fails fast.
    const fault = await t.app.inject({
      method: 'POST',
      url: '/sandbox/providers/askmebet/faults',
      payload: { mode: 'error', calls: 3, operations: ['transfer'] },
    });
    expect(fault.statusCode).toBe(204);
    const key = newKey();
    const first = await withdraw(player, { provider: 'askmebet', amount: '250' }, key);
    expect(first.statusCode).toBe(503);
    // The reconciler asks about the ref first: never received, it can no longer run.
    expect(await reconcileOnce(deps, { olderThanMs: 0 })).toMatchObject({ voided: 1 });
    for (let retry = 0; retry < 2; retry++) {
      const again = await withdraw(player, { provider: 'askmebet', amount: '250' }, key);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'WITHDRAW_REJECTED', message: expect.stringContaining('NOT_RECEIVED') });
    }
    expect(await creditAt(player)).toBe('1000.00');
    expect((await history(player)).items).toEqual([]);
    const next = await withdraw(player, { provider: 'askmebet', amount: '250' }, newKey());
    expect(next.statusCode).toBe(201);
    expect(await creditAt(player)).toBe('750.00');
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
