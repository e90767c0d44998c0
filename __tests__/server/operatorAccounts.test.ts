import { generateSync } from 'otplib/functional';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { createOperator, OPERATOR_COOKIE } from '../../server/domain/operators';
import { DEVICE_COOKIE, FREE_ATTEMPTS } from '../../server/domain/loginLimits';
import { createTestPlayer } from '../support/players';
import { enrolSecondFactor, totpCodeOf } from '../support/operators';

// Operator accounts as owners run them: the second factor, sessions (idle end, listed, ended),
// roles and disabling with a reason, and the audit log's filters and CSV.

const A = 'alpha.example';
const B = 'bravo.example';
let t: TestApp;
let alphaId: string;
let bravoId: string;

beforeAll(async () => {
  t = await buildTestApp();
  alphaId = (await createTestAgency(t, 'alpha', [A])).id;
  bravoId = (await createTestAgency(t, 'bravo', [B])).id;
});
afterAll(() => t.close());

const system = { operatorId: null, name: 'test' };
let serial = 0;

/** A new operator of the agency (a unique username per call) and its password. */
async function newOperator(agencyId: string, role: 'owner' | 'staff') {
  serial += 1;
  const username = `${role}-${serial}`;
  const password = `${role}-password-${serial}`;
  const operator = await createOperator(t.db, agencyId, { username, password, role }, system);
  return { ...operator, password };
}

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, cookie: string | null, payload?: unknown, host = A) =>
  t.app.inject({
    method,
    url,
    headers: { host, ...(cookie && { cookie }), ...(payload !== undefined && { 'content-type': 'application/json' }) },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });

let loginSerial = 0;

/** Logs in from an address of its own each time, so only the per-username limit ever adds up here. */
async function login(username: string, password: string, code?: string, host = A) {
  loginSerial += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/admin/login',
    headers: { host, 'content-type': 'application/json' },
    remoteAddress: `10.1.${Math.floor(loginSerial / 250)}.${loginSerial % 250}`,
    payload: JSON.stringify({ username, password, ...(code !== undefined && { code }) }),
  });
  const cookie = res.cookies.find((c) => c.name === OPERATOR_COOKIE);
  return { res, cookie: cookie ? `${OPERATOR_COOKIE}=${cookie.value}` : null };
}

/** An owner of the agency, enrolled, and the cookie of their session. */
async function enrolledOwner(agencyId = alphaId, host = A) {
  const owner = await newOperator(agencyId, 'owner');
  const { cookie } = await login(owner.username, owner.password, undefined, host);
  const { secret, recoveryCodes } = await enrolSecondFactor(t, cookie!, host);
  return { ...owner, cookie: cookie!, secret, recoveryCodes };
}

const auditOf = (agencyId: string, action: string) =>
  t.db
    .selectFrom('operator_audit_log')
    .selectAll()
    .where('agency_id', '=', agencyId)
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .execute();

describe('the second factor', () => {
  it('keeps an owner to enrolment until a code from the scanned secret confirms it, then shows recovery codes once', async () => {
    const owner = await newOperator(alphaId, 'owner');
    const { res, cookie } = await login(owner.username, owner.password);
    expect(res.json().operator).toMatchObject({ username: owner.username, role: 'owner', secondFactor: 'required' });

    expect((await inject('GET', '/api/v2/admin/withdrawals?status=OPEN', cookie)).json()).toMatchObject({
      code: 'TOTP_ENROLMENT_REQUIRED',
    });
    expect((await inject('GET', '/api/v2/admin/me', cookie)).statusCode).toBe(200);
    expect((await inject('POST', '/api/v2/admin/me/totp/confirm', cookie, { code: '123456' })).json()).toMatchObject({
      code: 'TOTP_ENROLMENT_NOT_STARTED',
    });

    const started = await inject('POST', '/api/v2/admin/me/totp', cookie);
    const { secret, otpauthUri } = started.json();
    expect(otpauthUri).toBe(`otpauth://totp/Champa%20alpha:${owner.username}?secret=${secret}&issuer=Champa%20alpha`);
    const wrong = await inject('POST', '/api/v2/admin/me/totp/confirm', cookie, {
      code: String((Number(totpCodeOf(secret)) + 1) % 1e6).padStart(6, '0'),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'TOTP_INVALID' });
    expect((await inject('POST', '/api/v2/admin/me/totp/confirm', cookie, { code: 'abc' })).json()).toMatchObject({
      code: 'VALIDATION_ERROR',
    });

    const confirmed = await inject('POST', '/api/v2/admin/me/totp/confirm', cookie, { code: totpCodeOf(secret) });
    const { recoveryCodes } = confirmed.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    const stored = await t.db.selectFrom('operator_recovery_codes').select('code_hash').where('operator_id', '=', owner.id).execute();
    expect(stored.map((row) => row.code_hash.toString('utf8'))).not.toEqual(expect.arrayContaining(recoveryCodes));

    expect((await inject('GET', '/api/v2/admin/withdrawals?status=OPEN', cookie)).statusCode).toBe(200);
    expect((await inject('POST', '/api/v2/admin/me/totp', cookie)).json()).toMatchObject({ code: 'TOTP_ENROLMENT_NOT_STARTED' });
    expect(await auditOf(alphaId, 'ENROL_SECOND_FACTOR')).toEqual(
      expect.arrayContaining([expect.objectContaining({ target: owner.username })]),
    );
  });

  it('asks an enrolled operator for a code, refuses a wrong or reused one, and takes each recovery code once', async () => {
    const owner = await enrolledOwner();
    const asked = await login(owner.username, owner.password);
    expect(asked.res.statusCode).toBe(401);
    expect(asked.res.json()).toMatchObject({ code: 'TOTP_REQUIRED' });
    expect(asked.cookie).toBeNull();

    const wrong = await login(owner.username, owner.password, '000000' === totpCodeOf(owner.secret) ? '000001' : '000000');
    expect(wrong.res.json()).toMatchObject({ code: 'TOTP_INVALID' });

    // The enrolment took the current step: a code of the next step signs in once, never twice.
    const next = generateSync({ secret: owner.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect((await login(owner.username, owner.password, next)).res.statusCode).toBe(200);
    expect((await login(owner.username, owner.password, next)).res.json()).toMatchObject({ code: 'TOTP_INVALID' });

    const [recovery] = owner.recoveryCodes;
    const byRecovery = await login(owner.username, owner.password, recovery.toUpperCase());
    expect(byRecovery.res.statusCode).toBe(200);
    expect((await login(owner.username, owner.password, recovery)).res.json()).toMatchObject({ code: 'TOTP_INVALID' });
    const logins = await auditOf(alphaId, 'LOGIN');
    expect(logins[0]).toMatchObject({ actor: owner.username, details: { secondFactor: 'recovery' } });

    // A wrong password says nothing about the second factor.
    expect((await login(owner.username, 'not-the-password', owner.recoveryCodes[1])).res.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('lets staff work without one until the agency requires it, a change owners alone make with a reason', async () => {
    const owner = await enrolledOwner();
    const staff = await newOperator(alphaId, 'staff');
    const staffLogin = await login(staff.username, staff.password);
    expect(staffLogin.res.json().operator.secondFactor).toBe('optional');
    expect((await inject('GET', '/api/v2/admin/withdrawals?status=OPEN', staffLogin.cookie)).statusCode).toBe(200);

    expect(
      (await inject('PUT', '/api/v2/admin/operators/settings', staffLogin.cookie, { staffTotpRequired: true, reason: 'policy' }))
        .statusCode,
    ).toBe(403);
    const noReason = await inject('PUT', '/api/v2/admin/operators/settings', owner.cookie, { staffTotpRequired: true, reason: ' ' });
    expect(noReason.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'reason: form.reasonRequired' });
    expect(
      (await t.db.selectFrom('agencies').select('staff_totp_required').where('id', '=', alphaId).executeTakeFirstOrThrow())
        .staff_totp_required,
    ).toBe(false);

    expect(
      (await inject('PUT', '/api/v2/admin/operators/settings', owner.cookie, { staffTotpRequired: true, reason: 'after the audit' }))
        .statusCode,
    ).toBe(204);
    expect((await inject('GET', '/api/v2/admin/withdrawals?status=OPEN', staffLogin.cookie)).json()).toMatchObject({
      code: 'TOTP_ENROLMENT_REQUIRED',
    });
    expect((await inject('GET', '/api/v2/admin/operators', owner.cookie)).json().staffTotpRequired).toBe(true);
    expect((await auditOf(alphaId, 'SET_STAFF_SECOND_FACTOR'))[0]).toMatchObject({
      reason: 'after the audit',
      details: { required: 'true' },
    });
    await inject('PUT', '/api/v2/admin/operators/settings', owner.cookie, { staffTotpRequired: false, reason: 'back to the old rule' });
  });
});

describe('sessions', () => {
  it('end on the server after 30 minutes unused, however long the cookie lives', async () => {
    const staff = await newOperator(alphaId, 'staff');
    const { cookie } = await login(staff.username, staff.password);
    expect((await inject('GET', '/api/v2/admin/me', cookie)).statusCode).toBe(200);
    await t.db
      .updateTable('operator_sessions')
      .set({ last_seen_at: sql<Date>`now() - interval '29 minutes'` })
      .where('operator_id', '=', staff.id)
      .execute();
    // Used within the 30 minutes: it lives on, from now.
    expect((await inject('GET', '/api/v2/admin/me', cookie)).statusCode).toBe(200);
    await t.db
      .updateTable('operator_sessions')
      .set({ last_seen_at: sql<Date>`now() - interval '31 minutes'` })
      .where('operator_id', '=', staff.id)
      .execute();
    expect((await inject('GET', '/api/v2/admin/me', cookie)).statusCode).toBe(401);
  });

  it('are listed (owners see all of the agency, staff their own) and ended by owners or their own operator only', async () => {
    const owner = await enrolledOwner();
    const staff = await newOperator(alphaId, 'staff');
    const other = await newOperator(alphaId, 'staff');
    const staffSession = await login(staff.username, staff.password);
    const otherSession = await login(other.username, other.password);
    const bravoOwner = await enrolledOwner(bravoId, B);

    const ownersView = (await inject('GET', '/api/v2/admin/sessions', owner.cookie)).json().items;
    expect(ownersView.map((s: { operator: string }) => s.operator)).toEqual(
      expect.arrayContaining([owner.username, staff.username, other.username]),
    );
    expect(ownersView.map((s: { operator: string }) => s.operator)).not.toContain(bravoOwner.username);
    expect(ownersView.find((s: { operator: string }) => s.operator === owner.username)).toMatchObject({
      current: true,
      ip: expect.stringMatching(/^10\.1\./),
    });

    const staffView = (await inject('GET', '/api/v2/admin/sessions', staffSession.cookie)).json().items;
    expect(staffView.map((s: { operator: string }) => s.operator)).toEqual([staff.username]);

    const othersId = ownersView.find((s: { operator: string }) => s.operator === other.username).id;
    expect((await inject('DELETE', `/api/v2/admin/sessions/${othersId}`, staffSession.cookie)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/v2/admin/sessions/${othersId}`, bravoOwner.cookie, undefined, B)).statusCode).toBe(404);
    expect((await inject('GET', '/api/v2/admin/me', otherSession.cookie)).statusCode).toBe(200);

    expect((await inject('DELETE', `/api/v2/admin/sessions/${othersId}`, owner.cookie)).statusCode).toBe(204);
    expect((await inject('GET', '/api/v2/admin/me', otherSession.cookie)).statusCode).toBe(401);
    expect((await inject('DELETE', `/api/v2/admin/sessions/${othersId}`, owner.cookie)).statusCode).toBe(404);
    expect((await auditOf(alphaId, 'END_OPERATOR_SESSION'))[0]).toMatchObject({ actor: owner.username, target: othersId });
  });
});

describe('owners change operators', () => {
  it('disable one with a reason: their sessions end and they cannot log in until enabled again', async () => {
    const owner = await enrolledOwner();
    const staff = await newOperator(alphaId, 'staff');
    const { cookie } = await login(staff.username, staff.password);

    const noReason = await inject('PATCH', `/api/v2/admin/operators/${staff.id}`, owner.cookie, { disabled: true, reason: 'no' });
    expect(noReason.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await inject('GET', '/api/v2/admin/me', cookie)).statusCode).toBe(200);

    expect(
      (await inject('PATCH', `/api/v2/admin/operators/${staff.id}`, owner.cookie, { disabled: true, reason: 'left the agency' }))
        .statusCode,
    ).toBe(204);
    expect((await inject('GET', '/api/v2/admin/me', cookie)).statusCode).toBe(401);
    expect((await login(staff.username, staff.password)).res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const listed = (await inject('GET', '/api/v2/admin/operators', owner.cookie)).json().operators;
    expect(listed.find((o: { id: string }) => o.id === staff.id)).toMatchObject({ disabled: true, role: 'staff' });

    expect(
      (await inject('PATCH', `/api/v2/admin/operators/${staff.id}`, owner.cookie, { disabled: false, reason: 'came back' })).statusCode,
    ).toBe(204);
    expect((await login(staff.username, staff.password)).res.statusCode).toBe(200);
    const audits = await auditOf(alphaId, 'CHANGE_OPERATOR');
    expect(audits.slice(0, 2)).toEqual([
      expect.objectContaining({ actor: owner.username, target: staff.username, reason: 'came back', details: { disabled: 'false' } }),
      expect.objectContaining({ target: staff.username, reason: 'left the agency', details: { disabled: 'true' } }),
    ]);
  });

  it('change roles, but never their own account, never leave the agency without an owner, and only in their agency', async () => {
    const owner = await enrolledOwner();
    const staff = await newOperator(alphaId, 'staff');
    const staffLogin = await login(staff.username, staff.password);

    expect(
      (await inject('PATCH', `/api/v2/admin/operators/${owner.id}`, staffLogin.cookie, { disabled: true, reason: 'coup' })).statusCode,
    ).toBe(403);
    expect(
      (await inject('PATCH', `/api/v2/admin/operators/${owner.id}`, owner.cookie, { role: 'staff', reason: 'step down' })).json(),
    ).toMatchObject({
      code: 'OPERATOR_SELF_CHANGE',
    });
    const bravoOwner = await enrolledOwner(bravoId, B);
    expect(
      (await inject('PATCH', `/api/v2/admin/operators/${staff.id}`, bravoOwner.cookie, { role: 'owner', reason: 'poach' }, B)).statusCode,
    ).toBe(404);
    expect(
      (await inject('PATCH', `/api/v2/admin/operators/${staff.id}`, owner.cookie, { role: 'boss', reason: 'promotion' })).statusCode,
    ).toBe(400);

    expect(
      (await inject('PATCH', `/api/v2/admin/operators/${staff.id}`, owner.cookie, { role: 'owner', reason: 'promotion' })).statusCode,
    ).toBe(204);
    // Now an owner, the former staff member must enrol before anything else.
    expect((await inject('GET', '/api/v2/admin/withdrawals?status=OPEN', staffLogin.cookie)).json()).toMatchObject({
      code: 'TOTP_ENROLMENT_REQUIRED',
    });
  });

  it('keep an owner who can log in: the last active owner is neither demoted nor disabled', async () => {
    const solo = await createTestAgency(t, 'solo', ['solo.example']);
    const owner = await enrolledOwner(solo.id, 'solo.example');
    const second = await enrolledOwner(solo.id, 'solo.example');
    const patch = (id: string, body: unknown, cookie: string) =>
      inject('PATCH', `/api/v2/admin/operators/${id}`, cookie, body, 'solo.example');

    expect((await patch(second.id, { disabled: true, reason: 'one owner is enough' }, owner.cookie)).statusCode).toBe(204);
    const lastOwnerLeft = await login(second.username, second.password, owner.recoveryCodes[0], 'solo.example');
    expect(lastOwnerLeft.res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    const staff = await newOperator(solo.id, 'staff');
    expect((await patch(staff.id, { role: 'owner', reason: 'deputy' }, owner.cookie)).statusCode).toBe(204);
    // The deputy has not enrolled and cannot act, but is an owner who can log in: the change is allowed.
    expect((await patch(staff.id, { role: 'staff', reason: 'deputy no more' }, owner.cookie)).statusCode).toBe(204);

    const operators = await t.db.selectFrom('operators').select(['role', 'disabled_at']).where('agency_id', '=', solo.id).execute();
    expect(operators.filter((o) => o.role === 'owner' && o.disabled_at === null)).toHaveLength(1);
  });
});

describe('the audit log', () => {
  it('filters by who, what, about whom and which Vientiane days, pages on, and downloads the same rows as CSV', async () => {
    const agency = await createTestAgency(t, 'audit', ['audit.example']);
    const host = 'audit.example';
    const owner = await enrolledOwner(agency.id, host);
    const staff = await newOperator(agency.id, 'staff');
    await inject(
      'PATCH',
      `/api/v2/admin/operators/${staff.id}`,
      owner.cookie,
      { disabled: true, reason: 'reason with "quotes", commas' },
      host,
    );
    const get = (query: string) => inject('GET', `/api/v2/admin/audit-log?${query}`, owner.cookie, undefined, host);

    const byAction = (await get('action=change_operator')).json().items;
    expect(byAction).toEqual([expect.objectContaining({ actor: owner.username, target: staff.username })]);
    expect((await get(`actor=${owner.username}`)).json().items.every((row: { actor: string }) => row.actor === owner.username)).toBe(true);
    expect((await get(`target=${staff.username}`)).json().items.map((row: { action: string }) => row.action)).toEqual([
      'CHANGE_OPERATOR',
      'CREATE_OPERATOR',
    ]);

    // Today in Vientiane holds them all; the day before holds none.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Vientiane' }).format(new Date());
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Vientiane' }).format(new Date(Date.now() - 86_400_000));
    const all = (await get(`from=${today}&to=${today}`)).json().items;
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect((await get(`to=${yesterday}`)).json().items).toEqual([]);
    const firstTwo = (await get('limit=2')).json().items;
    const nextTwo = (await get(`limit=2&before=${firstTwo[1].id}`)).json().items;
    expect([...firstTwo, ...nextTwo].map((row: { id: string }) => row.id)).toEqual(all.slice(0, 4).map((row: { id: string }) => row.id));
    expect((await get('from=25-11-2026')).statusCode).toBe(400);

    const csv = await inject('GET', '/api/v2/admin/audit-log.csv?action=CHANGE_OPERATOR', owner.cookie, undefined, host);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('id,at,actor,action,target,reason,details');
    expect(lines[1]).toContain(
      `,${owner.username},CHANGE_OPERATOR,${staff.username},"reason with ""quotes"", commas","{""disabled"":""true""}"`,
    );
    expect(lines).toHaveLength(3);

    const staffCookie = (await login(staff.username, staff.password, undefined, host)).cookie;
    expect(staffCookie).toBeNull();
  });
});

describe('login limits', () => {
  /** A login from `address`, with the browser's device cookie when it has one. */
  async function attempt(username: string, password: string, address: string, device?: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/admin/login',
      headers: { host: A, 'content-type': 'application/json', ...(device && { cookie: `${DEVICE_COOKIE}=${device}` }) },
      remoteAddress: address,
      payload: JSON.stringify({ username, password }),
    });
    return { res, device: res.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)?.value };
  }
  const waitOf = (res: LightMyRequestResponse) => {
    expect([res.statusCode, res.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(res.json().retryAfterSeconds).toBe(Number(res.headers['retry-after']));
    return res.json().retryAfterSeconds as number;
  };

  it("ask an attacker guessing an operator's username for growing waits, yet let the operator's own browser in", async () => {
    const staff = await newOperator(alphaId, 'staff');
    const { device } = await attempt(staff.username, staff.password, '10.2.0.1');
    expect(device).toBeDefined();
    for (let i = 0; i < FREE_ATTEMPTS.username; i += 1) {
      expect((await attempt(staff.username, `wrong-password-${i}`, `10.2.1.${i}`)).res.statusCode).toBe(401);
    }
    const first = waitOf((await attempt(staff.username, staff.password, '10.2.2.1')).res);
    await sql`UPDATE login_attempts SET wait_until = now() WHERE key = ${`operator:${alphaId}:username:${staff.username}`}`.execute(t.db);
    expect((await attempt(staff.username, 'one-more-guess', '10.2.2.2')).res.statusCode).toBe(401);
    expect(waitOf((await attempt(staff.username, staff.password, '10.2.2.3')).res)).toBeGreaterThan(first);

    const own = await attempt(staff.username, staff.password, '10.2.0.1', device);
    expect(own.res.statusCode).toBe(200);
    expect(own.res.json().operator).toMatchObject({ username: staff.username });
  });

  it("count an address's attempts over every username, apart from the players' logins", async () => {
    const staff = await newOperator(alphaId, 'staff');
    for (let i = 0; i < FREE_ATTEMPTS.address; i += 1) {
      expect((await attempt(`nobody-${i}`, 'wrong-password', '10.3.0.1')).res.statusCode).toBe(401);
    }
    waitOf((await attempt(staff.username, staff.password, '10.3.0.1')).res);
    expect((await attempt(staff.username, staff.password, '10.3.0.2')).res.statusCode).toBe(200);
    const player = await createTestPlayer(t.db, alphaId);
    const playerLogin = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/login',
      headers: { host: A, 'content-type': 'application/json' },
      remoteAddress: '10.3.0.1',
      payload: JSON.stringify({ username: player.username, password: player.password }),
    });
    expect(playerLogin.statusCode).toBe(200);
  });

  it('write each wrong password or code to the audit log with the username tried and the address; nothing else', async () => {
    const owner = await enrolledOwner();
    const failed = async () => (await auditOf(alphaId, 'LOGIN_FAILED')).length;
    const before = await failed();

    expect((await attempt('  No-Such-Operator ', 'wrong-password', '10.4.0.1')).res.statusCode).toBe(401);
    const wrongCode = '000000' === totpCodeOf(owner.secret) ? '000001' : '000000';
    const code = await login(owner.username, owner.password, wrongCode);
    expect(code.res.json()).toMatchObject({ code: 'TOTP_INVALID' });
    const rows = await auditOf(alphaId, 'LOGIN_FAILED');
    expect(rows.slice(0, 2).map(({ operator_id, actor, target, details }) => ({ operator_id, actor, target, details }))).toEqual([
      { operator_id: null, actor: 'anonymous', target: owner.username, details: { address: expect.any(String), refusal: 'TOTP_INVALID' } },
      {
        operator_id: null,
        actor: 'anonymous',
        target: 'no-such-operator',
        details: { address: '10.4.0.1', refusal: 'INVALID_CREDENTIALS' },
      },
    ]);

    // The right password without the code, a login, a refusal to wait and bad input are no failed guesses.
    expect((await login(owner.username, owner.password)).res.json()).toMatchObject({ code: 'TOTP_REQUIRED' });
    expect((await login(owner.username, owner.password, owner.recoveryCodes[0])).res.statusCode).toBe(200);
    for (let i = 0; i < FREE_ATTEMPTS.address - 1; i += 1) await attempt(`nobody-${i}`, 'wrong-password', '10.4.0.1');
    waitOf((await attempt('nobody', 'wrong-password', '10.4.0.1')).res);
    expect((await attempt('', 'wrong-password', '10.4.0.2')).res.statusCode).toBe(400);
    expect(await failed()).toBe(before + 2 + FREE_ATTEMPTS.address - 1);

    const listed = await inject('GET', '/api/v2/admin/audit-log?action=LOGIN_FAILED&target=no-such-operator', owner.cookie);
    expect(listed.json().items).toEqual([
      expect.objectContaining({
        actor: 'anonymous',
        action: 'LOGIN_FAILED',
        details: { address: '10.4.0.1', refusal: 'INVALID_CREDENTIALS' },
      }),
    ]);
  });
});
