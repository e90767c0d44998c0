import { randomBytes } from 'node:crypto';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { createTestPlayer } from '../support/players';
import { loggedInOperator } from '../support/operators';
import { testDevice } from '../support/device';
import { runAgencyCli } from '../../server/cli/agency';

const A = 'alpha.example';
let t: TestApp;
let agencyId: string;

beforeAll(async () => {
  t = await buildTestApp();
  agencyId = (await createTestAgency(t, 'alpha', [A])).id;
});
afterAll(() => t.close());

// Long enough for a player, and each of them among the first a guesser tries.
const GUESSABLE = ['12345678', 'password', ' '.repeat(8), 'password1', 'qwertyuiop', 'iloveyou1', 'P@ssw0rd', 'champa2024'];
const STRONG = 'Mekong-lantern-47';
const shown = (passwords: string[]) => passwords.map((password) => [JSON.stringify(password), password]);

const randomIp = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v2${url}`,
    headers: { host: A, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
    remoteAddress: randomIp(),
  });
}

describe('a player choosing a password', () => {
  function register(username: string, password: string) {
    const visitorId = randomBytes(16).toString('hex');
    const body = { username, password, confirmPassword: password, ageConfirmed: true, fingerprint: testDevice(visitorId) };
    return post('/players/register', body, { 'x-fingerprint': visitorId });
  }
  const playerNamed = (username: string) =>
    t.db.selectFrom('players').select('id').where('agency_id', '=', agencyId).where('username', '=', username).executeTakeFirst();

  it.each(shown(GUESSABLE))('is refused %s at register with WEAK_PASSWORD; no player, no session', async (_shown, password) => {
    const username = `weak${randomBytes(4).toString('hex')}`;
    const res = await register(username, password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'WEAK_PASSWORD', message: 'password: validation.password_guessable' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await playerNamed(username)).toBeUndefined();
  });

  it('registers with a password that is hard to guess', async () => {
    const res = await register('strongone', STRONG);
    expect(res.statusCode).toBe(201);
    expect(await playerNamed('strongone')).toBeDefined();
  });

  it.each(shown(GUESSABLE))('is refused %s as a new password; the old one still logs in', async (_shown, password) => {
    const player = await createTestPlayer(t.db, agencyId);
    const before = await t.db
      .selectFrom('players')
      .select(['password_hash', 'password_changed_at'])
      .where('id', '=', player.id)
      .executeTakeFirstOrThrow();
    const body = { currentPassword: player.password, newPassword: password, confirmNewPassword: password };
    const res = await post('/players/security/password/change', body, { cookie: player.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'WEAK_PASSWORD', message: 'newPassword: validation.password_guessable' });
    expect(
      await t.db
        .selectFrom('players')
        .select(['password_hash', 'password_changed_at'])
        .where('id', '=', player.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
    expect((await post('/players/login', { username: player.username, password: player.password })).statusCode).toBe(200);
  });

  it('changes to a password that is hard to guess', async () => {
    const player = await createTestPlayer(t.db, agencyId);
    const body = { currentPassword: player.password, newPassword: STRONG, confirmNewPassword: STRONG };
    expect((await post('/players/security/password/change', body, { cookie: player.cookie })).statusCode).toBe(200);
    expect((await post('/players/login', { username: player.username, password: STRONG })).statusCode).toBe(200);
  });
});

describe('an owner adding an operator', () => {
  let owner: string;
  beforeAll(async () => {
    owner = await loggedInOperator(t, agencyId, { host: A });
  });

  const operatorNamed = (username: string) =>
    t.db.selectFrom('operators').select('id').where('agency_id', '=', agencyId).where('username', '=', username).executeTakeFirst();
  const creationsOf = (username: string) =>
    t.db.selectFrom('operator_audit_log').select('id').where('action', '=', 'CREATE_OPERATOR').where('target', '=', username).execute();
  const addOperator = (username: string, password: string) =>
    post('/admin/operators', { username, password, role: 'staff' }, { cookie: owner });

  // Operators need twelve characters: these are long enough, and guessable all the same.
  it.each(shown(['password1234', ' '.repeat(12), '123456789012', 'qwertyuiopasdf', 'champa123456', '1q2w3e4r5t6y']))(
    'is refused %s with WEAK_PASSWORD; no operator, nothing audited',
    async (_shown, password) => {
      const username = `op-${randomBytes(4).toString('hex')}`;
      const res = await addOperator(username, password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'WEAK_PASSWORD', message: 'password: operators.passwordGuessable' });
      expect(await operatorNamed(username)).toBeUndefined();
      expect(await creationsOf(username)).toEqual([]);
    },
  );

  it.each(shown(['12345678', 'password', ' '.repeat(8)]))('is refused %s, too short for an operator', async (_shown, password) => {
    const res = await addOperator('too-short', password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'password: operators.passwordTooShort' });
    expect(await operatorNamed('too-short')).toBeUndefined();
  });

  it('adds an operator whose password is hard to guess', async () => {
    const res = await addOperator('kham', STRONG);
    expect(res.statusCode).toBe(201);
    expect(await operatorNamed('kham')).toBeDefined();
  });

  it('the command line refuses a guessable password too', async () => {
    const errors: string[] = [];
    const cli = (argv: string[]) => runAgencyCli(argv, { db: t.db, out: () => {} }, (line) => errors.push(line));
    expect(await cli(['create-operator', '--host', A, '--username', 'noi', '--password', 'password1234', '--role', 'owner'])).toBe(1);
    expect(errors.join('\n')).toMatch(/WEAK_PASSWORD/);
    expect(await operatorNamed('noi')).toBeUndefined();
  });
});
