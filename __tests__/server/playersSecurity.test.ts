import { randomBytes } from 'node:crypto';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { createTestPlayer, type TestPlayer } from '../support/players';
import { testDevice } from '../support/device';
import { RATE_LIMITS } from '../../server/domain/rateLimits';
import { FREE_ATTEMPTS } from '../../server/domain/loginLimits';
import { accountsSharingDevices } from '../../server/domain/players';

let t: TestApp;
let agencyA: { id: string };
let agencyB: { id: string };

beforeAll(async () => {
  t = await buildTestApp();
  agencyA = await createTestAgency(t, 'alpha', ['alpha.example']);
  agencyB = await createTestAgency(t, 'bravo', ['bravo.example']);
});
afterAll(() => t.close());

const randomIp = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;
const newVisitorId = () => randomBytes(16).toString('hex');

function call(
  method: 'GET' | 'POST',
  host: string,
  url: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string>; ip?: string } = {},
) {
  return t.app.inject({
    method,
    url: `/api/v2${url}`,
    headers: {
      host,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    payload: options.body === undefined ? undefined : JSON.stringify(options.body),
    remoteAddress: options.ip ?? randomIp(),
  });
}

const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0];
const login = (host: string, username: string, password: string, ip?: string) =>
  call('POST', host, '/players/login', { body: { username, password }, ip });
const changePassword = (cookie: string, body: Record<string, string>) =>
  call('POST', 'alpha.example', '/players/security/password/change', { cookie, body });

describe('POST /api/v2/players/security/password/change', () => {
  let player: TestPlayer;
  beforeEach(async () => {
    player = await createTestPlayer(t.db, agencyA.id);
  });

  it('changes the password, keeps this session and ends every other one', async () => {
    const otherDevice = cookieOf(await login('alpha.example', player.username, player.password));
    expect((await call('GET', 'alpha.example', '/players/info', { cookie: otherDevice })).statusCode).toBe(200);

    const res = await changePassword(player.cookie, {
      currentPassword: player.password,
      newPassword: 'brand-new-pass',
      confirmNewPassword: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ changed: true });

    const here = await call('GET', 'alpha.example', '/players/info', { cookie: player.cookie });
    expect(here.statusCode).toBe(200);
    expect(here.json().credential.passwordChangedAt).toEqual(expect.any(String));
    expect((await call('GET', 'alpha.example', '/players/info', { cookie: otherDevice })).statusCode).toBe(401);

    expect((await login('alpha.example', player.username, player.password)).statusCode).toBe(401);
    expect((await login('alpha.example', player.username, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('refuses a wrong current password with PASSWORD_INCORRECT (not 401) and changes nothing', async () => {
    const otherDevice = cookieOf(await login('alpha.example', player.username, player.password));
    const res = await changePassword(player.cookie, {
      currentPassword: 'not-the-password',
      newPassword: 'brand-new-pass',
      confirmNewPassword: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PASSWORD_INCORRECT');
    expect((await call('GET', 'alpha.example', '/players/info', { cookie: otherDevice })).statusCode).toBe(200);
    expect((await login('alpha.example', player.username, player.password)).statusCode).toBe(200);
  });

  it.each([
    [
      'a short current password',
      { currentPassword: 'short', newPassword: 'brand-new-pass', confirmNewPassword: 'brand-new-pass' },
      'currentPassword: validation.password_must_greater_than',
    ],
    ['a short new password', { newPassword: 'short', confirmNewPassword: 'short' }, 'newPassword: validation.password_must_greater_than'],
    [
      'a different confirmation',
      { newPassword: 'brand-new-pass', confirmNewPassword: 'brand-new-pasz' },
      'confirmNewPassword: validation.password_not_match',
    ],
    [
      'an empty confirmation',
      { newPassword: 'brand-new-pass', confirmNewPassword: '' },
      'confirmNewPassword: validation.please_enter_password',
    ],
  ])('refuses %s with the yup rule of the form', async (_case, fields, message) => {
    const res = await changePassword(player.cookie, { currentPassword: player.password, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message });
    expect((await login('alpha.example', player.username, player.password)).statusCode).toBe(200);
  });

  it('refuses a body without every field, and a visitor', async () => {
    const partial = await changePassword(player.cookie, { currentPassword: player.password, newPassword: 'brand-new-pass' });
    expect([partial.statusCode, partial.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    const visitor = await call('POST', 'alpha.example', '/players/security/password/change', {
      body: { currentPassword: player.password, newPassword: 'brand-new-pass', confirmNewPassword: 'brand-new-pass' },
    });
    expect([visitor.statusCode, visitor.json().code]).toEqual([401, 'UNAUTHORIZED']);
  });
});

describe('GET /api/v2/players/backlist', () => {
  it("answers the operator's blocked flag of the logged-in player", async () => {
    const player = await createTestPlayer(t.db, agencyA.id);
    expect((await call('GET', 'alpha.example', '/players/backlist', { cookie: player.cookie })).json()).toEqual({ blocked: false });
    await t.db.updateTable('players').set({ blocked: true }).where('id', '=', player.id).execute();
    expect((await call('GET', 'alpha.example', '/players/backlist', { cookie: player.cookie })).json()).toEqual({ blocked: true });
    expect((await call('GET', 'alpha.example', '/players/backlist')).statusCode).toBe(401);
  });
});

describe('POST /api/v2/fingerprint', () => {
  it('keeps every report of a player, per visitor id, and shows the operator accounts sharing a device', async () => {
    const first = await createTestPlayer(t.db, agencyA.id);
    const second = await createTestPlayer(t.db, agencyA.id);
    const elsewhere = await createTestPlayer(t.db, agencyB.id);
    const sharedDevice = newVisitorId();

    const res = await call('POST', 'alpha.example', '/fingerprint', {
      cookie: first.cookie,
      body: { fingerprint: testDevice(sharedDevice) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fingerprint: { visitorId: sharedDevice, recordedAt: expect.any(String) } });
    await call('POST', 'alpha.example', '/fingerprint', { cookie: first.cookie, body: { fingerprint: testDevice(newVisitorId()) } });
    await call('POST', 'alpha.example', '/fingerprint', { cookie: second.cookie, body: { fingerprint: testDevice(sharedDevice) } });
    await call('POST', 'bravo.example', '/fingerprint', { cookie: elsewhere.cookie, body: { fingerprint: testDevice(sharedDevice) } });

    const history = await t.db
      .selectFrom('player_fingerprints')
      .select(['visitor_id', 'source'])
      .where('player_id', '=', first.id)
      .execute();
    expect(history).toHaveLength(2);
    expect(history.every((row) => row.source === 'visit')).toBe(true);

    const shared = await accountsSharingDevices(t.db, agencyA.id, first.id);
    expect(shared).toEqual([{ visitorId: sharedDevice, playerId: second.id, username: second.username, lastSeenAt: expect.any(Date) }]);
  });

  it('needs a logged-in player and the full payload', async () => {
    const player = await createTestPlayer(t.db, agencyA.id);
    expect((await call('POST', 'alpha.example', '/fingerprint', { body: { fingerprint: testDevice() } })).statusCode).toBe(401);
    const { webGL: _webGL, ...withoutWebGL } = testDevice();
    for (const body of [
      {},
      { fingerprint: withoutWebGL },
      { fingerprint: testDevice('not a visitor id!') },
      { fingerprint: testDevice(undefined, { userAgent: 'x'.repeat(600) }) },
    ]) {
      const res = await call('POST', 'alpha.example', '/fingerprint', { cookie: player.cookie, body });
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    const rows = await t.db.selectFrom('player_fingerprints').select('id').where('player_id', '=', player.id).execute();
    expect(rows).toHaveLength(0);
  });
});

describe('rate limits', () => {
  const expectLimited = (res: { statusCode: number; json(): { code: string }; headers: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('limits login attempts per username, from whatever address, without touching other usernames', async () => {
    const target = await createTestPlayer(t.db, agencyA.id);
    const otherPlayer = await createTestPlayer(t.db, agencyA.id);
    for (let i = 0; i < FREE_ATTEMPTS.username; i++) {
      expect((await login('alpha.example', target.username, `guess-number-${i}`)).statusCode).toBe(401);
    }
    expectLimited(await login('alpha.example', target.username, target.password));
    expect((await login('alpha.example', otherPlayer.username, otherPlayer.password)).statusCode).toBe(200);
  });

  it('limits login attempts per client address', async () => {
    const ip = '192.0.2.10';
    for (let i = 0; i < FREE_ATTEMPTS.address; i++) {
      expect((await login('alpha.example', `sprayed${i}`, 'wrong-password', ip)).statusCode).toBe(401);
    }
    const player = await createTestPlayer(t.db, agencyA.id);
    expectLimited(await login('alpha.example', player.username, player.password, ip));
    expect((await login('alpha.example', player.username, player.password, '192.0.2.11')).statusCode).toBe(200);
  });

  const registration = (username: string, visitorId: string, ip: string) =>
    call('POST', 'alpha.example', '/players/register', {
      ip,
      headers: { 'x-fingerprint': visitorId },
      body: {
        username,
        password: 'secret-pass-1',
        confirmPassword: 'secret-pass-1',
        displayName: '',
        ageConfirmed: true,
        fingerprint: testDevice(visitorId),
      },
    });

  it('limits registrations per client address', async () => {
    const ip = '192.0.2.20';
    for (let i = 0; i < RATE_LIMITS.registerPerIp.max; i++) {
      expect((await registration(`byip${i}`, newVisitorId(), ip)).statusCode).toBe(201);
    }
    const refused = await registration('byipover', newVisitorId(), ip);
    expectLimited(refused);
    expect((await call('POST', 'alpha.example', '/players/username/validate', { body: { username: 'byipover' } })).json()).toEqual({
      available: true,
    });
  });

  it('limits registrations per device (visitor id)', async () => {
    const device = newVisitorId();
    for (let i = 0; i < RATE_LIMITS.registerPerVisitor.max; i++) {
      expect((await registration(`bydevice${i}`, device, randomIp())).statusCode).toBe(201);
    }
    expectLimited(await registration('bydeviceover', device, randomIp()));
    expect((await registration('otherdevice', newVisitorId(), randomIp())).statusCode).toBe(201);
  });
});
