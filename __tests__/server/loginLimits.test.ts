import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { createTestPlayer, type TestPlayer } from '../support/players';
import { DEVICE_COOKIE, FIRST_WAIT_MS, FREE_ATTEMPTS, LONGEST_WAIT_MS } from '../../server/domain/loginLimits';

// Players' login limits: growing waits per username, per device cookie and per address, so an
// attacker's guesses never lock the owner's own device out.

let t: TestApp;
let agencyId: string;

beforeAll(async () => {
  t = await buildTestApp();
  agencyId = (await createTestAgency(t, 'alpha', ['alpha.example'])).id;
});
afterAll(() => t.close());

let addressSerial = 0;
/** An address no other attempt of this file used. */
const newAddress = () => {
  addressSerial += 1;
  return `198.51.${Math.floor(addressSerial / 250)}.${(addressSerial % 250) + 1}`;
};

function login(username: string, password: string, { address = newAddress(), device }: { address?: string; device?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/players/login',
    headers: { host: 'alpha.example', 'content-type': 'application/json', ...(device && { cookie: `${DEVICE_COOKIE}=${device}` }) },
    payload: JSON.stringify({ username, password }),
    remoteAddress: address,
  });
}

const deviceCookieOf = (res: LightMyRequestResponse) => res.cookies.find((cookie) => cookie.name === DEVICE_COOKIE);

/** The owner logs in once on their phone, which keeps the device cookie it was given. */
async function ownerWithPhone(): Promise<TestPlayer & { phone: string }> {
  const owner = await createTestPlayer(t.db, agencyId);
  const res = await login(owner.username, owner.password);
  expect(res.statusCode).toBe(200);
  return { ...owner, phone: deviceCookieOf(res)!.value };
}

/** The wait of a 429: the header and the body agree. */
function waitOf(res: LightMyRequestResponse): number {
  expect([res.statusCode, res.json().code]).toEqual([429, 'RATE_LIMITED']);
  expect(res.json().retryAfterSeconds).toBe(Number(res.headers['retry-after']));
  return res.json().retryAfterSeconds as number;
}

/** Ends every wait a counter of the username asks for, as if the player had waited it out. */
const waitOut = (username: string) =>
  sql`UPDATE login_attempts SET wait_until = now() WHERE key = ${`player:${agencyId}:username:${username}`}`.execute(t.db);

async function guess(username: string, times: number, options: { address?: string; device?: string } = {}) {
  for (let i = 0; i < times; i++) expect((await login(username, `wrong-guess-${i}`, options)).statusCode).toBe(401);
}

describe('an attacker guessing one username', () => {
  it("does not lock the owner's device out: its device cookie logs in with the right password", async () => {
    const owner = await ownerWithPhone();
    await guess(owner.username, FREE_ATTEMPTS.username);
    expect(waitOf(await login(owner.username, owner.password))).toBeGreaterThan(0);
    const onPhone = await login(owner.username, owner.password, { device: owner.phone });
    expect(onPhone.statusCode).toBe(200);
    expect(onPhone.json().player).toMatchObject({ id: owner.id });
  });

  it('is asked for a wait that doubles with each further wrong guess, up to the longest', async () => {
    const owner = await ownerWithPhone();
    await guess(owner.username, FREE_ATTEMPTS.username);
    const waits: number[] = [];
    for (let round = 0; round < 7; round++) {
      waits.push(waitOf(await login(owner.username, 'another-guess')));
      await waitOut(owner.username);
      expect((await login(owner.username, `after-waiting-${round}`)).statusCode).toBe(401);
    }
    const seconds = [1, 2, 4, 8, 16, 32, 64].map((factor) => Math.min(FIRST_WAIT_MS * factor, LONGEST_WAIT_MS) / 1000);
    // Each wait as asked for, less the moments the test took since it was set.
    waits.forEach((wait, i) => {
      expect(wait).toBeLessThanOrEqual(seconds[i]);
      expect(wait).toBeGreaterThan(seconds[i] - FIRST_WAIT_MS / 2000);
    });
    // The owner's device still logs in, and its login takes nothing off the username's counter.
    expect((await login(owner.username, owner.password, { device: owner.phone })).statusCode).toBe(200);
    expect(waitOf(await login(owner.username, owner.password))).toBeGreaterThan(0);
  });

  it("gains nothing from another account's device cookie, or a forged one: both count on the username", async () => {
    const owner = await createTestPlayer(t.db, agencyId);
    const attacker = await ownerWithPhone();
    const [nonce, mac] = attacker.phone.split('.');
    const forged = `${nonce}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BA' : 'AA'}`;
    await guess(owner.username, FREE_ATTEMPTS.username / 2, { device: attacker.phone });
    await guess(owner.username, FREE_ATTEMPTS.username / 2, { device: forged });
    for (const device of [attacker.phone, forged, 'garbage']) waitOf(await login(owner.username, owner.password, { device }));
  });

  it("counts each device cookie on its own: the owner's wrong passwords slow their device, not the username", async () => {
    const owner = await ownerWithPhone();
    await guess(owner.username, FREE_ATTEMPTS.device, { device: owner.phone });
    waitOf(await login(owner.username, owner.password, { device: owner.phone }));
    expect((await login(owner.username, owner.password)).statusCode).toBe(200);
  });

  it('gives a logged-in device a new cookie, for this login route only, and forgets its counter', async () => {
    const owner = await ownerWithPhone();
    await guess(owner.username, FREE_ATTEMPTS.device - 1, { device: owner.phone });
    const res = await login(owner.username, owner.password, { device: owner.phone });
    expect(res.statusCode).toBe(200);
    const cookie = deviceCookieOf(res)!;
    expect(cookie).toMatchObject({ path: '/api/v2/players/login', httpOnly: true, sameSite: 'Strict' });
    expect(cookie.value).not.toBe(owner.phone);
    // The old cookie's counter is gone; the new one starts afresh.
    await guess(owner.username, FREE_ATTEMPTS.device - 1, { device: cookie.value });
    expect((await login(owner.username, owner.password, { device: cookie.value })).statusCode).toBe(200);
  });
});

describe('one address guessing many usernames', () => {
  it('is slowed on its own, whatever usernames or device cookies it tries; other addresses are not', async () => {
    const address = newAddress();
    for (let i = 0; i < FREE_ATTEMPTS.address; i++) {
      expect((await login(`sprayed${i}`, 'wrong-password', { address })).statusCode).toBe(401);
    }
    const player = await ownerWithPhone();
    waitOf(await login(player.username, player.password, { address }));
    waitOf(await login(player.username, player.password, { address, device: player.phone }));
    expect((await login(player.username, player.password)).statusCode).toBe(200);
  });

  it("does not count its players' logins against it", async () => {
    const address = newAddress();
    const player = await createTestPlayer(t.db, agencyId);
    for (let i = 0; i < FREE_ATTEMPTS.address + 5; i++) {
      expect((await login(player.username, player.password, { address })).statusCode).toBe(200);
    }
  });
});

describe('bad input', () => {
  it('is refused with 400 VALIDATION_ERROR and counts no attempt', async () => {
    const player = await createTestPlayer(t.db, agencyId);
    const counters = () => t.db.selectFrom('login_attempts').select(['key', 'attempts']).orderBy('key').execute();
    const before = await counters();
    const address = newAddress();
    for (const payload of [
      { username: player.username },
      { username: 'x'.repeat(65), password: 'wrong-password' },
      { username: player.username, password: 'wrong-password', extra: true },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/players/login',
        headers: { host: 'alpha.example', 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
        remoteAddress: address,
      });
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect(await counters()).toEqual(before);
  });
});
