import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { loggedInOperator } from '../support/operators';
import { createTestPromotion } from '../support/promotions';
import { ledgerViolations } from '../support/ledgerInvariant';

const A = 'alpha.example';
const B = 'bravo.example';
let t: TestApp;
let alphaId: string;
let bravoId: string;
let owner: string;
let staff: string;
let bravoOwner: string;

const everywhere = (text: string) => ({ lo: text, cn: text, vn: text, th: text });

/** A promotion in the CLI's JSON shape (docs/promotions.md). */
const described = (overrides: Record<string, unknown> = {}) => ({
  name: everywhere('Weekend bonus'),
  terms: everywhere('Deposit exactly 64000 LAK'),
  imageUrl: '/images/promotions/first-deposit.svg',
  bonus: { kind: 'FIXED', amount: '50.00' },
  depositAmount: '64000',
  turnoverMultiple: 3,
  minBalance: '10.00',
  maxWithdrawPercent: 200,
  creditThreshold: '5.00',
  providers: ['askmebet'],
  ...overrides,
});

const call = (method: 'GET' | 'POST', url: string, host: string, cookie: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { host, cookie, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

const promotionCount = async (agencyId: string) =>
  Number(
    (
      await t.db
        .selectFrom('promotions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('agency_id', '=', agencyId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const auditOf = (agencyId: string, action: string) =>
  t.db.selectFrom('operator_audit_log').selectAll().where('agency_id', '=', agencyId).where('action', '=', action).execute();

beforeAll(async () => {
  t = await buildTestApp();
  alphaId = (await createTestAgency(t, 'alpha', [A])).id;
  bravoId = (await createTestAgency(t, 'bravo', [B])).id;
  owner = await loggedInOperator(t, alphaId, { host: A, username: 'anna' });
  staff = await loggedInOperator(t, alphaId, { host: A, username: 'sam', password: 'staff-password-1', role: 'staff' });
  bravoOwner = await loggedInOperator(t, bravoId, { host: B, username: 'bora' });
});
afterAll(() => t.close());

describe('promotions', () => {
  it('creates a promotion checked by the CLI rule, audited with the reason, and lists it with its usages', async () => {
    const res = await call('POST', '/api/v2/admin/promotions', A, owner, { promotion: described(), reason: 'weekend campaign' });
    expect(res.statusCode).toBe(201);
    const { promotion } = res.json();
    expect(promotion).toMatchObject({ bonus: { kind: 'FIXED', amount: '50.00' }, depositAmount: '64000', status: 'ACTIVE' });
    const listed = await call('GET', '/api/v2/admin/promotions', A, staff);
    expect(listed.json().promotions).toEqual(expect.arrayContaining([{ ...promotion, usages: 0 }]));
    expect(await auditOf(alphaId, 'CREATE_PROMOTION')).toEqual([
      expect.objectContaining({ actor: 'anna', target: promotion.id, reason: 'weekend campaign' }),
    ]);
  });

  it.each([
    ['bonus.amount', { bonus: { kind: 'FIXED', amount: '0' } }],
    ['bonus.kind', { bonus: { kind: 'DOUBLE' } }],
    ['name.th', { name: { lo: 'a', cn: 'b', vn: 'c', th: ' ' } }],
    ['providers', { providers: ['casino'] }],
    ['depositAmount', { depositAmount: '64000.5' }],
    ['turnoverMultiple', { turnoverMultiple: 101 }],
    ['endsAt', { startsAt: '2026-12-02T00:00:00+07:00', endsAt: '2026-12-01T00:00:00+07:00' }],
    ['endsAt', { startsAt: '2020-01-01T00:00:00+07:00', endsAt: '2020-02-01T00:00:00+07:00' }],
  ])('refuses a mistake in %s with VALIDATION_ERROR naming it, writing nothing', async (field, overrides) => {
    const before = await promotionCount(alphaId);
    const res = await call('POST', '/api/v2/admin/promotions', A, owner, { promotion: described(overrides), reason: 'trying it' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().message).toMatch(new RegExp(`^${field.replace('.', '\\.')}:`));
    expect(await promotionCount(alphaId)).toBe(before);
  });

  it('refuses an end not after the start, and an end already past, in the English of the CLI', async () => {
    const day = 24 * 60 * 60 * 1000;
    const inDays = (days: number) => new Date(Date.now() + days * day).toISOString();
    const before = await promotionCount(alphaId);
    const backwards = await call('POST', '/api/v2/admin/promotions', A, owner, {
      promotion: described({ startsAt: inDays(10), endsAt: inDays(9) }),
      reason: 'wrong way round',
    });
    expect(backwards.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'endsAt: must come after startsAt' });
    const past = await call('POST', '/api/v2/admin/promotions', A, owner, {
      promotion: described({ startsAt: inDays(-10), endsAt: inDays(-1) }),
      reason: 'already over',
    });
    expect(past.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'endsAt: must be in the future' });
    expect(await promotionCount(alphaId)).toBe(before);
    const [startsAt, endsAt] = [inDays(1), inDays(8)];
    const window = await call('POST', '/api/v2/admin/promotions', A, owner, {
      promotion: described({ startsAt, endsAt }),
      reason: 'next week',
    });
    expect(window.statusCode).toBe(201);
    const { promotion } = window.json();
    expect([Date.parse(promotion.startsAt), Date.parse(promotion.endsAt)]).toEqual([Date.parse(startsAt), Date.parse(endsAt)]);
  });

  it('names every field the rule refuses, one sentence each', async () => {
    const res = await call('POST', '/api/v2/admin/promotions', A, owner, {
      promotion: described({ name: { lo: 'ລາວ' }, bonus: { kind: 'FIXED', amount: '0' }, turnoverMultiple: 101 }),
      reason: 'many mistakes',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message.split('; ')).toEqual([
      'name.cn: needs a text in each of lo, cn, vn and th',
      'name.vn: needs a text in each of lo, cn, vn and th',
      'name.th: needs a text in each of lo, cn, vn and th',
      'bonus.amount: must be a THB amount above 0 as a string, like "50.00"',
      'turnoverMultiple: must be a whole number from 0 to 100',
    ]);
  });

  it('copies a promotion by creating one from its fields', async () => {
    const original = await createTestPromotion(t.db, alphaId);
    const { id: _id, status: _status, ...fields } = original;
    const res = await call('POST', '/api/v2/admin/promotions', A, owner, {
      promotion: { ...fields, name: everywhere('Copy'), status: 'INACTIVE' },
      reason: 'copy for next month',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().promotion).toMatchObject({ bonus: original.bonus, depositAmount: original.depositAmount, status: 'INACTIVE' });
    expect(res.json().promotion.id).not.toBe(original.id);
  });

  it('needs a reason, and refuses staff with 403', async () => {
    const before = await promotionCount(alphaId);
    expect((await call('POST', '/api/v2/admin/promotions', A, owner, { promotion: described() })).statusCode).toBe(400);
    const byStaff = await call('POST', '/api/v2/admin/promotions', A, staff, { promotion: described(), reason: 'not mine to do' });
    expect(byStaff.statusCode).toBe(403);
    expect(await promotionCount(alphaId)).toBe(before);
  });

  it('switches a promotion off and on with a reason, audited; another agency gets 404 and staff 403', async () => {
    const promotion = await createTestPromotion(t.db, alphaId);
    const url = `/api/v2/admin/promotions/${promotion.id}/status`;
    expect((await call('POST', url, B, bravoOwner, { status: 'INACTIVE', reason: 'not ours' })).statusCode).toBe(404);
    expect((await call('POST', url, A, staff, { status: 'INACTIVE', reason: 'staff try' })).statusCode).toBe(403);
    const off = await call('POST', url, A, owner, { status: 'INACTIVE', reason: 'budget spent' });
    expect(off.json().promotion.status).toBe('INACTIVE');
    const player = await t.app.inject({ url: '/api/v2/promotions', headers: { host: A } });
    expect(JSON.stringify(player.json())).not.toContain(promotion.id);
    expect((await call('POST', url, A, owner, { status: 'ACTIVE', reason: 'budget back' })).json().promotion.status).toBe('ACTIVE');
    const audited = await auditOf(alphaId, 'SET_PROMOTION_STATUS');
    expect(audited.filter((entry) => entry.target === promotion.id).map((entry) => [entry.reason, entry.details])).toEqual(
      expect.arrayContaining([
        ['budget spent', { from: 'ACTIVE', to: 'INACTIVE' }],
        ['budget back', { from: 'INACTIVE', to: 'ACTIVE' }],
      ]),
    );
  });
});

describe('bonus pool', () => {
  const fund = (body: unknown, key: string | undefined, cookie = owner) =>
    call('POST', '/api/v2/admin/bonus-pool/fund', A, cookie, body, key ? { 'idempotency-key': key } : {});

  it('funds the pool from capital once per Idempotency-Key, audited once, the ledger balanced', async () => {
    const before = (await call('GET', '/api/v2/admin/bonus-pool', A, staff)).json().balance;
    expect(before).toBe('0.00');
    const first = await fund({ amount: '2500.50', reason: 'monthly budget' }, 'fund-key-0001');
    expect(first.json()).toEqual({ balance: '2500.50', replayed: false });
    const again = await fund({ amount: '2500.50', reason: 'monthly budget' }, 'fund-key-0001');
    expect(again.json()).toEqual({ balance: '2500.50', replayed: true });
    expect((await call('GET', '/api/v2/admin/bonus-pool', A, staff)).json().balance).toBe('2500.50');
    expect(await auditOf(alphaId, 'FUND_BONUS_POOL')).toEqual([
      expect.objectContaining({ actor: 'anna', reason: 'monthly budget', details: { amount: '2500.50', currency: 'THB' } }),
    ]);
    expect(await ledgerViolations(t.db, { agencyId: alphaId })).toEqual([]);
    expect((await call('GET', '/api/v2/admin/bonus-pool', B, bravoOwner)).json().balance).toBe('0.00');
  });

  it('refuses a bad amount, a missing key and staff, moving nothing', async () => {
    expect((await fund({ amount: '-5', reason: 'bad amount' }, 'fund-key-0002')).json().code).toBe('INVALID_AMOUNT');
    expect((await fund({ amount: '1.234', reason: 'bad amount' }, 'fund-key-0003')).json().code).toBe('INVALID_AMOUNT');
    expect((await fund({ amount: '10', reason: 'no key' }, undefined)).json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await fund({ amount: '10', reason: 'staff try' }, 'fund-key-0004', staff)).statusCode).toBe(403);
    expect((await call('GET', '/api/v2/admin/bonus-pool', A, owner)).json().balance).toBe('2500.50');
  });
});
