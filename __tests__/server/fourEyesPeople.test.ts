import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { ledgerViolations } from '../support/ledgerInvariant';
import { enrolSecondFactor, loggedInOperator } from '../support/operators';
import { createTestPlayerWithBank, fundTestCredit } from '../support/players';
import { setRate } from '../../server/domain/agencies';
import { OPERATOR_COOKIE } from '../../server/domain/operators';

/**
 * Four-eyes counts people, not accounts: an owner who approved a large withdrawal cannot make (or
 * promote, or re-enable) an account and approve again with it. The test plays the outside tester's
 * sock puppet through the API, as an owner in the console would.
 */

const A = 'alpha.example';
let t: TestApp;
let agencyId: string;
/** anna: the owner who approves first and makes the sock puppets. */
let anna: string;
/** zara: another owner, whose operators are other people to anna. */
let zara: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  agencyId = (await createTestAgency(t, 'alpha', [A])).id;
  await setRate(t.db, agencyId, 'THB', '600', '640', 'test');
  anna = await loggedInOperator(t, agencyId, { username: 'anna', host: A });
  zara = await loggedInOperator(t, agencyId, { username: 'zara', password: 'owner-password-2', host: A });
  const fourEyes = await call('PUT', '/api/v2/admin/settings/withdrawal-review', anna, {
    fourEyesThb: '10000',
    reason: 'large payouts need two',
  });
  expect(fourEyes.statusCode).toBe(200);
});
afterAll(async () => {
  expect(await ledgerViolations(t.db)).toEqual([]);
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: {
      host: A,
      cookie,
      ...(method === 'POST' && { 'idempotency-key': randomUUID() }),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });

const PASSWORD = 'puppet-password-1';

/** Logs in; an operator with a second factor gives a recovery code (a TOTP code may not be taken twice in its 30 seconds). */
async function signIn(username: string, code?: string): Promise<string> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v2/admin/login',
    headers: { host: A },
    payload: { username, password: PASSWORD, ...(code && { code }) },
  });
  const cookie = login.cookies.find((c) => c.name === OPERATOR_COOKIE);
  if (login.statusCode !== 200 || !cookie) throw new Error(`${username} could not log in: ${login.statusCode} ${login.body}`);
  return `${OPERATOR_COOKIE}=${cookie.value}`;
}

/** An operator `by` creates in the console; returns their id and a session with the second factor enrolled. */
async function createdBy(by: string, username: string, role: 'owner' | 'staff' = 'staff') {
  const created = await call('POST', '/api/v2/admin/operators', by, { username, password: PASSWORD, role });
  expect(created.statusCode).toBe(201);
  const cookie = await signIn(username);
  const { recoveryCodes } = await enrolSecondFactor(t, cookie, A);
  return { id: created.json<{ operator: { id: string } }>().operator.id, cookie, recoveryCodes };
}

const change = (by: string, id: string, body: { role?: 'owner' | 'staff'; disabled?: boolean }) =>
  call('PATCH', `/api/v2/admin/operators/${id}`, by, { ...body, reason: 'team change' });

/** An OPEN withdrawal of 12.000 THB, at or above the four-eyes amount, by a new player. */
async function largeWithdrawal(): Promise<string> {
  const player = await createTestPlayerWithBank(t.db, agencyId, 'NOY PHOMMA');
  await fundTestCredit({ db: t.db, providers: t.app.providers }, agencyId, player.id, 30000_00n);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/withdrawals',
    headers: { host: A, cookie: player.cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    payload: JSON.stringify({ provider: 'askmebet', amount: '12000' }),
  });
  expect(res.json().withdrawal.status).toBe('OPEN');
  return res.json().withdrawal.code;
}

const approve = (code: string, cookie: string) => call('POST', `/api/v2/admin/withdrawals/${code}/approve`, cookie);

/** What an approval could change: the withdrawal, its approvals, their audit and the bank's payouts. */
async function stateOf(code: string) {
  const withdrawal = await t.db
    .selectFrom('withdrawals')
    .select(['id', 'status', 'payout_ref', 'decided_by'])
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const count = async (query: Promise<{ n: string }>) => Number((await query).n);
  return {
    ...withdrawal,
    approvals: await count(
      t.db
        .selectFrom('withdrawal_approvals')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('withdrawal_id', '=', withdrawal.id)
        .executeTakeFirstOrThrow(),
    ),
    audited: await count(
      t.db
        .selectFrom('operator_audit_log')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('action', '=', 'APPROVE_WITHDRAWAL')
        .where('target', '=', code)
        .executeTakeFirstOrThrow(),
    ),
    payouts: await count(
      t.db
        .selectFrom('sandbox_bank_payouts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ),
  };
}

/** The second approval is refused as the same person, naming both, and changes nothing. */
async function expectRefusedAsSamePerson(code: string, cookie: string, params: { operator: string; person: string }) {
  const before = await stateOf(code);
  const refused = await approve(code, cookie);
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toMatchObject({ code: 'FOUR_EYES_SAME_PERSON', params });
  expect(await stateOf(code)).toEqual(before);
  expect(before).toMatchObject({ status: 'OPEN', payout_ref: null, approvals: 1 });
  const listed = (await call('GET', '/api/v2/admin/withdrawals?status=OPEN', cookie))
    .json()
    .items.find((w: { code: string }) => w.code === code);
  expect(listed).toMatchObject({ awaitingSecondApproval: true, approvalRefusal: { code: 'FOUR_EYES_SAME_PERSON', params } });
}

async function expectPaid(code: string, cookie: string) {
  const second = await approve(code, cookie);
  expect(second.statusCode).toBe(200);
  expect(second.json()).toMatchObject({ withdrawal: { status: 'SUCCESS' }, awaitingSecondApproval: false, approvalRefusal: null });
}

describe('four-eyes counts people, not accounts', () => {
  it('refuses the sock puppet: anna approves, creates bob, and bob’s approval does not count', async () => {
    const code = await largeWithdrawal();
    expect((await approve(code, anna)).json()).toMatchObject({ awaitingSecondApproval: true });
    const bob = await createdBy(anna, 'bob');
    await expectRefusedAsSamePerson(code, bob.cookie, { operator: 'anna', person: 'anna' });
    // Another person still can.
    await expectPaid(code, zara);
  });

  it('refuses it the other way round: the puppet approves first, its maker second', async () => {
    const code = await largeWithdrawal();
    const carl = await createdBy(anna, 'carl');
    expect((await approve(code, carl.cookie)).json()).toMatchObject({ awaitingSecondApproval: true });
    await expectRefusedAsSamePerson(code, anna, { operator: 'carl', person: 'anna' });
  });

  it('refuses two accounts anna made, and one made by an account she made', async () => {
    const code = await largeWithdrawal();
    const dao = await createdBy(anna, 'dao', 'owner');
    const eve = await createdBy(anna, 'eve');
    const fon = await createdBy(dao.cookie, 'fon');
    expect((await approve(code, dao.cookie)).json()).toMatchObject({ awaitingSecondApproval: true });
    await expectRefusedAsSamePerson(code, eve.cookie, { operator: 'dao', person: 'anna' });
    await expectRefusedAsSamePerson(code, fon.cookie, { operator: 'dao', person: 'dao' });
  });

  it('refuses an operator anna promoted to owner within 30 days', async () => {
    const staff = await createdBy(zara, 'gai');
    expect((await change(anna, staff.id, { role: 'owner' })).statusCode).toBe(204);
    // Now an owner, gai must have the second factor, which gai enrolled already.
    const code = await largeWithdrawal();
    expect((await approve(code, anna)).json()).toMatchObject({ awaitingSecondApproval: true });
    await expectRefusedAsSamePerson(code, staff.cookie, { operator: 'anna', person: 'anna' });
  });

  it('refuses an operator anna re-enabled within 30 days', async () => {
    const staff = await createdBy(zara, 'hom');
    expect((await change(zara, staff.id, { disabled: true })).statusCode).toBe(204);
    expect((await change(anna, staff.id, { disabled: false })).statusCode).toBe(204);
    const code = await largeWithdrawal();
    expect((await approve(code, anna)).json()).toMatchObject({ awaitingSecondApproval: true });
    // Disabling ended hom's sessions: hom logs in again.
    await expectRefusedAsSamePerson(code, await signIn('hom', staff.recoveryCodes[0]), { operator: 'anna', person: 'anna' });
  });

  it('counts an operator anna created more than 30 days ago, and one another owner created', async () => {
    const old = await createdBy(anna, 'ink');
    await sql`UPDATE operator_grants SET created_at = now() - interval '31 days' WHERE operator_id = ${old.id}`.execute(t.db);
    const first = await largeWithdrawal();
    expect((await approve(first, anna)).json()).toMatchObject({ awaitingSecondApproval: true });
    await expectPaid(first, old.cookie);

    const other = await createdBy(zara, 'jit');
    const second = await largeWithdrawal();
    expect((await approve(second, anna)).json()).toMatchObject({ awaitingSecondApproval: true });
    await expectPaid(second, other.cookie);
  });

  it('still refuses the first approver’s own second approval as before', async () => {
    const code = await largeWithdrawal();
    expect((await approve(code, anna)).json()).toMatchObject({ awaitingSecondApproval: true });
    const again = await approve(code, anna);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SECOND_APPROVER_REQUIRED' });
  });
});
