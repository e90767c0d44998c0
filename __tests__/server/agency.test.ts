import { PROVIDERS } from '../../contract/providers';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';

let t: TestApp;
let agencyA: { id: string };
let agencyB: { id: string };

beforeAll(async () => {
  t = await buildTestApp();
  agencyA = await createTestAgency(t, 'alpha', ['alpha.example', 'www.alpha.example']);
  agencyB = await createTestAgency(t, 'bravo', ['bravo.example']);
});
afterAll(() => t.close());

describe('GET /api/v2/agency', () => {
  it('resolves the agency from the Host header, ignoring case and port', async () => {
    const res = await t.app.inject({ url: '/api/v2/agency', headers: { host: 'WWW.Alpha.Example:8080' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ agency: { id: agencyA.id, name: 'alpha' }, sandbox: true });
  });

  it('says whether the site plays the bank or a provider itself: false once every one has a real URL', async () => {
    const live = await buildTestApp({
      laoqrGatewayUrl: 'https://gateway.example',
      providerUrls: Object.fromEntries(PROVIDERS.map((provider) => [provider, `https://${provider}.example`])),
    });
    try {
      await createTestAgency(live, 'live', ['live.example']);
      const res = await live.app.inject({ url: '/api/v2/agency', headers: { host: 'live.example' } });
      expect(res.json()).toMatchObject({ agency: { name: 'live' }, sandbox: false });
      expect((await live.app.inject('/readyz')).json()).toMatchObject({ sandbox: { bank: false, providers: [] } });
      expect((await live.app.inject({ url: '/sandbox/bank', headers: { host: 'live.example' } })).statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });

  it('answers 404 AGENCY_NOT_FOUND for a host no agency serves', async () => {
    const res = await t.app.inject({ url: '/api/v2/agency', headers: { host: 'nobody.example' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'AGENCY_NOT_FOUND' });
  });
});

describe('GET /api/v2/agency/info', () => {
  it("serves each agency's own social links on its own host only", async () => {
    const a = (await t.app.inject({ url: '/api/v2/agency/info', headers: { host: 'alpha.example' } })).json();
    const b = (await t.app.inject({ url: '/api/v2/agency/info', headers: { host: 'bravo.example' } })).json();
    expect(a.agency).toEqual({
      id: agencyA.id,
      name: 'alpha',
      social: {
        whatsapp: 'https://wa.me/alpha',
        line: 'https://line.me/R/ti/p/@alpha',
        facebook: 'https://www.facebook.com/alpha',
        telegram: 'https://t.me/alpha',
        twitter: 'https://twitter.com/alpha',
      },
      site: { signUpMinutes: 1, gameCount: 1000 },
      notice: { lo: '', cn: '', vn: '', th: '' },
    });
    expect(b.agency.id).toBe(agencyB.id);
    expect(JSON.stringify(b)).not.toContain('alpha');
  });

  it('answers 404 for an unknown host', async () => {
    const res = await t.app.inject({ url: '/api/v2/agency/info', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('the API around the agency routes', () => {
  it('answers JSON 404 NOT_FOUND for an unknown /api path, whatever the host', async () => {
    for (const host of ['alpha.example', 'nobody.example']) {
      const res = await t.app.inject({ url: '/api/v2/no-such-thing', headers: { host } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('reports health and readiness', async () => {
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      database: 'reachable',
      sandbox: { bank: true, providers: ['alphabet', 'askmebet', 'betflix', 'gclub', 'gclub_live'] },
    });
  });

  it('refuses a cross-site state-changing request and a non-JSON body', async () => {
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/v2/agency',
      headers: { host: 'alpha.example', origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ code: 'FORBIDDEN_ORIGIN' });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v2/agency',
      headers: { host: 'alpha.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(form.statusCode).toBe(415);
  });

  it('sets a Content-Security-Policy header', async () => {
    const res = await t.app.inject({ url: '/api/v2/agency', headers: { host: 'alpha.example' } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('gives every answer the same security headers: an answer, a refused cross-site request and an unknown route', async () => {
    const answers = [
      await t.app.inject({ url: '/api/v2/agency', headers: { host: 'alpha.example' } }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v2/players/login',
        headers: { host: 'alpha.example', origin: 'https://evil.example', 'content-type': 'application/json' },
        payload: {},
      }),
      await t.app.inject({ url: '/api/v2/no-such-route', headers: { host: 'alpha.example' } }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 403, 404]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject({
        'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
