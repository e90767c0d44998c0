import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { createTestPlayer, createTestPlayerWithBank, fundTestCredit, type TestPlayer } from '../support/players';
import { runAgencyCli } from '../../server/cli/agency';
import { setRate } from '../../server/domain/agencies';
import { OPERATOR_COOKIE } from '../../server/domain/operators';
import { enrolSecondFactor } from '../support/operators';

const A = 'alpha.example';
const B = 'bravo.example';
let t: TestApp;
let alphaId: string;
let bravoId: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  alphaId = (await createTestAgency(t, 'alpha', [A])).id;
  bravoId = (await createTestAgency(t, 'bravo', [B])).id;
  for (const id of [alphaId, bravoId]) await setRate(t.db, id, 'THB', '600', '640', 'test');
  const cli = (argv: string[]) => runAgencyCli(argv, { db: t.db, out: () => {} }, () => {});
  expect(await cli(['create-operator', '--host', A, '--username', 'anna', '--password', 'alpha-owner-pass', '--role', 'owner'])).toBe(0);
  expect(await cli(['create-operator', '--host', A, '--username', 'sam', '--password', 'alpha-staff-pass', '--role', 'staff'])).toBe(0);
  expect(await cli(['create-operator', '--host', B, '--username', 'bora', '--password', 'bravo-owner-pass', '--role', 'owner'])).toBe(0);
});
afterAll(() => t.close());

/** Recovery codes of the owners enrolled so far: each later login of theirs spends one as its second factor. */
const recoveryCodes = new Map<string, string[]>();

/** Logs in; an owner enrols the second factor at the first login and gives a code at the later ones. */
async function login(host: string, username: string, password: string): Promise<string> {
  const codes = recoveryCodes.get(`${host}/${username}`);
  const payload = codes ? { username, password, code: codes.pop() } : { username, password };
  const res = await t.app.inject({ method: 'POST', url: '/api/v2/admin/login', headers: { host }, payload });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === OPERATOR_COOKIE)!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v2/admin' });
  const header = `${OPERATOR_COOKIE}=${cookie.value}`;
  if (res.json().operator.secondFactor === 'required') {
    recoveryCodes.set(`${host}/${username}`, (await enrolSecondFactor(t, header, host)).recoveryCodes);
  }
  return header;
}

const call = (method: 'GET' | 'POST', url: string, host: string, cookie: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: {
      host,
      cookie,
      // Each call is a decision of its own; replays are tested with one key in withdrawalDecisionKeys.test.ts.
      ...(/\/withdrawals\/[^/]+\/(approve|reject)$/.test(url) && { 'idempotency-key': randomUUID() }),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });

/** An OPEN withdrawal (above the auto-approve limit) of a new player of the agency. */
async function openWithdrawal(agencyId: string, host: string): Promise<{ player: TestPlayer; code: string }> {
  const player = await createTestPlayerWithBank(t.db, agencyId, 'NOY PHOMMA');
  await fundTestCredit({ db: t.db, providers: t.app.providers }, agencyId, player.id, 8000_00n);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/withdrawals',
    headers: { host, cookie: player.cookie, 'content-type': 'application/json', 'idempotency-key': `admin-test-${player.id}` },
    payload: JSON.stringify({ provider: 'askmebet', amount: '6000' }),
  });
  expect(res.json().withdrawal.status).toBe('OPEN');
  return { player, code: res.json().withdrawal.code };
}

const creditOf = async (player: TestPlayer, host: string) =>
  (await t.app.inject({ url: '/api/v2/players/credits/askmebet', headers: { host, cookie: player.cookie } })).json().credit.amount;

describe('operator login', () => {
  it('logs in with the operator cookie, answers /me, and logs out', async () => {
    const cookie = await login(A, 'anna', 'alpha-owner-pass');
    const me = await call('GET', '/api/v2/admin/me', A, cookie);
    expect(me.json()).toMatchObject({ operator: { username: 'anna', role: 'owner' } });
    expect((await call('POST', '/api/v2/admin/logout', A, cookie)).statusCode).toBe(204);
    expect((await call('GET', '/api/v2/admin/me', A, cookie)).statusCode).toBe(401);
  });

  it('refuses a wrong password, an unknown operator and another agency alike, with INVALID_CREDENTIALS', async () => {
    for (const [host, username, password] of [
      [A, 'anna', 'wrong-password-1'],
      [A, 'nobody', 'alpha-owner-pass'],
      [B, 'anna', 'alpha-owner-pass'],
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v2/admin/login', headers: { host }, payload: { username, password } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      expect(res.cookies).toEqual([]);
    }
  });

  it('is not opened by a player session, nor by an operator session on another agency', async () => {
    const player = await createTestPlayer(t.db, alphaId);
    expect((await call('GET', '/api/v2/admin/withdrawals', A, player.cookie)).statusCode).toBe(401);
    const cookie = await login(A, 'anna', 'alpha-owner-pass');
    expect((await call('GET', '/api/v2/admin/withdrawals', B, cookie)).statusCode).toBe(401);
    // The operator cookie does not make its holder a player either.
    expect((await call('GET', '/api/v2/withdrawals', A, cookie)).statusCode).toBe(401);
  });

  it('the CLI refuses a weak password, a bad role and a taken username', async () => {
    const errors: string[] = [];
    const cli = (argv: string[]) => runAgencyCli(argv, { db: t.db, out: () => {} }, (line) => errors.push(line));
    expect(await cli(['create-operator', '--host', A, '--username', 'kim', '--password', 'short', '--role', 'owner'])).toBe(1);
    expect(await cli(['create-operator', '--host', A, '--username', 'kim', '--password', 'long-enough-pass', '--role', 'admin'])).toBe(1);
    expect(await cli(['create-operator', '--host', A, '--username', 'anna', '--password', 'long-enough-pass', '--role', 'staff'])).toBe(1);
    expect(await cli(['create-operator', '--host', A, '--username', 'kim'])).toBe(2);
    expect(errors.join('\n')).toMatch(/password/);
    expect(errors.join('\n')).toMatch(/USERNAME_TAKEN/);
  });
});

describe('operator roles', () => {
  it('staff list, approve and reject withdrawals but may not manage operators or read the audit log', async () => {
    const staff = await login(A, 'sam', 'alpha-staff-pass');
    const { code } = await openWithdrawal(alphaId, A);
    const listed = await call('GET', '/api/v2/admin/withdrawals?status=OPEN', A, staff);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((w: { code: string }) => w.code)).toContain(code);
    expect(listed.json().items.every((w: { status: string }) => w.status === 'OPEN')).toBe(true);
    expect((await call('POST', `/api/v2/admin/withdrawals/${code}/approve`, A, staff)).json().withdrawal.status).toBe('SUCCESS');

    for (const [method, url, body] of [
      ['GET', '/api/v2/admin/operators', undefined],
      ['POST', '/api/v2/admin/operators', { username: 'eve', password: 'staff-made-owner', role: 'owner' }],
      ['GET', '/api/v2/admin/audit-log', undefined],
    ] as const) {
      const res = await call(method, url, A, staff, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(await t.db.selectFrom('operators').select('id').where('username', '=', 'eve').execute()).toEqual([]);
  });

  it('an owner adds operators', async () => {
    const owner = await login(A, 'anna', 'alpha-owner-pass');
    const created = await call('POST', '/api/v2/admin/operators', A, owner, { username: 'lee', password: 'new-staff-pass', role: 'staff' });
    expect(created.statusCode).toBe(201);
    expect((await call('GET', '/api/v2/admin/operators', A, owner)).json().operators.map((o: { username: string }) => o.username)).toEqual([
      'anna',
      'lee',
      'sam',
    ]);
    await login(A, 'lee', 'new-staff-pass');
  });
});

describe('agency isolation', () => {
  it("an operator of agency A can neither see nor decide agency B's withdrawals; nothing moves", async () => {
    const alpha = await login(A, 'anna', 'alpha-owner-pass');
    const { player, code } = await openWithdrawal(bravoId, B);
    const listed = await call('GET', '/api/v2/admin/withdrawals', A, alpha);
    expect(listed.json().items.map((w: { code: string }) => w.code)).not.toContain(code);
    for (const action of ['approve', 'reject']) {
      const res = await call(
        'POST',
        `/api/v2/admin/withdrawals/${code}/${action}`,
        A,
        alpha,
        action === 'reject' ? { reason: 'not yours' } : undefined,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await creditOf(player, B)).toBe('2000.00');
    const row = await t.db.selectFrom('withdrawals').select(['status', 'payout_ref']).where('code', '=', code).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'OPEN', payout_ref: null });
  });
});

describe('decisions and the audit log', () => {
  it('approving twice is refused and pays once; rejecting needs a reason; every action is logged with who, when, what and why', async () => {
    const owner = await login(A, 'anna', 'alpha-owner-pass');
    const paid = await openWithdrawal(alphaId, A);
    const payoutCount = async () =>
      Number(
        (
          await t.db
            .selectFrom('sandbox_bank_payouts')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await payoutCount();
    const first = await call('POST', `/api/v2/admin/withdrawals/${paid.code}/approve`, A, owner);
    expect(first.json().withdrawal).toMatchObject({ status: 'SUCCESS', amountReceived: '3600000' });
    const again = await call('POST', `/api/v2/admin/withdrawals/${paid.code}/approve`, A, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'WITHDRAWAL_NOT_OPEN' });
    expect(await payoutCount()).toBe(before + 1);
    expect(await creditOf(paid.player, A)).toBe('2000.00');

    const rejected = await openWithdrawal(alphaId, A);
    const noReason = await call('POST', `/api/v2/admin/withdrawals/${rejected.code}/reject`, A, owner, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(await creditOf(rejected.player, A)).toBe('2000.00');
    const done = await call('POST', `/api/v2/admin/withdrawals/${rejected.code}/reject`, A, owner, { reason: 'suspected bonus abuse' });
    expect(done.json().withdrawal).toMatchObject({ status: 'REJECTED', creditReturned: '6000.00', reason: 'suspected bonus abuse' });
    expect(await creditOf(rejected.player, A)).toBe('8000.00');

    const log = (await call('GET', '/api/v2/admin/audit-log', A, owner)).json().items as {
      actor: string;
      action: string;
      target: string | null;
      reason: string | null;
      at: string;
    }[];
    expect(log.find((row) => row.action === 'REJECT_WITHDRAWAL' && row.target === rejected.code)).toMatchObject({
      actor: 'anna',
      reason: 'suspected bonus abuse',
    });
    expect(log.filter((row) => row.action === 'APPROVE_WITHDRAWAL' && row.target === paid.code)).toHaveLength(1);
    expect(log.some((row) => row.action === 'LOGIN' && row.actor === 'anna')).toBe(true);
    expect(log.some((row) => row.action === 'LOGOUT' && row.actor === 'anna')).toBe(true);
    expect(log.find((row) => row.action === 'CREATE_OPERATOR' && row.target === 'anna')?.actor).toMatch(/^cli:/);
    expect(log.every((row) => !Number.isNaN(Date.parse(row.at)))).toBe(true);
    // Only agency A's rows: agency B's owner created and logged in too.
    expect(log.some((row) => row.actor === 'bora' || row.target === 'bora')).toBe(false);
  });

  it('the audit log is append-only: rows cannot be changed or deleted', async () => {
    await expect(sql`UPDATE operator_audit_log SET reason = 'edited'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM operator_audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    const count = await t.db
      .selectFrom('operator_audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThan(0);
  });
});
