import { randomUUID } from 'node:crypto';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { loggedInOperator } from '../support/operators';
import { addTestBankAccount, createTestPlayer, createTestPlayerWithBank, fundTestCredit, type TestPlayer } from '../support/players';
import { createTestPromotion } from '../support/promotions';
import { testDevice } from '../support/device';
import { recordFingerprint, SESSION_COOKIE } from '../../server/domain/players';
import { setRate } from '../../server/domain/agencies';
import type { PlayerProfile } from '../../contract/adminPlayers';

const A = 'alpha.example';
const B = 'bravo.example';
let t: TestApp;
let alphaId: string;
let bravoId: string;
let owner: string;
let staff: string;
let bravoOwner: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  alphaId = (await createTestAgency(t, 'alpha', [A])).id;
  bravoId = (await createTestAgency(t, 'bravo', [B])).id;
  for (const id of [alphaId, bravoId]) await setRate(t.db, id, 'THB', '600', '640', 'test');
  owner = await loggedInOperator(t, alphaId, { username: 'anna', role: 'owner', host: A });
  staff = await loggedInOperator(t, alphaId, { username: 'sam', role: 'staff', host: A });
  bravoOwner = await loggedInOperator(t, bravoId, { username: 'bora', role: 'owner', host: B });
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown, host = A) =>
  t.app.inject({
    method,
    url: `/api/v2/admin${url}`,
    headers: { host, cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });

const asPlayer = (method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v2${url}`,
    headers: { host: A, cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });

const login = (username: string, password: string) => asPlayer('POST', '/players/login', '', { username, password });
const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  `${SESSION_COOKIE}=${res.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;

const profileOf = async (id: string, cookie = owner): Promise<PlayerProfile> => {
  const res = await admin('GET', `/players/${id}`, cookie);
  expect(res.statusCode).toBe(200);
  return res.json();
};

const audits = (action: string) =>
  t.db.selectFrom('operator_audit_log').selectAll().where('agency_id', '=', alphaId).where('action', '=', action).execute();

const serial = () => Math.random().toString(36).slice(2, 8);
const visitor = () => `v${randomUUID().replace(/-/g, '')}`;

describe('search', () => {
  it('finds the agency players by username, display name, bank account number and device fingerprint', async () => {
    const player = await createTestPlayer(t.db, alphaId, `khamla${serial()}`);
    await t.db.updateTable('players').set({ display_name: 'Khamla ຄຳຫຼ້າ Special' }).where('id', '=', player.id).execute();
    await addTestBankAccount(t.db, alphaId, player.id);
    const [account] = await t.db.selectFrom('bank_accounts').select('account_number').where('player_id', '=', player.id).execute();
    const device = visitor();
    await recordFingerprint(t.db, { agencyId: alphaId, playerId: player.id, device: testDevice(device), source: 'visit', ip: '10.0.0.1' });
    const elsewhere = await createTestPlayer(t.db, bravoId, player.username);

    for (const q of [player.username.toUpperCase(), 'ຄຳຫຼ້າ special', account.account_number.slice(-8), device]) {
      const res = await admin('GET', `/players?q=${encodeURIComponent(q)}`, staff);
      expect(res.statusCode).toBe(200);
      const ids = res.json().items.map((row: { id: string }) => row.id);
      expect(ids).toEqual([player.id]);
      expect(ids).not.toContain(elsewhere.id);
    }
    const row = (await admin('GET', `/players?q=${player.username}`, owner)).json().items[0];
    expect(row).toEqual({
      id: player.id,
      username: player.username,
      displayName: 'Khamla ຄຳຫຼ້າ Special',
      createdAt: expect.any(String),
      backlisted: false,
      suspended: false,
      bankAccountNumber: account.account_number,
    });
    expect((await admin('GET', '/players?q=%25', owner)).json().total).toBe(0);
    expect((await admin('GET', '/players?q=a%00b', owner)).json().code).toBe('VALIDATION_ERROR');
    expect(
      (await admin('GET', `/players?q=${player.username}`, bravoOwner, undefined, B)).json().items.map((r: { id: string }) => r.id),
    ).toEqual([elsewhere.id]);
    expect((await admin('GET', '/players?q=x', '')).statusCode).toBe(401);
  });
});

describe('profile', () => {
  it('shows balances (an unanswering provider as unavailable), sessions, devices and the linked players', async () => {
    const player = await createTestPlayerWithBank(t.db, alphaId, 'NOY PHOMMA');
    await fundTestCredit({ db: t.db, providers: t.app.providers }, alphaId, player.id, 150_00n, 'askmebet');
    await fundTestCredit({ db: t.db, providers: t.app.providers }, alphaId, player.id, 20_00n, 'gclub');
    const device = visitor();
    await recordFingerprint(t.db, { agencyId: alphaId, playerId: player.id, device: testDevice(device), source: 'visit', ip: '10.0.0.2' });
    const sameDevice = await createTestPlayer(t.db, alphaId);
    await recordFingerprint(t.db, {
      agencyId: alphaId,
      playerId: sameDevice.id,
      device: testDevice(device),
      source: 'register',
      ip: '10.0.0.3',
    });
    const [mine] = await t.db.selectFrom('bank_accounts').select('account_number').where('player_id', '=', player.id).execute();
    const sameNumber = await createTestPlayer(t.db, alphaId);
    await t.db
      .insertInto('bank_accounts')
      .values({
        agency_id: alphaId,
        player_id: sameNumber.id,
        bank: 'ldb',
        account_number: mine.account_number,
        account_name: 'X',
        currency: 'LAK',
      })
      .execute();
    const stranger = await createTestPlayer(t.db, alphaId);

    await t.app.inject({
      method: 'POST',
      url: '/sandbox/providers/gclub/faults',
      payload: { mode: 'error', share: 1, operations: ['balance'] },
    });
    try {
      const profile = await profileOf(player.id, staff);
      expect(profile.balances).toEqual([
        { provider: 'alphabet', available: true, amount: '0.00' },
        { provider: 'askmebet', available: true, amount: '150.00' },
        { provider: 'betflix', available: true, amount: '0.00' },
        { provider: 'gclub', available: false },
        { provider: 'gclub_live', available: true, amount: '0.00' },
      ]);
      expect(profile.player).toMatchObject({ id: player.id, backlisted: false, suspended: false, mustChangePassword: false });
      expect(profile.bankAccount).toMatchObject({ accountName: 'NOY PHOMMA', accountNumber: mine.account_number });
      expect(profile.sessions).toEqual([expect.objectContaining({ active: true, revokedAt: null })]);
      expect(profile.devices).toEqual([
        expect.objectContaining({ visitorId: device, lastIp: '10.0.0.2', userAgent: expect.stringContaining('Chrome') }),
      ]);
      expect(profile.linkedPlayers).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: sameDevice.id, via: 'device', shared: device }),
          expect.objectContaining({ id: sameNumber.id, via: 'bankAccount', shared: mine.account_number }),
        ]),
      );
      expect(profile.linkedPlayers.map((link) => link.id)).not.toContain(stranger.id);
    } finally {
      await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/gclub/faults' });
    }
    expect((await admin('GET', `/players/${player.id}`, bravoOwner, undefined, B)).statusCode).toBe(404);
    expect((await admin('GET', `/players/${randomUUID()}`, owner)).statusCode).toBe(404);
  });
});

describe('actions', () => {
  it('backlists a player (refused promotions with PLAYER_BLOCKED) and takes them off again, each with an audit entry', async () => {
    const player = await createTestPlayerWithBank(t.db, alphaId);
    const promotion = await createTestPromotion(t.db, alphaId);
    const res = await admin('POST', `/players/${player.id}/backlist`, owner, { blocked: true, reason: 'Bonus abuse, case 114' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ backlisted: true, suspended: false, mustChangePassword: false });
    expect((await asPlayer('GET', '/players/backlist', player.cookie)).json()).toEqual({ blocked: true });
    const refused = await asPlayer('POST', '/promotions/use', player.cookie, { promotionId: promotion.id, providerId: 'askmebet' });
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({ status: 403, code: 'PLAYER_BLOCKED' });
    expect(await audits('BACKLIST_PLAYER')).toEqual([
      expect.objectContaining({ target: player.username, reason: 'Bonus abuse, case 114', actor: 'anna' }),
    ]);

    await admin('POST', `/players/${player.id}/backlist`, owner, { blocked: false, reason: 'Cleared by review' });
    expect((await asPlayer('GET', '/players/backlist', player.cookie)).json()).toEqual({ blocked: false });
    expect((await audits('UNBACKLIST_PLAYER')).map((row) => row.reason)).toEqual(['Cleared by review']);
  });

  it('needs a reason of 3 to 500 characters: otherwise 400 and nothing changes', async () => {
    const player = await createTestPlayerWithBank(t.db, alphaId);
    const before = (await audits('SUSPEND_PLAYER')).length;
    for (const reason of [undefined, '', '  ', 'ab', 'x'.repeat(501), 'nul \u0000 inside']) {
      const body = reason === undefined ? {} : { reason };
      for (const [method, url, payload] of [
        ['POST', 'suspend', body],
        ['POST', 'reset-password', body],
        ['POST', 'backlist', { blocked: true, ...body }],
        ['PUT', 'bank-account', { bank: 'bcel', accountNumber: '010130009999900001', accountName: 'A B', ...body }],
      ] as const) {
        const res = await admin(method, `/players/${player.id}/${url}`, owner, payload);
        expect({ url, status: res.statusCode, code: res.json().code }).toEqual({ url, status: 400, code: 'VALIDATION_ERROR' });
      }
    }
    const profile = await profileOf(player.id);
    expect(profile.player).toMatchObject({ backlisted: false, suspended: false, mustChangePassword: false });
    expect(profile.sessions.every((session) => session.active)).toBe(true);
    expect((await asPlayer('GET', '/players/info', player.cookie)).statusCode).toBe(200);
    expect(await audits('SUSPEND_PLAYER')).toHaveLength(before);
  });

  it('lets only owners act (403 for staff) and only on their own agency players (404)', async () => {
    const player = await createTestPlayerWithBank(t.db, alphaId);
    const reason = { reason: 'Checking the rules' };
    const actions = [
      ['POST', 'backlist', { blocked: true, ...reason }],
      ['POST', 'suspend', reason],
      ['POST', 'restore', reason],
      ['POST', 'reset-password', reason],
      ['PUT', 'bank-account', { bank: 'bcel', accountNumber: '010130009999800001', accountName: 'A B', ...reason }],
    ] as const;
    for (const [method, url, payload] of actions) {
      expect((await admin(method, `/players/${player.id}/${url}`, staff, payload)).statusCode).toBe(403);
      expect((await admin(method, `/players/${player.id}/${url}`, bravoOwner, payload, B)).statusCode).toBe(404);
    }
    expect((await profileOf(player.id)).player).toMatchObject({ backlisted: false, suspended: false, mustChangePassword: false });
  });

  it('suspends a login (sessions end, login refused with PLAYER_SUSPENDED) and restores it', async () => {
    const player = await createTestPlayerWithBank(t.db, alphaId);
    expect((await asPlayer('GET', '/players/info', player.cookie)).statusCode).toBe(200);
    const res = await admin('POST', `/players/${player.id}/suspend`, owner, { reason: 'Chargeback reported' });
    expect(res.json()).toMatchObject({ suspended: true });
    expect((await asPlayer('GET', '/players/info', player.cookie)).statusCode).toBe(401);
    expect((await asPlayer('GET', '/players/backlist', player.cookie)).statusCode).toBe(401);
    expect((await profileOf(player.id)).sessions.every((session) => !session.active && session.revokedAt)).toBe(true);
    const refused = await login(player.username, player.password);
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({ status: 403, code: 'PLAYER_SUSPENDED' });
    expect((await login(player.username, 'wrong-password-1')).json().code).toBe('INVALID_CREDENTIALS');
    expect(await audits('SUSPEND_PLAYER')).toContainEqual(
      expect.objectContaining({ target: player.username, reason: 'Chargeback reported', details: { sessionsEnded: '1' } }),
    );

    expect((await admin('POST', `/players/${player.id}/restore`, owner, { reason: 'Bank confirmed payment' })).json()).toMatchObject({
      suspended: false,
    });
    expect((await login(player.username, player.password)).statusCode).toBe(200);
    expect((await audits('RESTORE_PLAYER')).map((row) => row.reason)).toContain('Bank confirmed payment');
  });

  it('changes the bank account under the form rules, refuses one in use and while a withdrawal is open', async () => {
    const player = await createTestPlayerWithBank(t.db, alphaId, 'NOY PHOMMA');
    const other = await createTestPlayerWithBank(t.db, alphaId);
    const [taken] = await t.db.selectFrom('bank_accounts').select(['bank', 'account_number']).where('player_id', '=', other.id).execute();
    const reason = 'Support case 2231: old account closed';

    const invalid = await admin('PUT', `/players/${player.id}/bank-account`, owner, {
      bank: 'bcel',
      accountNumber: '12',
      accountName: 'NOY',
      reason,
    });
    expect({ status: invalid.statusCode, code: invalid.json().code }).toEqual({ status: 400, code: 'ACCOUNT_NOT_FOUND' });
    const inUse = await admin('PUT', `/players/${player.id}/bank-account`, owner, {
      bank: taken.bank,
      accountNumber: taken.account_number,
      accountName: 'NOY',
      reason,
    });
    expect({ status: inUse.statusCode, code: inUse.json().code }).toEqual({ status: 409, code: 'ACCOUNT_IN_USED' });

    const changed = await admin('PUT', `/players/${player.id}/bank-account`, owner, {
      bank: 'bcel',
      accountNumber: '010-130-007-7777-00001',
      accountName: ' NOY PHOMMA ',
      reason,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().bankAccount).toMatchObject({
      bank: 'bcel',
      accountNumber: '010130007777700001',
      accountName: 'NOY PHOMMA',
      currency: 'LAK',
    });
    expect((await asPlayer('GET', '/players/info', player.cookie)).json().bankAccounts).toEqual([changed.json().bankAccount]);
    expect(await audits('CHANGE_BANK_ACCOUNT')).toEqual([
      expect.objectContaining({ target: player.username, reason, details: expect.objectContaining({ to: 'bcel 010130007777700001' }) }),
    ]);

    await fundTestCredit({ db: t.db, providers: t.app.providers }, alphaId, player.id, 8000_00n);
    const withdrawal = await t.app.inject({
      method: 'POST',
      url: '/api/v2/withdrawals',
      headers: { host: A, cookie: player.cookie, 'content-type': 'application/json', 'idempotency-key': `players-${player.id}` },
      payload: JSON.stringify({ provider: 'askmebet', amount: '6000' }),
    });
    expect(withdrawal.json().withdrawal.status).toBe('OPEN');
    const whileOpen = await admin('PUT', `/players/${player.id}/bank-account`, owner, {
      bank: 'bcel',
      accountNumber: '010130006666600001',
      accountName: 'NOY PHOMMA',
      reason,
    });
    expect({ status: whileOpen.statusCode, code: whileOpen.json().code }).toEqual({ status: 409, code: 'WITHDRAWAL_OPEN' });
    expect((await profileOf(player.id)).bankAccount).toMatchObject({ accountNumber: '010130007777700001' });
    expect(await audits('CHANGE_BANK_ACCOUNT')).toHaveLength(1);
  });

  it('resets the password: a temporary one shown once, sessions ended, a change forced before anything else', async () => {
    const player: TestPlayer = await createTestPlayerWithBank(t.db, alphaId);
    const res = await admin('POST', `/players/${player.id}/reset-password`, owner, { reason: 'Player lost the phone, case 77' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { temporaryPassword } = res.json<{ temporaryPassword: string }>();
    expect(temporaryPassword).toMatch(/^[A-Za-z2-9]{12}$/);
    const [row] = await t.db.selectFrom('players').select(['password_hash', 'must_change_password']).where('id', '=', player.id).execute();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.must_change_password).toBe(true);
    const [entry] = await audits('RESET_PASSWORD');
    expect(entry).toMatchObject({ target: player.username, reason: 'Player lost the phone, case 77' });
    expect(JSON.stringify(entry)).not.toContain(temporaryPassword);

    expect((await asPlayer('GET', '/players/info', player.cookie)).statusCode).toBe(401);
    expect((await login(player.username, player.password)).json().code).toBe('INVALID_CREDENTIALS');
    const first = await login(player.username, temporaryPassword);
    expect(first.statusCode).toBe(200);
    const cookie = cookieOf(first);
    // The temporary password opens this one session; in it the player chooses their own.
    expect((await login(player.username, temporaryPassword)).json().code).toBe('INVALID_CREDENTIALS');
    const info = await asPlayer('GET', '/players/info', cookie);
    expect(info.json().credential.mustChangePassword).toBe(true);
    for (const url of ['/players/backlist', '/players/bank-accounts', '/players/credits/askmebet', '/withdrawals/limits']) {
      const blocked = await asPlayer('GET', url, cookie);
      expect({ url, status: blocked.statusCode, code: blocked.json().code }).toEqual({
        url,
        status: 403,
        code: 'PASSWORD_CHANGE_REQUIRED',
      });
    }

    const change = await asPlayer('POST', '/players/security/password/change', cookie, {
      currentPassword: temporaryPassword,
      newPassword: 'my-new-secret-7',
      confirmNewPassword: 'my-new-secret-7',
    });
    expect(change.statusCode).toBe(200);
    expect((await asPlayer('GET', '/players/info', cookie)).json().credential.mustChangePassword).toBe(false);
    expect((await asPlayer('GET', '/players/backlist', cookie)).statusCode).toBe(200);
    expect((await login(player.username, temporaryPassword)).json().code).toBe('INVALID_CREDENTIALS');
    expect((await login(player.username, 'my-new-secret-7')).statusCode).toBe(200);
    expect((await profileOf(player.id)).player.mustChangePassword).toBe(false);
  });
});
