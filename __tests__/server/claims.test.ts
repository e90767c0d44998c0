import { DEMO_RECEIVING_ACCOUNT } from '../../server/seed';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { racingOn } from '../support/db';
import { ledgerViolations } from '../support/ledgerInvariant';
import { loggedInOperator } from '../support/operators';
import { createTestPlayerWithBank, fundTestCredit, type TestPlayer } from '../support/players';
import { setRate } from '../../server/domain/agencies';
import { claim, requestHash, scopes, type ClaimScope } from '../../server/domain/claims';
import { setReceivingAccount } from '../../server/domain/deposits';
import { AppError } from '../../server/domain/errors';

/**
 * The one idempotency rule on real PostgreSQL: claim gives new, replay or 409 for another request
 * under the same key, keeps scopes apart, and two claims of one key at once give one 'new'; every
 * money action that takes an Idempotency-Key answers 409 IDEMPOTENCY_CONFLICT to a reused key with
 * another request, and changes nothing then.
 */

const SECRET = 'claims-webhook-secret';
let t: TestApp;
let agencyId: string;
let otherAgencyId: string;
let origin: string;
let owner: string;

beforeAll(async () => {
  t = await buildTestApp({ laoqrWebhookSecret: SECRET });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  agencyId = (await createTestAgency(t, 'claims', ['localhost', '127.0.0.1'])).id;
  otherAgencyId = (await createTestAgency(t, 'otherclaims', ['other-claims.example'])).id;
  await setRate(t.db, agencyId, 'THB', '600', '640', 'test');
  await setReceivingAccount(t.db, agencyId, DEMO_RECEIVING_ACCOUNT);
  owner = await loggedInOperator(t, agencyId, { username: 'claims-owner' });
});
afterEach(async () => expect(await ledgerViolations(t.db)).toEqual([]));
afterAll(() => t.close());

let serial = 0;
const newKey = () => `claim-key-${(serial += 1)}-${Date.now()}`;

const claimOnce = (scope: ClaimScope, key: string, hash: string) => t.db.transaction().execute((trx) => claim(trx, scope, key, hash));

const claimsOf = (key: string) =>
  t.db.selectFrom('idempotency_claims').select(['agency_id', 'scope', 'request_hash']).where('idempotency_key', '=', key).execute();

describe('claim', () => {
  const review = () => scopes.depositReview(agencyId);

  it('is new the first time and a replay for the same request again', async () => {
    const key = newKey();
    const hash = requestHash('refund', 'payment-1', 'asked by the payer');
    await expect(claimOnce(review(), key, hash)).resolves.toBe('new');
    await expect(claimOnce(review(), key, hash)).resolves.toBe('replay');
    expect(await claimsOf(key)).toEqual([{ agency_id: agencyId, scope: 'deposit-review', request_hash: hash }]);
  });

  it('refuses another request under the key with 409 IDEMPOTENCY_CONFLICT and keeps the first claim', async () => {
    const key = newKey();
    const first = requestHash('refund', 'payment-1', 'asked by the payer');
    await claimOnce(review(), key, first);
    const refusal = await claimOnce(review(), key, requestHash('refund', 'payment-2', 'asked by the payer')).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ statusCode: 409, code: 'IDEMPOTENCY_CONFLICT' });
    expect(await claimsOf(key)).toEqual([{ agency_id: agencyId, scope: 'deposit-review', request_hash: first }]);
  });

  it('leaves no claim behind when the transaction that made it rolls back', async () => {
    const key = newKey();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await claim(trx, review(), key, requestHash('x'));
        throw new Error('the decision failed');
      }),
    ).rejects.toThrow('the decision failed');
    expect(await claimsOf(key)).toEqual([]);
    await expect(claimOnce(review(), key, requestHash('y'))).resolves.toBe('new');
  });

  it('keeps scopes apart: one key in two scopes, two players or two agencies is a claim in each', async () => {
    const key = newKey();
    const player = { agencyId, playerId: '00000000-0000-4000-8000-000000000001' };
    const another = { agencyId, playerId: '00000000-0000-4000-8000-000000000002' };
    const claimed = [
      scopes.depositReview(agencyId),
      scopes.withdrawalDecisions(agencyId),
      scopes.playerDeposits(player),
      scopes.playerDeposits(another),
      scopes.playerWithdrawals(player),
      scopes.depositReview(otherAgencyId),
    ];
    for (const [n, scope] of claimed.entries()) await expect(claimOnce(scope, key, requestHash(String(n)))).resolves.toBe('new');
    expect(await claimsOf(key)).toHaveLength(claimed.length);
  });

  it('gives exactly one new to the same key claimed at once from two connections', async () => {
    for (let round = 0; round < 5; round += 1) {
      const key = newKey();
      const hash = requestHash('race', String(round));
      const outcomes = await racingOn(t, (db) =>
        Promise.all(
          [0, 1].map(() =>
            db.transaction().execute(async (trx) => {
              const outcome = await claim(trx, review(), key, hash);
              // Held open so the other claim comes while this one is not committed yet.
              await new Promise((resolve) => setTimeout(resolve, 150));
              return outcome;
            }),
          ),
        ),
      );
      expect(outcomes.sort()).toEqual(['new', 'replay']);
      expect(await claimsOf(key)).toHaveLength(1);
    }
  });

  it('hashes the parts apart, the same parts the same', () => {
    expect(requestHash('a', 'b')).toBe(requestHash('a', 'b'));
    expect(requestHash('a', 'b')).not.toBe(requestHash('b', 'a'));
    expect(requestHash('ab', 'c')).not.toBe(requestHash('a', 'bc'));
  });
});

describe('every money action with an Idempotency-Key answers 409 to a reused key with another request', () => {
  const post = (url: string, cookie: string, key: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v2${url}`,
      headers: { host: 'localhost', cookie, 'idempotency-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  const expectConflict = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
  };

  const countOf = async (table: 'deposit_orders' | 'withdrawals' | 'player_breaks' | 'operator_audit_log', playerId?: string) => {
    let query = t.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n'));
    if (playerId && table !== 'operator_audit_log') query = query.where('player_id', '=', playerId);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  it('a player deposit; a replay still returns the first order after the bank account is gone', async () => {
    const player = await createTestPlayerWithBank(t.db, agencyId);
    const key = newKey();
    const first = await post('/deposits', player.cookie, key, { provider: 'askmebet', amount: '100000' });
    expect(first.statusCode).toBe(201);
    expectConflict(await post('/deposits', player.cookie, key, { provider: 'askmebet', amount: '200000' }));
    expect(await countOf('deposit_orders', player.id)).toBe(1);
    await t.db.deleteFrom('bank_accounts').where('player_id', '=', player.id).execute();
    const replay = await post('/deposits', player.cookie, key, { provider: 'askmebet', amount: '100000' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().order.code).toBe(first.json().order.code);
  });

  it('a player withdrawal', async () => {
    const player = await createTestPlayerWithBank(t.db, agencyId);
    await fundTestCredit({ db: t.db, providers: t.app.providers }, agencyId, player.id, 1000_00n);
    const key = newKey();
    const first = await post('/withdrawals', player.cookie, key, { provider: 'askmebet', amount: '200.00' });
    expect(first.statusCode).toBe(201);
    expectConflict(await post('/withdrawals', player.cookie, key, { provider: 'askmebet', amount: '300.00' }));
    expect(await countOf('withdrawals', player.id)).toBe(1);
    const replay = await post('/withdrawals', player.cookie, key, { provider: 'askmebet', amount: '200.00' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().withdrawal.code).toBe(first.json().withdrawal.code);
  });

  it('a player break', async () => {
    const player = await createTestPlayerWithBank(t.db, agencyId);
    const key = newKey();
    const first = await post('/players/exclusions', player.cookie, key, { kind: 'TIME_OUT', duration: 'HOURS_24' });
    expect(first.statusCode).toBeLessThan(300);
    expectConflict(await post('/players/exclusions', player.cookie, key, { kind: 'TIME_OUT', duration: 'DAYS_7' }));
    expect(await countOf('player_breaks', player.id)).toBe(1);
  });

  it('an operator decision on a withdrawal', async () => {
    const player: TestPlayer = await createTestPlayerWithBank(t.db, agencyId, 'NOY PHOMMA');
    await fundTestCredit({ db: t.db, providers: t.app.providers }, agencyId, player.id, 30000_00n);
    const opened = await post('/withdrawals', player.cookie, newKey(), { provider: 'askmebet', amount: '6000.00' });
    expect(opened.json().withdrawal.status).toBe('OPEN');
    const code: string = opened.json().withdrawal.code;
    const key = newKey();
    expect((await post(`/admin/withdrawals/${code}/approve`, owner, key, {})).statusCode).toBe(200);
    const audited = await countOf('operator_audit_log');
    expectConflict(await post(`/admin/withdrawals/${code}/reject`, owner, key, { reason: 'changed my mind' }));
    expect(await countOf('operator_audit_log')).toBe(audited);
  });

  it('an action of the deposit review', async () => {
    const player = await createTestPlayerWithBank(t.db, agencyId);
    const order = await post('/deposits', player.cookie, newKey(), { provider: 'askmebet', amount: '100000' });
    const paid = await fetch(`${origin}/sandbox/bank/api/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payload: order.json().qr.payload, amount: '123456' }),
    });
    expect(paid.status).toBe(201);
    const { id } = await t.db
      .selectFrom('deposit_unmatched_payments')
      .select('id')
      .where('bill_number', '=', order.json().order.code)
      .executeTakeFirstOrThrow();
    const key = newKey();
    expect((await post(`/admin/deposits/unmatched/${id}/refund`, owner, key, { reason: 'payer asked for it back' })).statusCode).toBe(200);
    const audited = await countOf('operator_audit_log');
    expectConflict(await post(`/admin/deposits/unmatched/${id}/refund`, owner, key, { reason: 'another reason' }));
    expect(await countOf('operator_audit_log')).toBe(audited);
  });

  it('an owner funding the bonus pool', async () => {
    const key = newKey();
    const first = await post('/admin/bonus-pool/fund', owner, key, { amount: '100.00', reason: 'budget' });
    expect(first.statusCode).toBe(200);
    expectConflict(await post('/admin/bonus-pool/fund', owner, key, { amount: '200.00', reason: 'budget' }));
    const replay = await post('/admin/bonus-pool/fund', owner, key, { amount: '100.00', reason: 'budget' });
    expect(replay.json()).toEqual({ balance: first.json().balance, replayed: true });
  });
});
