import { randomBytes } from 'node:crypto';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { testDevice } from '../support/device';

let t: TestApp;
let agencyA: { id: string };

beforeAll(async () => {
  t = await buildTestApp();
  agencyA = await createTestAgency(t, 'alpha', ['alpha.example']);
  // A second agency on the same database: nothing of alpha's may leak into it.
  await createTestAgency(t, 'bravo', ['bravo.example']);
});
afterAll(() => t.close());

const randomIp = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;
const newVisitorId = () => randomBytes(16).toString('hex');

function post(host: string, url: string, body?: unknown, headers: Record<string, string> = {}, remoteAddress = randomIp()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v2${url}`,
    headers: { host, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    payload: body === undefined ? undefined : JSON.stringify(body),
    remoteAddress,
  });
}

function registerBody(username: string, visitorId = newVisitorId(), extra: Record<string, unknown> = {}) {
  return {
    username,
    password: 'secret-pass-1',
    confirmPassword: 'secret-pass-1',
    displayName: 'Somchai ສົມໃຈ',
    ageConfirmed: true,
    fingerprint: testDevice(visitorId),
    ...extra,
  };
}

function register(host: string, username: string, extra: Record<string, unknown> = {}) {
  const visitorId = newVisitorId();
  return post(host, '/players/register', registerBody(username, visitorId, extra), { 'x-fingerprint': visitorId });
}

const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0];
const info = (host: string, cookie?: string) =>
  t.app.inject({ url: '/api/v2/players/info', headers: { host, ...(cookie ? { cookie } : {}) } });
const playerCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('players')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/v2/players/register', () => {
  it('creates the player, logs them in with an HttpOnly Lax cookie and keeps the device fingerprint', async () => {
    const res = await register('alpha.example', 'somchai');
    expect(res.statusCode).toBe(201);
    const { player } = res.json();
    expect(player).toEqual({ id: expect.any(String), username: 'somchai', displayName: 'Somchai ສົມໃຈ' });

    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^champa_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure');

    const me = await info('alpha.example', cookieOf(res));
    expect(me.statusCode).toBe(200);
    expect(me.json().player).toMatchObject({ id: player.id, username: 'somchai' });

    const stored = await t.db.selectFrom('players').select('password_hash').where('id', '=', player.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    const prints = await t.db.selectFrom('player_fingerprints').selectAll().where('player_id', '=', player.id).execute();
    expect(prints).toHaveLength(1);
    expect(prints[0]).toMatchObject({ source: 'register', agency_id: agencyA.id });
    expect(prints[0].device).toMatchObject({ screen: '1920x1080', webGL: { renderer: 'WebKit WebGL' }, fonts: 'Arial,Noto Sans Lao' });
  });

  it('uses the username as display name when none is given', async () => {
    const res = await register('alpha.example', 'noname', { displayName: '  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().player.displayName).toBe('noname');
  });

  it('refuses a taken username with USERNAME_TAKEN, while another agency may use the same name', async () => {
    expect((await register('alpha.example', 'twice')).statusCode).toBe(201);
    const again = await register('alpha.example', 'twice');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'USERNAME_TAKEN' });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect((await register('bravo.example', 'twice')).statusCode).toBe(201);
  });

  it.each([
    ['a short username', { username: 'abc' }, 'username: validation.username_too_short'],
    ['a long username', { username: 'a'.repeat(17) }, 'username: validation.username_too_long'],
    ['an uppercase username', { username: 'Somchai' }, 'username: validation.username_format'],
    ['a username with a space', { username: 'som chai' }, 'username: validation.username_format'],
    ['a short password', { password: 'short', confirmPassword: 'short' }, 'password: validation.password_too_short'],
    ['a long password', { password: 'p'.repeat(65), confirmPassword: 'p'.repeat(65) }, 'password: validation.password_too_long'],
    ['a different confirmation', { confirmPassword: 'secret-pass-2' }, 'confirmPassword: validation.password_not_match'],
    ['an empty confirmation', { confirmPassword: '' }, 'confirmPassword: validation.confirm_password_required'],
    ['no 18+ confirmation', { ageConfirmed: false }, 'ageConfirmed: validation.age_confirmation_required'],
    ['a display name with control characters', { displayName: 'bad\u0007name' }, 'displayName: validation.display_name_format'],
  ])('refuses %s with 400 VALIDATION_ERROR and creates nothing', async (_case, fields, message) => {
    const before = await playerCount();
    const res = await register('alpha.example', 'validname', fields);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message });
    expect(await playerCount()).toBe(before);
  });

  it('needs the X-Fingerprint header, equal to the visitor id of the body', async () => {
    const visitorId = newVisitorId();
    const missing = await post('alpha.example', '/players/register', registerBody('fpless', visitorId));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_ERROR');
    const other = await post('alpha.example', '/players/register', registerBody('fpless', visitorId), { 'x-fingerprint': newVisitorId() });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toContain('X-Fingerprint');
  });

  it('refuses a fingerprint payload that lacks a field or carries an unknown one', async () => {
    const visitorId = newVisitorId();
    const { fonts: _fonts, ...withoutFonts } = testDevice(visitorId);
    for (const fingerprint of [withoutFonts, { ...testDevice(visitorId), extra: 1 }, testDevice(visitorId, { screen: 'big' })]) {
      const res = await post(
        'alpha.example',
        '/players/register',
        { ...registerBody('fpbad', visitorId), fingerprint },
        { 'x-fingerprint': visitorId },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers bad bodies with 4xx codes, never 500, and creates nothing', async () => {
    const before = await playerCount();
    const visitorId = newVisitorId();
    const headers = { 'x-fingerprint': visitorId, 'content-type': 'application/json' };
    const inject = (payload: string | undefined, extra: Record<string, string> = headers) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/players/register',
        headers: { host: 'alpha.example', ...extra },
        payload,
        remoteAddress: randomIp(),
      });

    const malformed = await inject('{"username": ');
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'INVALID_JSON']);
    const empty = await inject(undefined);
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'INVALID_JSON']);
    const noBody = await inject(undefined, { 'x-fingerprint': visitorId });
    expect([noBody.statusCode, noBody.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    const array = await inject('[]');
    expect([array.statusCode, array.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    const overLong = await inject(JSON.stringify(registerBody('x'.repeat(5000), visitorId)));
    expect([overLong.statusCode, overLong.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    const huge = await inject(JSON.stringify(registerBody('huge', visitorId, { displayName: 'x'.repeat(70_000) })));
    expect([huge.statusCode, huge.json().code]).toEqual([413, 'BODY_TOO_LARGE']);
    const form = await inject('username=a', { 'x-fingerprint': visitorId, 'content-type': 'application/x-www-form-urlencoded' });
    expect([form.statusCode, form.json().code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    expect(await playerCount()).toBe(before);
  });
});

describe('POST /api/v2/players/username/validate', () => {
  it('tells whether a username is free on this agency', async () => {
    await register('alpha.example', 'takenname');
    const check = async (host: string, username: string) => (await post(host, '/players/username/validate', { username })).json();
    expect(await check('alpha.example', 'takenname')).toEqual({ available: false });
    expect(await check('alpha.example', 'freename')).toEqual({ available: true });
    expect(await check('bravo.example', 'takenname')).toEqual({ available: true });
  });

  it('refuses a username that breaks the rules or a missing one', async () => {
    const bad = await post('alpha.example', '/players/username/validate', { username: 'NO!NO' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'username: validation.username_format' });
    const missing = await post('alpha.example', '/players/username/validate', {});
    expect([missing.statusCode, missing.json().code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});

describe('login, info and logout', () => {
  let playerId: string;
  beforeAll(async () => {
    playerId = (await register('alpha.example', 'loginuser')).json().player.id;
  });

  it('logs in with the right password and returns the player with a session cookie', async () => {
    const res = await post('alpha.example', '/players/login', { username: 'loginuser', password: 'secret-pass-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ player: { id: playerId, username: 'loginuser', displayName: 'Somchai ສົມໃຈ' } });
    expect(String(res.headers['set-cookie'])).toContain('HttpOnly');
    const me = await info('alpha.example', cookieOf(res));
    expect(me.json()).toEqual({
      player: { id: playerId, username: 'loginuser', displayName: 'Somchai ສົມໃຈ', createdAt: expect.any(String) },
      credential: { passwordChangedAt: null, mustChangePassword: false },
      bankAccounts: [],
    });
  });

  it('accepts the username as a phone capitalises it', async () => {
    const res = await post('alpha.example', '/players/login', { username: ' LoginUser ', password: 'secret-pass-1' });
    expect(res.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown username alike', async () => {
    const wrong = await post('alpha.example', '/players/login', { username: 'loginuser', password: 'wrong-password' });
    const unknown = await post('alpha.example', '/players/login', { username: 'nobodyhere', password: 'secret-pass-1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it("keeps agencies apart: A's player cannot log in on B's host, and A's cookie means nothing there", async () => {
    const onB = await post('bravo.example', '/players/login', { username: 'loginuser', password: 'secret-pass-1' });
    expect(onB.statusCode).toBe(401);
    expect(onB.json().code).toBe('INVALID_CREDENTIALS');
    const cookie = cookieOf(await post('alpha.example', '/players/login', { username: 'loginuser', password: 'secret-pass-1' }));
    const infoOnB = await info('bravo.example', cookie);
    expect(infoOnB.statusCode).toBe(401);
    expect(infoOnB.json().code).toBe('UNAUTHORIZED');
  });

  it('refuses missing or malformed credentials with 400', async () => {
    for (const body of [
      { username: 'loginuser' },
      { username: '', password: 'secret-pass-1' },
      { username: 'loginuser', password: 5, extra: true },
    ]) {
      const res = await post('alpha.example', '/players/login', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers player info with 401 UNAUTHORIZED without a session', async () => {
    const res = await info('alpha.example');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
    expect((await info('alpha.example', 'champa_session=made-up-token')).statusCode).toBe(401);
  });

  it('logs out: the session ends on the server and the cookie is cleared; a second logout is harmless', async () => {
    const cookie = cookieOf(await post('alpha.example', '/players/login', { username: 'loginuser', password: 'secret-pass-1' }));
    const res = await post('alpha.example', '/players/logout', undefined, { cookie });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/champa_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await info('alpha.example', cookie)).statusCode).toBe(401);
    expect((await post('alpha.example', '/players/logout', undefined, { cookie })).statusCode).toBe(200);
    expect((await post('alpha.example', '/players/logout')).statusCode).toBe(200);
  });
});

describe('the session cookie over https', () => {
  it('is Secure when the request came over https through a trusted proxy', async () => {
    const proxied = await buildTestApp({ trustProxy: 1 });
    try {
      await createTestAgency(proxied, 'charlie', ['charlie.example']);
      const visitorId = newVisitorId();
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/v2/players/register',
        headers: { host: 'charlie.example', 'x-forwarded-proto': 'https', 'content-type': 'application/json', 'x-fingerprint': visitorId },
        payload: JSON.stringify(registerBody('secureuser', visitorId)),
      });
      expect(res.statusCode).toBe(201);
      expect(String(res.headers['set-cookie'])).toContain('Secure');
    } finally {
      await proxied.close();
    }
  });
});
