import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { buildTestApp, createTestAgency, racing, type TestApp } from '../support/app';
import { ledgerViolations } from '../support/ledgerInvariant';
import { loggedInOperator } from '../support/operators';
import { createTestPlayerWithBank, fundTestCredit, type TestPlayer } from '../support/players';
import { setRate } from '../../server/domain/agencies';

const A = 'alpha.example';
const B = 'bravo.example';
let t: TestApp;
let alphaId: string;
let bravoId: string;
let owner: string;
let staff: string;
let staff2: string;
let bravoOwner: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  alphaId = (await createTestAgency(t, 'alpha', [A])).id;
  bravoId = (await createTestAgency(t, 'bravo', [B])).id;
  for (const id of [alphaId, bravoId]) await setRate(t.db, id, 'THB', '600', '640', 'test');
  owner = await loggedInOperator(t, alphaId, { username: 'anna', host: A });
  staff = await loggedInOperator(t, alphaId, { username: 'sam', password: 'staff-password-1', role: 'staff', host: A });
  staff2 = await loggedInOperator(t, alphaId, { username: 'kham', password: 'staff-password-2', role: 'staff', host: A });
  bravoOwner = await loggedInOperator(t, bravoId, { username: 'bora', host: B });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown, host = A) =>
  t.app.inject({
    method,
    url,
    headers: {
      host,
      cookie,
      ...(method === 'POST' && { 'idempotency-key': randomUUID() }),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });

const setFourEyes = (fourEyesThb: string | null, cookie = owner, host = A) =>
  call('PUT', '/api/v2/admin/settings/withdrawal-review', cookie, { fourEyesThb, reason: 'large payouts need two' }, host);

/** An OPEN withdrawal (above the auto-approve limit of 5.000 THB) of THB `amount` by a new player of the agency. */
async function openWithdrawal(amount: string, agencyId = alphaId, host = A): Promise<{ player: TestPlayer; code: string }> {
  const player = await createTestPlayerWithBank(t.db, agencyId, 'NOY PHOMMA');
  await fundTestCredit({ db: t.db, providers: t.app.providers }, agencyId, player.id, 30000_00n);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/withdrawals',
    headers: { host, cookie: player.cookie, 'content-type': 'application/json', 'idempotency-key': `review-test-${player.id}` },
    payload: JSON.stringify({ provider: 'askmebet', amount }),
  });
  expect(res.json().withdrawal.status).toBe('OPEN');
  return { player, code: res.json().withdrawal.code };
}

const approve = (code: string, cookie: string) => call('POST', `/api/v2/admin/withdrawals/${code}/approve`, cookie);
const statusOf = async (code: string) =>
  t.db.selectFrom('withdrawals').select(['status', 'payout_ref']).where('code', '=', code).executeTakeFirstOrThrow();
const auditOf = (action: string, target?: string) =>
  t.db
    .selectFrom('operator_audit_log')
    .selectAll()
    .where('action', '=', action)
    .$if(target !== undefined, (q) => q.where('target', '=', target!))
    .orderBy('id')
    .execute();
let depositSerial = 0;
/** A deposit of THB credit (satang) the player made and got credited, written directly: only its history matters here. */
async function creditedDeposit(playerId: string, satang: bigint) {
  depositSerial += 1;
  await t.db
    .insertInto('deposit_orders')
    .values({
      agency_id: alphaId,
      code: `DREVIEW${depositSerial}`,
      player_id: playerId,
      provider: 'askmebet',
      amount_kip: (satang * 640n) / 100n,
      credit_satang: satang,
      rate_sell: '640',
      rate_effective_at: new Date(),
      status: 'SUCCESS',
      idempotency_key: `review-deposit-${depositSerial}`,
      expires_at: new Date(Date.now() + 60_000),
    })
    .execute();
}
const payoutCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('sandbox_bank_payouts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the four-eyes setting', () => {
  it('is off at first, read by staff, set by owners only, with an audited reason', async () => {
    expect((await call('GET', '/api/v2/admin/settings/withdrawal-review', staff)).json()).toEqual({ fourEyesThb: null });
    const refused = await setFourEyes('10000', staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await call('GET', '/api/v2/admin/settings/withdrawal-review', staff)).json()).toEqual({ fourEyesThb: null });

    const set = await setFourEyes('10000');
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ fourEyesThb: '10000.00' });
    expect((await call('GET', '/api/v2/admin/settings/withdrawal-review', staff)).json()).toEqual({ fourEyesThb: '10000.00' });
    const [audit] = (await auditOf('SET_WITHDRAWAL_FOUR_EYES')).slice(-1);
    expect(audit).toMatchObject({
      actor: 'anna',
      agency_id: alphaId,
      reason: 'large payouts need two',
      details: { fourEyesThb: '10000.00' },
    });
    // Another agency's setting is its own.
    expect((await call('GET', '/api/v2/admin/settings/withdrawal-review', bravoOwner, undefined, B)).json()).toEqual({ fourEyesThb: null });
  });

  it.each([['-1'], ['10.001'], ['abc'], ['1e5'], [''], ['12,50']])('refuses %p with 400 and changes nothing', async (amount) => {
    const audits = (await auditOf('SET_WITHDRAWAL_FOUR_EYES')).length;
    const res = await setFourEyes(amount);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_AMOUNT' });
    expect((await call('GET', '/api/v2/admin/settings/withdrawal-review', owner)).json()).toEqual({ fourEyesThb: '10000.00' });
    expect(await auditOf('SET_WITHDRAWAL_FOUR_EYES')).toHaveLength(audits);
  });

  it('refuses a change without a reason', async () => {
    const res = await call('PUT', '/api/v2/admin/settings/withdrawal-review', owner, { fourEyesThb: '500' });
    expect(res.statusCode).toBe(400);
    expect((await call('GET', '/api/v2/admin/settings/withdrawal-review', owner)).json()).toEqual({ fourEyesThb: '10000.00' });
  });
});

describe('four-eyes approval at 10.000 THB', () => {
  beforeAll(async () => {
    expect((await setFourEyes('10000')).statusCode).toBe(200);
  });
  afterAll(async () => {
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('below the amount one approval pays', async () => {
    const { code } = await openWithdrawal('6000');
    const listed = (await call('GET', '/api/v2/admin/withdrawals?status=OPEN', staff))
      .json()
      .items.find((w: { code: string }) => w.code === code);
    expect(listed).toMatchObject({ approvals: [], approvalsNeeded: 1, awaitingSecondApproval: false });
    const res = await approve(code, staff);
    expect(res.json()).toMatchObject({ withdrawal: { status: 'SUCCESS' }, approvalsNeeded: 1, awaitingSecondApproval: false });
    expect(res.json().approvals.map((a: { operator: string }) => a.operator)).toEqual(['sam']);
  });

  it('at the amount: the first approval leaves it OPEN, the same operator again is 409, a second operator pays', async () => {
    const { player, code } = await openWithdrawal('10000');
    const before = await payoutCount();
    const first = await approve(code, staff);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ withdrawal: { status: 'OPEN' }, approvalsNeeded: 2, awaitingSecondApproval: true });
    expect(first.json().approvals).toEqual([{ operator: 'sam', at: expect.any(String) }]);
    expect(await statusOf(code)).toEqual({ status: 'OPEN', payout_ref: null });
    const listed = (await call('GET', '/api/v2/admin/withdrawals?status=OPEN', owner))
      .json()
      .items.find((w: { code: string }) => w.code === code);
    expect(listed).toMatchObject({ payoutSent: false, approvalsNeeded: 2, awaitingSecondApproval: true, approvals: [{ operator: 'sam' }] });

    const again = await approve(code, staff);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SECOND_APPROVER_REQUIRED' });
    expect(await statusOf(code)).toEqual({ status: 'OPEN', payout_ref: null });
    expect(await payoutCount()).toBe(before);

    const second = await approve(code, staff2);
    expect(second.json()).toMatchObject({ withdrawal: { status: 'SUCCESS', amountReceived: '6000000' }, awaitingSecondApproval: false });
    expect(second.json().approvals.map((a: { operator: string }) => a.operator)).toEqual(['sam', 'kham']);
    expect(await payoutCount()).toBe(before + 1);
    const audits = await auditOf('APPROVE_WITHDRAWAL', code);
    expect(audits.map((row) => [row.actor, row.details.approval])).toEqual([
      ['sam', '1 of 2'],
      ['kham', '2 of 2'],
    ]);
    const credit = await t.app.inject({ url: '/api/v2/players/credits/askmebet', headers: { host: A, cookie: player.cookie } });
    expect(credit.json().credit.amount).toBe('20000.00');
  });

  it('a reject after the first approval ends it and returns the credit', async () => {
    const { player, code } = await openWithdrawal('12000');
    expect((await approve(code, staff)).json()).toMatchObject({ awaitingSecondApproval: true });
    const rejected = await call('POST', `/api/v2/admin/withdrawals/${code}/reject`, owner, { reason: 'account name mismatch' });
    expect(rejected.json().withdrawal).toMatchObject({ status: 'REJECTED', creditReturned: '12000.00' });
    const late = await approve(code, staff2);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'WITHDRAWAL_NOT_OPEN' });
    const credit = await t.app.inject({ url: '/api/v2/players/credits/askmebet', headers: { host: A, cookie: player.cookie } });
    expect(credit.json().credit.amount).toBe('30000.00');
    expect(await auditOf('REJECT_WITHDRAWAL', code)).toMatchObject([{ actor: 'anna', reason: 'account name mismatch' }]);
  });

  it('two operators racing on the second approval: one pays, the other gets 409, one payout', async () => {
    const { code } = await openWithdrawal('15000');
    expect((await approve(code, staff)).json()).toMatchObject({ awaitingSecondApproval: true });
    const before = await payoutCount();
    const answers = await racing(t, () => Promise.all([approve(code, staff2), approve(code, owner)]));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.statusCode === 409)!.json()).toMatchObject({ code: 'WITHDRAWAL_NOT_OPEN' });
    expect(answers.find((res) => res.statusCode === 200)!.json().withdrawal.status).toBe('SUCCESS');
    expect(await payoutCount()).toBe(before + 1);
    expect(await auditOf('APPROVE_WITHDRAWAL', code)).toHaveLength(2);
  });

  it('below the amount two operators racing: one payout and one 409', async () => {
    const { code } = await openWithdrawal('7000');
    const before = await payoutCount();
    const answers = await racing(t, () => Promise.all([approve(code, staff), approve(code, staff2)]));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await payoutCount()).toBe(before + 1);
  });

  it('a withdrawal at the amount is not auto-approved even within the auto-approve limit', async () => {
    expect((await setFourEyes('1000')).statusCode).toBe(200);
    try {
      const player = await createTestPlayerWithBank(t.db, alphaId);
      await fundTestCredit({ db: t.db, providers: t.app.providers }, alphaId, player.id, 3000_00n);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/withdrawals',
        headers: { host: A, cookie: player.cookie, 'content-type': 'application/json', 'idempotency-key': `review-auto-${player.id}` },
        payload: JSON.stringify({ provider: 'askmebet', amount: '2000' }),
      });
      expect(res.json().withdrawal.status).toBe('OPEN');
    } finally {
      expect((await setFourEyes('10000')).statusCode).toBe(200);
    }
  });
});

describe('the review beside a queued withdrawal', () => {
  it('shows the recent history, 7-day totals and the risk flags with their evidence', async () => {
    const { player, code } = await openWithdrawal('9000');
    const other = await createTestPlayerWithBank(t.db, alphaId);
    for (const [playerId, visitor] of [
      [player.id, 'visitor-shared'],
      [other.id, 'visitor-shared'],
    ]) {
      await t.db
        .insertInto('player_fingerprints')
        .values({ agency_id: alphaId, player_id: playerId, visitor_id: visitor, device: '{}', source: 'register' })
        .execute();
    }
    await creditedDeposit(player.id, 2000_00n);

    const res = await call('GET', `/api/v2/admin/withdrawals/${code}/review`, staff);
    expect(res.statusCode).toBe(200);
    const review = res.json();
    expect(review).toMatchObject({
      code,
      player: player.username,
      recentDeposits: [{ amount: '2000.00', status: 'SUCCESS' }],
      recentWithdrawals: [{ code, amount: '9000.00', status: 'OPEN' }],
      depositedLast7Days: '2000.00',
      withdrawnLast7Days: '9000.00',
    });
    expect(review.flags).toEqual([
      { flag: 'SHARED_DEVICE', usernames: [other.username] },
      { flag: 'NEW_ACCOUNT', registeredAt: expect.any(String), requestedAt: expect.any(String) },
      { flag: 'WITHDRAWS_MORE_THAN_DEPOSITED', deposited: '2000.00', withdrawn: '9000.00' },
      { flag: 'FIRST_WITHDRAWAL' },
    ]);
  });

  it('raises no flag for an older player who deposited more and withdrew before', async () => {
    const { player, code: earlier } = await openWithdrawal('6000');
    await call('POST', `/api/v2/admin/withdrawals/${earlier}/reject`, owner, { reason: 'test reject first' });
    await sql`UPDATE players SET created_at = now() - interval '3 days' WHERE id = ${player.id}`.execute(t.db);
    await creditedDeposit(player.id, 20000_00n);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/withdrawals',
      headers: { host: A, cookie: player.cookie, 'content-type': 'application/json', 'idempotency-key': `review-second-${player.id}` },
      payload: JSON.stringify({ provider: 'askmebet', amount: '7000' }),
    });
    const code = res.json().withdrawal.code as string;
    const review = (await call('GET', `/api/v2/admin/withdrawals/${code}/review`, staff)).json();
    expect(review.flags).toEqual([]);
    expect(review.recentWithdrawals.map((w: { code: string; status: string }) => [w.code, w.status])).toEqual([
      [code, 'OPEN'],
      [earlier, 'REJECTED'],
    ]);
    expect(review).toMatchObject({ depositedLast7Days: '20000.00', withdrawnLast7Days: '7000.00' });
  });

  it("is 404 for another agency's withdrawal", async () => {
    const { code } = await openWithdrawal('6000', bravoId, B);
    const res = await call('GET', `/api/v2/admin/withdrawals/${code}/review`, owner);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await approve(code, owner)).statusCode).toBe(404);
    expect(await statusOf(code)).toEqual({ status: 'OPEN', payout_ref: null });
  });
});
