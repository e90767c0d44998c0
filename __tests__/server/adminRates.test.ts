import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { loggedInOperator } from '../support/operators';
import { currentRate, setRate } from '../../server/domain/agencies';

const OTHER = 'other-rates.example';
let t: TestApp;
let agencyId: string;
let otherId: string;
let owner: string;
let staff: string;

beforeAll(async () => {
  t = await buildTestApp();
  agencyId = (await createTestAgency(t, 'rates', ['localhost'])).id;
  otherId = (await createTestAgency(t, 'other', [OTHER])).id;
  await setRate(t.db, agencyId, 'THB', '600', '640', 'seed');
  await setRate(t.db, otherId, 'THB', '500', '520', 'seed');
  owner = await loggedInOperator(t, agencyId, { username: 'owner1' });
  staff = await loggedInOperator(t, agencyId, { username: 'staff1', role: 'staff' });
});
afterAll(() => t.close());

const put = (currency: string, payload: object, cookie = owner) =>
  t.app.inject({ method: 'PUT', url: `/api/v2/admin/rates/${currency}`, headers: { host: 'localhost', cookie }, payload });
const rates = (cookie = owner) => t.app.inject({ url: '/api/v2/admin/rates', headers: { host: 'localhost', cookie } });
const thbNow = async () => (await currentRate(t.db, agencyId, 'THB'))!;
const auditRows = () =>
  t.db
    .selectFrom('operator_audit_log')
    .selectAll()
    .where('agency_id', '=', agencyId)
    .where('action', '=', 'SET_RATE')
    .orderBy('id')
    .execute();

describe('PUT /api/v2/admin/rates/{currency}', () => {
  it('refuses a bad pair with 400 INVALID_RATE and changes nothing', async () => {
    const auditBefore = (await auditRows()).length;
    for (const body of [
      { buy: '0', sell: '640' },
      { buy: '600', sell: '-1' },
      { buy: '650', sell: '640' },
      { buy: 'abc', sell: '640' },
      { buy: '600.1234567', sell: '640' },
    ]) {
      const res = await put('THB', { ...body, confirmLargeMove: true });
      expect([body, res.statusCode, res.json().code]).toEqual([body, 400, 'INVALID_RATE']);
    }
    expect(await thbNow()).toMatchObject({ buy: '600', sell: '640' });
    expect(await auditRows()).toHaveLength(auditBefore);
  });

  it('answers 400 for an unknown currency and a body without a sell rate', async () => {
    expect((await put('EUR', { buy: '1', sell: '2' })).json()).toMatchObject({ code: 'UNKNOWN_CURRENCY' });
    expect((await put('THB', { buy: '600' })).statusCode).toBe(400);
    expect(await thbNow()).toMatchObject({ buy: '600', sell: '640' });
  });

  it('asks for confirmation of a move over 5% (409 with its size), then sets it when confirmed, with an audit entry', async () => {
    const refused = await put('THB', { buy: '600', sell: '680', reason: 'baht up' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'RATE_CONFIRMATION_REQUIRED', movePercent: 6.25 });
    expect(await thbNow()).toMatchObject({ buy: '600', sell: '640' });

    const confirmed = await put('THB', { buy: '600', sell: '680', reason: 'baht up', confirmLargeMove: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().rate).toMatchObject({ currency: 'THB', buy: '600', sell: '680', mid: '640', changedBy: 'owner1' });
    expect(await thbNow()).toMatchObject({ buy: '600', sell: '680' });
    expect((await auditRows()).at(-1)).toMatchObject({
      actor: 'owner1',
      target: 'THB',
      reason: 'baht up',
      details: { buy: '600', sell: '680', previousBuy: '600', previousSell: '640', movePercent: '6.25' },
    });
  });

  it('sets a move of exactly 5% or less without asking', async () => {
    // 680 → 714 is exactly 5%; 600 → 612 is 2%.
    const res = await put('THB', { buy: '612', sell: '714' });
    expect(res.statusCode).toBe(200);
    expect(await thbNow()).toMatchObject({ buy: '612', sell: '714' });
  });

  it('sets the first USD rate without asking (no current rate to move from)', async () => {
    expect((await put('USD', { buy: '21000', sell: '21950.5' })).statusCode).toBe(200);
  });

  it('is for owners: staff get 403 and change nothing', async () => {
    const res = await put('THB', { buy: '612', sell: '700' }, staff);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect(await thbNow()).toMatchObject({ buy: '612', sell: '714' });
  });

  it('never touches another agency', async () => {
    expect((await currentRate(t.db, otherId, 'THB'))!).toMatchObject({ buy: '500', sell: '520' });
  });
});

describe('GET /api/v2/admin/rates', () => {
  it('gives the rates in force and their history, newest first, to staff too', async () => {
    const res = await rates(staff);
    expect(res.statusCode).toBe(200);
    const [thb, usd] = res.json().rates;
    expect(thb.currency).toBe('THB');
    expect(thb.current).toMatchObject({ buy: '612', sell: '714', mid: '663' });
    expect(thb.history.map((rate: { sell: string }) => rate.sell)).toEqual(['714', '680', '640']);
    const times = thb.history.map((rate: { effectiveAt: string }) => Date.parse(rate.effectiveAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(usd.current).toMatchObject({ buy: '21000', sell: '21950.5' });
    expect((await rates('')).statusCode).toBe(401);
  });
});
