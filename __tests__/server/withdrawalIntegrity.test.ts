import { buildTestApp, createTestAgency, racing, type TestApp } from '../support/app';
import { addTestBankAccount, createTestPlayer, fundTestCredit, type TestPlayer } from '../support/players';
import { ledgerViolations } from '../support/ledgerInvariant';
import { loadConfig } from '../../server/config';
import type { LaoQrGateway } from '../../server/adapters/payment';
import { setRate } from '../../server/domain/agencies';
import { balanceOf, findTransfer } from '../../server/domain/ledger';
import { ensureMember } from '../../server/domain/providerWallets';
import { reconcileOnce, reconcilePendingTransfers } from '../../server/domain/reconciler';
import { requestWithdrawal, type WithdrawalDeps } from '../../server/domain/withdrawals';
import { recordOpen } from '../../server/domain/withdrawals/service';

/**
 * What the money rules promise when requests race or a process dies: the daily limit is counted
 * under the player's lock, so requests at once cannot all pass it; an auto-approved withdrawal
 * recorded just before a crash is paid by the reconciler, and its key answers its state.
 */

const HOST = 'integrity.example';
const DAILY_LIMIT = 5;
const PROVIDER_TIMEOUT_MS = 2000;

let t: TestApp;
let deps: WithdrawalDeps;
let agencyId: string;

beforeAll(async () => {
  const defaults = loadConfig({});
  t = await buildTestApp({ providerTimeoutMs: PROVIDER_TIMEOUT_MS, withdrawals: { ...defaults.withdrawals, dailyLimit: DAILY_LIMIT } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  deps = { db: t.db, providers: t.app.providers, gateway: t.app.laoqrGateway, defaults: t.config.withdrawals };
  agencyId = (await createTestAgency(t, 'integrity', [HOST])).id;
  await setRate(t.db, agencyId, 'THB', '600.5', '640', 'test');
});
afterAll(() => t.close());

async function playerWith(credit: bigint): Promise<TestPlayer> {
  const player = await createTestPlayer(t.db, agencyId);
  await addTestBankAccount(t.db, agencyId, player.id);
  await fundTestCredit(deps, agencyId, player.id, credit);
  return player;
}

let keyCounter = 0;
const newKey = () => `integrity-${Date.now()}-${(keyCounter += 1)}`;

function withdraw(player: TestPlayer, amount: string, key = newKey()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/withdrawals',
    headers: { host: HOST, cookie: player.cookie, 'content-type': 'application/json', 'idempotency-key': key },
    payload: JSON.stringify({ provider: 'askmebet', amount }),
  });
}

const creditOf = (player: TestPlayer) => balanceOf(t.db, agencyId, { kind: 'player_credit', playerId: player.id, provider: 'askmebet' });

async function walletAt(member: string): Promise<bigint> {
  const wallet = await t.db
    .selectFrom('sandbox_provider_wallets')
    .select('balance')
    .where('provider', '=', 'askmebet')
    .where('member', '=', member)
    .executeTakeFirstOrThrow();
  return BigInt(wallet.balance);
}

const payoutsOf = (ref: string) => t.db.selectFrom('sandbox_bank_payouts').selectAll().where('ref', '=', ref).execute();

async function usedToday(player: TestPlayer): Promise<number> {
  const res = await t.app.inject({ url: '/api/v2/withdrawals/limits', headers: { host: HOST, cookie: player.cookie } });
  return res.json().usedToday;
}

describe('the daily limit under concurrency', () => {
  it('20 concurrent withdrawals against a daily limit of 5', async () => {
    const player = await playerWith(10_000_00n);
    const answers = await racing(t, () => Promise.all(Array.from({ length: 20 }, () => withdraw(player, '100'))));

    const accepted = answers.filter((res) => res.statusCode === 201);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(accepted).toHaveLength(DAILY_LIMIT);
    expect(refused).toHaveLength(20 - DAILY_LIMIT);
    for (const res of refused) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'WITHDRAW_DAILY_LIMIT' });
    }
    expect(accepted.map((res) => res.json().withdrawal.status)).toEqual(Array(DAILY_LIMIT).fill('SUCCESS'));
    // Credit moved for the five accepted and for nothing else.
    expect(await creditOf(player)).toBe(10_000_00n - BigInt(DAILY_LIMIT) * 100_00n);
    const withdrawals = await t.db.selectFrom('withdrawals').select('status').where('player_id', '=', player.id).execute();
    expect(withdrawals).toHaveLength(DAILY_LIMIT);
    const transfers = await t.db
      .selectFrom('ledger_transfers')
      .select('status')
      .where('agency_id', '=', agencyId)
      .where('kind', '=', 'WITHDRAWAL')
      .where('idempotency_key', 'like', `withdrawal:${player.id}:%`)
      .execute();
    expect(transfers.map((row) => row.status)).toEqual(Array(DAILY_LIMIT).fill('POSTED'));
    expect(await usedToday(player)).toBe(DAILY_LIMIT);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a withdrawal whose credit is still being taken counts towards the limit', async () => {
    const player = await playerWith(1000_00n);
    // Four recorded, and one whose provider transfer never answered (PENDING, no withdrawal yet).
    for (let i = 0; i < DAILY_LIMIT - 1; i++) expect((await withdraw(player, '100')).statusCode).toBe(201);
    const fault = await t.app.inject({
      method: 'POST',
      url: '/sandbox/providers/askmebet/faults',
      payload: { mode: 'error', calls: 3, operations: ['transfer'] },
    });
    expect(fault.statusCode).toBe(204);
    expect((await withdraw(player, '100')).statusCode).toBe(503);
    await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });

    expect(await usedToday(player)).toBe(DAILY_LIMIT);
    const next = await withdraw(player, '100');
    expect(next.statusCode).toBe(429);
    expect(next.json()).toMatchObject({ code: 'WITHDRAW_DAILY_LIMIT' });
    // Voided once the reconciler learns the provider never received it: the day's place is free again.
    expect(await reconcileOnce(deps, { olderThanMs: 0 })).toMatchObject({ voided: 1 });
    expect(await usedToday(player)).toBe(DAILY_LIMIT - 1);
    expect((await withdraw(player, '100')).statusCode).toBe(201);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('a crash between recording and paying a small withdrawal', () => {
  it('is paid by the reconciler, and a replay of its key answers its state', async () => {
    const player = await playerWith(1000_00n);
    const member = await ensureMember(deps, { agencyId, playerId: player.id, provider: 'askmebet' });
    // The provider takes the credit after the request gave up on it: a posted transfer, no withdrawal yet.
    const fault = await t.app.inject({
      method: 'POST',
      url: '/sandbox/providers/askmebet/faults',
      payload: { mode: 'delay', delayMs: PROVIDER_TIMEOUT_MS + 1000, calls: 1, operations: ['transfer'] },
    });
    expect(fault.statusCode).toBe(204);
    const key = newKey();
    expect((await withdraw(player, '300', key)).statusCode).toBe(503);
    while ((await walletAt(member)) !== 700_00n) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await reconcilePendingTransfers(deps, { olderThanMs: 0 })).toMatchObject({ posted: 1 });

    // Recorded the way the service records it, then the process dies before the payout is sent.
    const transfer = await findTransfer(t.db, agencyId, `withdrawal:${player.id}:${key}`);
    const { row: recorded } = await recordOpen(deps, transfer!);
    // Auto-approved as it was recorded: the payout's ref was written with the withdrawal.
    expect(recorded).toMatchObject({ status: 'OPEN', payout_ref: `wd-${recorded.id}`, decided_by: 'auto-approve' });
    expect(await payoutsOf(recorded.payout_ref!)).toEqual([]);

    const waiting = await withdraw(player, '300', key);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json().withdrawal).toMatchObject({ code: recorded.code, status: 'OPEN', amountReceived: null });

    const report = await reconcileOnce(deps, { olderThanMs: 0 });
    expect(report.withdrawals).toMatchObject({ recorded: 0, settled: 1, unresolved: 0 });
    expect(await payoutsOf(recorded.payout_ref!)).toMatchObject([{ amount_kip: '180150', status: 'PAID' }]);

    const replay = await withdraw(player, '300', key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().withdrawal).toMatchObject({
      code: recorded.code,
      status: 'SUCCESS',
      amountReceived: '180150',
      creditReturned: '0.00',
    });
    expect(await creditOf(player)).toBe(700_00n);
    expect(await balanceOf(t.db, agencyId, { kind: 'payout_clearing', currency: 'THB' })).toBe(0n);
    // Nothing is left for a second pass, and the bank paid once.
    expect((await reconcileOnce(deps, { olderThanMs: 0 })).withdrawals).toMatchObject({ recorded: 0, settled: 0, unresolved: 0 });
    expect(await payoutsOf(recorded.payout_ref!)).toHaveLength(1);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a process that dies while calling the gateway leaves a payout the reconciler finishes by its ref', async () => {
    const player = await playerWith(1000_00n);
    const key = newKey();
    const crashing: LaoQrGateway = { ...deps.gateway, payout: () => Promise.reject(new Error('the process died')) };
    await expect(
      requestWithdrawal({ ...deps, gateway: crashing }, { agencyId, playerId: player.id }, { provider: 'askmebet', amount: '150' }, key),
    ).rejects.toThrow('the process died');
    expect((await withdraw(player, '150', key)).json().withdrawal).toMatchObject({ status: 'OPEN' });

    expect((await reconcileOnce(deps, { olderThanMs: 0 })).withdrawals).toMatchObject({ settled: 1 });
    const replay = await withdraw(player, '150', key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().withdrawal).toMatchObject({ status: 'SUCCESS', amountReceived: '90075' });
    expect(await creditOf(player)).toBe(850_00n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
