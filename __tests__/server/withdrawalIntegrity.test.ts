import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { addTestBankAccount, createTestPlayer, fundTestCredit, type TestPlayer } from '../support/players';
import { ledgerViolations } from '../support/ledgerInvariant';
import { loadConfig } from '../../server/config';
import { setRate } from '../../server/domain/agencies';
import { balanceOf } from '../../server/domain/ledger';
import { reconcileOnce } from '../../server/domain/reconciler';
import type { WithdrawalDeps } from '../../server/domain/withdrawals';

/**
 * What the money rules promise when requests race: the daily limit is counted under the player's
 * lock, so requests at once cannot all pass it.
 */

const HOST = 'integrity.example';
const DAILY_LIMIT = 5;

let t: TestApp;
let deps: WithdrawalDeps;
let agencyId: string;

beforeAll(async () => {
  const defaults = loadConfig({});
  t = await buildTestApp({ withdrawals: { ...defaults.withdrawals, dailyLimit: DAILY_LIMIT } });
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

async function usedToday(player: TestPlayer): Promise<number> {
  const res = await t.app.inject({ url: '/api/v2/withdrawals/limits', headers: { host: HOST, cookie: player.cookie } });
  return res.json().usedToday;
}

describe('the daily limit under concurrency', () => {
  it('20 concurrent withdrawals against a daily limit of 5', async () => {
    const player = await playerWith(10_000_00n);
    const answers = await Promise.all(Array.from({ length: 20 }, () => withdraw(player, '100')));

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
