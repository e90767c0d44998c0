import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { createTestPlayerWithBank, type TestPlayer } from '../support/players';
import { loggedInOperator } from '../support/operators';
import { runAgencyCli } from '../../server/cli/agency';
import { setRate } from '../../server/domain/agencies';
import { receivingAccountOf, setReceivingAccount } from '../../server/domain/deposits';
import { DEMO_RECEIVING_ACCOUNT, seedDemoReceivingAccount } from '../../server/seed';
import { parseLaoQr, parseTlv, readEmvPayload } from '../../contract/laoqr';

/**
 * The agency's LaoQR merchant id (MID): a deposit needs one. It goes into the
 * QR's tag 38 (sub-tag 04) and the payee the page shows; without it no deposit is taken
 * (MERCHANT_ID_REQUIRED) and nothing is written; the operator sets it with validation.
 */

const ACCOUNT = {
  bankIin: '27710418',
  accountNumber: '0101000123456789',
  merchantName: 'CHAMPA GAMES',
  merchantCity: 'VIENTIANE',
};

let t: TestApp;
let agencyId: string;
let owner: string;
let staff: string;

beforeAll(async () => {
  t = await buildTestApp();
  agencyId = (await createTestAgency(t, 'mid', ['localhost'])).id;
  await setRate(t.db, agencyId, 'THB', '600', '640', 'test');
  owner = await loggedInOperator(t, agencyId);
  staff = await loggedInOperator(t, agencyId, { username: 'clerk', password: 'staff-password-1', role: 'staff' });
});
afterAll(() => t.close());

/** The MID stored for the agency right now (null: none). */
const setMerchantId = (merchantId: string | null) => setReceivingAccount(t.db, agencyId, { ...ACCOUNT, merchantId });

let keySerial = 0;
const deposit = (player: TestPlayer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/deposits',
    headers: { cookie: player.cookie, 'idempotency-key': `mid-key-${++keySerial}` },
    payload: { provider: 'askmebet', amount: '100000' },
  });

const ordersOf = (player: TestPlayer) => t.db.selectFrom('deposit_orders').selectAll().where('player_id', '=', player.id).execute();

const putAccount = (cookie: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v2/admin/receiving-account', headers: { cookie }, payload });

const auditCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('operator_audit_log')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('agency_id', '=', agencyId)
        .where('action', '=', 'SET_RECEIVING_ACCOUNT')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the deposit QR carries the MID', () => {
  it('in tag 38 sub-tag 04, and in the payee of the order and of GET /deposits/laoqr/{code}', async () => {
    await setMerchantId('CHAMPA0001');
    const player = await createTestPlayerWithBank(t.db, agencyId);
    const created = await deposit(player);
    expect(created.statusCode).toBe(201);
    const { order, qr } = created.json();
    const shown = await t.app.inject({ url: `/api/v2/deposits/laoqr/${order.code}`, headers: { cookie: player.cookie } });
    expect(shown.statusCode).toBe(200);
    for (const { payee, payload } of [qr, shown.json()]) {
      expect(payee).toEqual({
        name: 'CHAMPA GAMES',
        city: 'VIENTIANE',
        bankIin: '27710418',
        accountNumber: '0101000123456789',
        merchantId: 'CHAMPA0001',
      });
      const tag38 = readEmvPayload(payload).find((field) => field.tag === '38')!;
      expect(parseTlv(tag38.value)).toContainEqual({ tag: '04', value: 'CHAMPA0001' });
      expect(parseLaoQr(payload)).toMatchObject({ merchantId: 'CHAMPA0001', billNumber: order.code });
    }
    await t.app.inject({ method: 'POST', url: `/api/v2/deposits/${order.code}/cancel`, headers: { cookie: player.cookie } });
  });
});

describe('no MID, no deposit', () => {
  it('refuses a new order with MERCHANT_ID_REQUIRED (503, a Lao message) and writes nothing', async () => {
    await setMerchantId(null);
    const player = await createTestPlayerWithBank(t.db, agencyId);
    const refused = await deposit(player);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ code: 'MERCHANT_ID_REQUIRED', message: expect.stringContaining('ລະຫັດຮ້ານຄ້າ (MID)') });
    expect(await ordersOf(player)).toEqual([]);
    expect((await t.app.inject({ url: '/api/v2/deposits/open', headers: { cookie: player.cookie } })).json().items).toEqual([]);

    // Once the operator sets one, the same player deposits.
    await setMerchantId('CHAMPA0002');
    const created = await deposit(player);
    expect(created.statusCode).toBe(201);
    expect(created.json().qr.payee.merchantId).toBe('CHAMPA0002');
    await t.app.inject({ method: 'POST', url: `/api/v2/deposits/${created.json().order.code}/cancel`, headers: { cookie: player.cookie } });
  });

  it("refuses to show an open order's QR while the MID is unset, and shows it again once it is set", async () => {
    await setMerchantId('CHAMPA0001');
    const player = await createTestPlayerWithBank(t.db, agencyId);
    const { order } = (await deposit(player)).json();
    await setMerchantId(null);
    const refused = await t.app.inject({ url: `/api/v2/deposits/laoqr/${order.code}`, headers: { cookie: player.cookie } });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().code).toBe('MERCHANT_ID_REQUIRED');
    await setMerchantId('CHAMPA0003');
    const shown = await t.app.inject({ url: `/api/v2/deposits/laoqr/${order.code}`, headers: { cookie: player.cookie } });
    expect(parseLaoQr(shown.json().payload).merchantId).toBe('CHAMPA0003');
  });
});

describe('the operator sets the MID', () => {
  it('through PUT /admin/receiving-account (owners), audited, and GET shows it', async () => {
    await setMerchantId(null);
    const before = await auditCount();
    const res = await putAccount(owner, { merchantId: 'LAO-MID-42' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ receivingAccount: { ...ACCOUNT, merchantId: 'LAO-MID-42' } });
    expect(await auditCount()).toBe(before + 1);
    const read = await t.app.inject({ url: '/api/v2/admin/receiving-account', headers: { cookie: staff } });
    expect(read.json()).toEqual({ receivingAccount: { ...ACCOUNT, merchantId: 'LAO-MID-42' } });

    // Staff may read but not change it.
    expect((await putAccount(staff, { merchantId: 'STAFF1' })).statusCode).toBe(403);
    expect((await receivingAccountOf(t.db, agencyId))?.merchantId).toBe('LAO-MID-42');
  });

  it.each([
    ['empty', ''],
    ['too long', 'M'.repeat(26)],
    ['with a space', 'LAO MID'],
    ['in Lao script', 'ຈຳປາ'],
    ['with punctuation', "MID';--"],
  ])('refuses a MID that is %s with 400 MERCHANT_ID_INVALID and changes nothing', async (_name, merchantId) => {
    await setMerchantId('KEEP0001');
    const before = await auditCount();
    const res = await putAccount(owner, { merchantId, merchantName: 'OTHER NAME' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'MERCHANT_ID_INVALID', message: expect.stringContaining('merchant id') });
    expect(await receivingAccountOf(t.db, agencyId)).toEqual({ ...ACCOUNT, merchantId: 'KEEP0001' });
    expect(await auditCount()).toBe(before);
  });

  it('refuses another bad field with 400 VALIDATION_ERROR and changes nothing', async () => {
    await setMerchantId('KEEP0001');
    const res = await putAccount(owner, { merchantId: 'NEW0001', bankIin: '123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(await receivingAccountOf(t.db, agencyId)).toEqual({ ...ACCOUNT, merchantId: 'KEEP0001' });
  });

  it('with `npm run agency -- set-receiving-account --merchant-id`, refusing a bad one with nothing changed', async () => {
    await setMerchantId(null);
    const out: string[] = [];
    const errors: string[] = [];
    const cli = (argv: string[]) => runAgencyCli(argv, { db: t.db, out: (line) => out.push(line) }, (line) => errors.push(line));

    expect(await cli(['set-receiving-account', '--merchant-id', 'bad mid!'])).toBe(1);
    expect(errors.join('\n')).toContain('MERCHANT_ID_INVALID');
    expect((await receivingAccountOf(t.db, agencyId))?.merchantId).toBeNull();

    expect(await cli(['set-receiving-account', '--merchant-id', 'CLI-0001'])).toBe(0);
    expect(await cli(['receiving-account'])).toBe(0);
    expect(out.join('\n')).toContain('merchant id (MID) CLI-0001');
    expect(await receivingAccountOf(t.db, agencyId)).toEqual({ ...ACCOUNT, merchantId: 'CLI-0001' });
    expect(await cli(['set-receiving-account'])).toBe(2);
  });
});

describe('the demo seed', () => {
  it("gives the demo agency its MID: a new account, and a database seeded before the MID; never over the operator's", async () => {
    const fresh = await createTestAgency(t, 'fresh', ['fresh.example']);
    await seedDemoReceivingAccount(t.db, fresh);
    expect(await receivingAccountOf(t.db, fresh.id)).toEqual({ ...DEMO_RECEIVING_ACCOUNT, merchantId: 'CHAMPA0001' });

    const older = await createTestAgency(t, 'older', ['older.example']);
    await setReceivingAccount(t.db, older.id, ACCOUNT);
    expect((await receivingAccountOf(t.db, older.id))?.merchantId).toBeNull();
    await seedDemoReceivingAccount(t.db, older);
    expect((await receivingAccountOf(t.db, older.id))?.merchantId).toBe(DEMO_RECEIVING_ACCOUNT.merchantId);

    await setReceivingAccount(t.db, older.id, { ...ACCOUNT, merchantId: 'OPERATOR1' });
    await seedDemoReceivingAccount(t.db, older);
    expect((await receivingAccountOf(t.db, older.id))?.merchantId).toBe('OPERATOR1');
  });

  it('refuses in the database a MID that breaks the rule, whoever writes it', async () => {
    await expect(
      t.db.updateTable('agency_deposit_settings').set({ merchant_id: 'HAS SPACE' }).where('agency_id', '=', agencyId).execute(),
    ).rejects.toThrow(/check constraint/);
  });
});
