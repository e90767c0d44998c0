import { randomBytes } from 'node:crypto';
import { RATE_LIMITS } from '../../server/domain/rateLimits';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { testDevice } from '../support/device';

/**
 * TRUST_PROXY names the proxies in front; the client's address is the one the trusted hops give,
 * so what a client writes into X-Forwarded-For itself changes nothing.
 */

const PROXY = '10.0.0.2';
const CLIENT = '203.0.113.7';
const forged = () => `198.51.100.${randomBytes(1)[0]}`;

function checkUsername(test: TestApp, remoteAddress: string, forwardedFor?: string) {
  return test.app.inject({
    method: 'POST',
    url: '/api/v2/players/username/validate',
    headers: { host: 'proxied.example', 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: JSON.stringify({ username: 'somchai' }),
    remoteAddress,
  });
}

async function withApp(trustProxy: false | number | string[], run: (test: TestApp) => Promise<void>) {
  const test = await buildTestApp({ trustProxy });
  try {
    await createTestAgency(test, 'proxied', ['proxied.example']);
    await run(test);
  } finally {
    await test.close();
  }
}

const { max } = RATE_LIMITS.usernameCheckPerIp;

describe('behind one proxy (TRUST_PROXY=1)', () => {
  it('counts the address the proxy saw, whatever the client forged before it', async () => {
    await withApp(1, async (test) => {
      // The proxy appends the address it saw to what the client sent.
      for (let call = 0; call < max; call += 1) expect((await checkUsername(test, PROXY, `${forged()}, ${CLIENT}`)).statusCode).toBe(200);
      const limited = await checkUsername(test, PROXY, `${forged()}, ${CLIENT}`);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      // Another client behind the same proxy has its own count.
      expect((await checkUsername(test, PROXY, `${CLIENT}, 203.0.113.8`)).statusCode).toBe(200);
    });
  });

  it('records the real address with the device a player registered from', async () => {
    await withApp(1, async (test) => {
      const visitorId = randomBytes(16).toString('hex');
      const res = await test.app.inject({
        method: 'POST',
        url: '/api/v2/players/register',
        headers: {
          host: 'proxied.example',
          'content-type': 'application/json',
          'x-fingerprint': visitorId,
          'x-forwarded-for': `1.2.3.4, ${CLIENT}`,
        },
        payload: JSON.stringify({
          username: 'proxied1',
          password: 'mekong-sunrise-4821',
          confirmPassword: 'mekong-sunrise-4821',
          displayName: 'Somchai',
          ageConfirmed: true,
          fingerprint: testDevice(visitorId),
        }),
        remoteAddress: PROXY,
      });
      expect(res.statusCode).toBe(201);
      const rows = await test.db.selectFrom('player_fingerprints').select('ip').execute();
      expect(rows).toEqual([{ ip: CLIENT }]);
    });
  });
});

describe('behind proxies named by address (TRUST_PROXY=10.0.0.2)', () => {
  it("takes X-Forwarded-For from the proxy only; a client reaching the server directly is its socket's address", async () => {
    await withApp([PROXY], async (test) => {
      for (let call = 0; call < max; call += 1) expect((await checkUsername(test, PROXY, CLIENT)).statusCode).toBe(200);
      expect((await checkUsername(test, PROXY, CLIENT)).statusCode).toBe(429);
      // Claiming to be a limited client from elsewhere does not borrow its count, nor does claiming to be someone else.
      expect((await checkUsername(test, '192.0.2.50', CLIENT)).statusCode).toBe(200);
      for (let call = 0; call < max; call += 1) expect((await checkUsername(test, '192.0.2.51', forged())).statusCode).toBe(200);
      expect((await checkUsername(test, '192.0.2.51', forged())).statusCode).toBe(429);
    });
  });
});

describe('with no proxy trusted', () => {
  it('ignores X-Forwarded-For altogether', async () => {
    await withApp(false, async (test) => {
      for (let call = 0; call < max; call += 1) expect((await checkUsername(test, '192.0.2.60', forged())).statusCode).toBe(200);
      expect((await checkUsername(test, '192.0.2.60', forged())).statusCode).toBe(429);
    });
  });
});

describe('HSTS', () => {
  const page = (test: TestApp, remoteAddress: string, proto?: string) =>
    test.app.inject({
      url: '/api/v2/agency',
      headers: { host: 'proxied.example', ...(proto ? { 'x-forwarded-proto': proto } : {}) },
      remoteAddress,
    });

  it('is sent for a year, subdomains included, when the request came over https through a trusted proxy', async () => {
    await withApp([PROXY], async (test) => {
      expect((await page(test, PROXY, 'https')).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect((await page(test, PROXY, 'http')).headers['strict-transport-security']).toBeUndefined();
      expect((await page(test, PROXY)).headers['strict-transport-security']).toBeUndefined();
      // A client that is not the proxy cannot claim https.
      expect((await page(test, '192.0.2.70', 'https')).headers['strict-transport-security']).toBeUndefined();
    });
  });

  it('is never sent when no proxy is trusted', async () => {
    await withApp(false, async (test) => {
      expect((await page(test, PROXY, 'https')).headers['strict-transport-security']).toBeUndefined();
    });
  });
});
