import { sql } from 'kysely';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { createTestPlayerWithBank } from '../support/players';

/** A request the route's schema refuses is answered with its error code before the domain runs. */
let t: TestApp;
let agencyId: string;

beforeAll(async () => {
  t = await buildTestApp();
  agencyId = (await createTestAgency(t, 'validation', ['localhost'])).id;
});
afterAll(() => t.close());

describe('a body of the wrong type', () => {
  it('is refused with VALIDATION_ERROR and changes nothing', async () => {
    const player = await createTestPlayerWithBank(t.db, agencyId);
    const count = async () => (await sql<{ n: string }>`select count(*)::text as n from deposit_orders`.execute(t.db)).rows[0].n;
    const before = await count();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/deposits',
      headers: { cookie: player.cookie, 'idempotency-key': 'openapi-wrong-type-1' },
      payload: { provider: { name: 'askmebet' }, amount: '100000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await count()).toBe(before);
  });
});

describe('a page beyond any list', () => {
  it.each(['/api/v2/deposits', '/api/v2/withdrawals', '/api/v2/promotions/usages'])(
    'is refused by %s with VALIDATION_ERROR',
    async (url) => {
      const player = await createTestPlayerWithBank(t.db, agencyId);
      for (const page of ['99999999999999999999999999999999999999', '100001', '0']) {
        const res = await t.app.inject({ method: 'GET', url: `${url}?page=${page}`, headers: { cookie: player.cookie } });
        expect([page, res.statusCode, res.json().code]).toEqual([page, 400, 'VALIDATION_ERROR']);
      }
      const last = await t.app.inject({ method: 'GET', url: `${url}?page=100000`, headers: { cookie: player.cookie } });
      expect(last.statusCode).toBe(200);
    },
  );
});
