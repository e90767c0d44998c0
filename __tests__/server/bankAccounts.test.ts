import lo from '../../public/locales/lo/common.json';
import { BANKS, BANK_CODES } from '../../contract/banks';
import { LANGUAGES } from '../../contract/languages';
import { bankAccountsOf } from '../../server/domain/players';
import { buildTestApp, createTestAgency, racing, type TestApp } from '../support/app';
import { createTestPlayer, type TestPlayer } from '../support/players';

let t: TestApp;
let alpha: { id: string };
let bravo: { id: string };

const ALPHA = 'alpha.example';
const BRAVO = 'bravo.example';
const laoMessage = (code: string) => (lo.errors as Record<string, string>)[code];

beforeAll(async () => {
  t = await buildTestApp();
  alpha = await createTestAgency(t, 'alpha', [ALPHA]);
  bravo = await createTestAgency(t, 'bravo', [BRAVO]);
});
afterAll(() => t.close());

let serial = 1000;
/** A number of the bank's length no other test uses. */
function freshNumber(bank: string): string {
  const length = BANKS.find((b) => b.code === bank)!.accountNumberLength;
  return String(serial++).padStart(length, '7');
}

const validBody = (overrides: Record<string, unknown> = {}) => ({
  bank: 'bcel',
  accountNumber: freshNumber('bcel'),
  accountName: 'SOMPHONE KEOMANY',
  currency: 'LAK',
  owner: true,
  ...overrides,
});

function add(player: TestPlayer, body: unknown, host = ALPHA) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/players/bank-accounts',
    headers: { host, cookie: player.cookie },
    payload: body as object,
  });
}

function list(player: TestPlayer, host = ALPHA) {
  return t.app.inject({ url: '/api/v2/players/bank-accounts', headers: { host, cookie: player.cookie } });
}

async function countRows(): Promise<number> {
  const { count } = await t.db
    .selectFrom('bank_accounts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

describe('GET /api/v2/banks', () => {
  it('lists the six Lao banks with a name in every language, the number length and a logo URL', async () => {
    const res = await t.app.inject({ url: '/api/v2/banks', headers: { host: ALPHA } });
    expect(res.statusCode).toBe(200);
    const { banks } = res.json();
    expect(banks.map((bank: { code: string }) => bank.code)).toEqual(['bcel', 'jdb', 'ldb', 'indochina', 'kasikam', 'lvb']);
    for (const bank of banks) {
      for (const language of LANGUAGES) expect(bank.names[language]).toMatch(/\S/);
      expect(bank.logo).toBe(`/images/banks/${bank.code}.webp`);
      expect(bank.accountNumberLength).toBeGreaterThanOrEqual(10);
    }
  });
});

describe('POST /api/v2/players/bank-accounts', () => {
  it('asks for a login first', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/bank-accounts',
      headers: { host: ALPHA },
      payload: validBody(),
    });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v2/players/bank-accounts', headers: { host: ALPHA } })).statusCode).toBe(401);
  });

  it.each(['bank', 'accountNumber', 'accountName', 'currency', 'owner'])('requires %s and saves nothing without it', async (field) => {
    const player = await createTestPlayer(t.db, alpha.id);
    const before = await countRows();
    const body: Record<string, unknown> = validBody();
    delete body[field];
    const res = await add(player, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.json().message).toContain(field);
    expect(await countRows()).toBe(before);
  });

  it('treats blank text as missing', async () => {
    const player = await createTestPlayer(t.db, alpha.id);
    for (const blank of [{ bank: '' }, { accountNumber: '  ' }, { accountName: '   ' }, { currency: '' }]) {
      const res = await add(player, validBody(blank));
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await list(player)).json().bankAccounts).toEqual([]);
  });

  it('requires the player to confirm the account is their own', async () => {
    const player = await createTestPlayer(t.db, alpha.id);
    const res = await add(player, validBody({ owner: false }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('owner') });
  });

  it('refuses an unknown bank with UNKNOWN_BANK', async () => {
    const player = await createTestPlayer(t.db, alpha.id);
    const res = await add(player, validBody({ bank: 'wallet', accountNumber: '020123456789' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UNKNOWN_BANK' });
    expect(laoMessage('UNKNOWN_BANK')).toBe('ບໍ່ຮອງຮັບທະນາຄານນີ້');
  });

  it.each(BANK_CODES)('refuses a %s number that is not the bank length of digits with ACCOUNT_NOT_FOUND', async (bank) => {
    const player = await createTestPlayer(t.db, alpha.id);
    const length = BANKS.find((b) => b.code === bank)!.accountNumberLength;
    for (const accountNumber of [
      '1'.repeat(length - 1),
      '1'.repeat(length + 1),
      `${'1'.repeat(length - 1)}x`,
      `+${'1'.repeat(length - 1)}`,
      '1'.repeat(length - 2) + '.5',
    ]) {
      const res = await add(player, validBody({ bank, accountNumber }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    }
    expect(laoMessage('ACCOUNT_NOT_FOUND')).toBe('ບັນຊີບໍ່ຖືກຕ້ອງ');
    const ok = await add(player, validBody({ bank, accountNumber: freshNumber(bank) }));
    expect(ok.statusCode).toBe(201);
  });

  it.each(['THB', 'USD', 'EUR'])('accepts only LAK accounts: %s gets CURRENCY_NOT_ACCEPTED', async (currency) => {
    const player = await createTestPlayer(t.db, alpha.id);
    const res = await add(player, validBody({ currency }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'CURRENCY_NOT_ACCEPTED' });
    expect(laoMessage('CURRENCY_NOT_ACCEPTED')).toBe('ສາມາດໃຊ້ໄດ້ສະເພາະບັນຊີສະກຸນເງິນກີບ (LAK) ເທົ່ານັ້ນ');
    expect((await list(player)).json().bankAccounts).toEqual([]);
  });

  it('refuses wrong types, extra fields and a non-JSON body without saving', async () => {
    const player = await createTestPlayer(t.db, alpha.id);
    for (const body of [
      validBody({ accountNumber: { digits: '020123456789' } }),
      validBody({ owner: 'yes' }),
      validBody({ playerId: 'someone-else' }),
      [validBody()],
    ]) {
      const res = await add(player, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/bank-accounts',
      headers: { host: ALPHA, cookie: player.cookie, 'content-type': 'application/json' },
      payload: '{"bank":',
    });
    expect(garbage.statusCode).toBe(400);
    expect((await list(player)).json().bankAccounts).toEqual([]);
  });

  it('saves the account normalised and lists it, also through bankAccountsOf', async () => {
    const player = await createTestPlayer(t.db, alpha.id);
    const res = await add(player, validBody({ bank: 'jdb', accountNumber: '0201-2345 6789-0123', accountName: '  NOY PHOMMA  ' }));
    expect(res.statusCode).toBe(201);
    const { bankAccount } = res.json();
    expect(bankAccount).toEqual({
      id: expect.any(String),
      bank: 'jdb',
      accountNumber: '0201234567890123',
      accountName: 'NOY PHOMMA',
      currency: 'LAK',
      createdAt: expect.any(String),
    });
    expect((await list(player)).json()).toEqual({ bankAccounts: [bankAccount] });
    expect(await bankAccountsOf(t.db, alpha.id, player.id)).toEqual([bankAccount]);
  });

  it('keeps one account per player: a second one, a duplicate or a non-LAK one leaves the first untouched', async () => {
    const player = await createTestPlayer(t.db, alpha.id);
    const other = await createTestPlayer(t.db, alpha.id);
    const first = (await add(player, validBody())).json().bankAccount;
    const otherAccount = (await add(other, validBody({ bank: 'ldb', accountNumber: freshNumber('ldb') }))).json().bankAccount;

    const second = await add(player, validBody({ bank: 'lvb', accountNumber: freshNumber('lvb') }));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'BANK_ACCOUNT_EXISTS' });
    expect(laoMessage('BANK_ACCOUNT_EXISTS')).toBe('ທ່ານໄດ້ເພີ່ມບັນຊີແລ້ວ');

    const same = await add(player, validBody({ accountNumber: first.accountNumber }));
    expect(same.json()).toMatchObject({ code: 'BANK_ACCOUNT_EXISTS' });
    const othersNumber = await add(player, validBody({ bank: 'ldb', accountNumber: otherAccount.accountNumber }));
    expect(othersNumber.json()).toMatchObject({ code: 'BANK_ACCOUNT_EXISTS' });
    const dollars = await add(player, validBody({ currency: 'USD' }));
    expect(dollars.json()).toMatchObject({ code: 'CURRENCY_NOT_ACCEPTED' });

    expect((await list(player)).json().bankAccounts).toEqual([first]);
  });

  it("refuses another player's account number on the same agency with ACCOUNT_IN_USED", async () => {
    const owner = await createTestPlayer(t.db, alpha.id);
    const intruder = await createTestPlayer(t.db, alpha.id);
    const accountNumber = freshNumber('bcel');
    expect((await add(owner, validBody({ accountNumber }))).statusCode).toBe(201);

    const res = await add(intruder, validBody({ accountNumber, accountName: 'SOMEONE ELSE' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_IN_USED' });
    expect(laoMessage('ACCOUNT_IN_USED')).toBe('ບັນຊີນີ້ຖືກໃຊ້ໃນລະບົບແລ້ວ ກະລຸນາຕິດຕໍ່ພະນັກງານ');
    // Grouped differently, it is still the same account.
    const grouped = await add(intruder, validBody({ accountNumber: `${accountNumber.slice(0, 6)} ${accountNumber.slice(6)}` }));
    expect(grouped.json()).toMatchObject({ code: 'ACCOUNT_IN_USED' });
    expect((await list(intruder)).json().bankAccounts).toEqual([]);

    // The same digits at another bank are another account.
    const length = BANKS.find((b) => b.code === 'jdb')!.accountNumberLength;
    const otherBank = await add(intruder, validBody({ bank: 'jdb', accountNumber: accountNumber.slice(0, length) }));
    expect(otherBank.statusCode).toBe(201);
  });

  it('lets exactly one of two players racing for the same account number win', async () => {
    for (let round = 0; round < 8; round++) {
      const players = await Promise.all([createTestPlayer(t.db, alpha.id), createTestPlayer(t.db, alpha.id)]);
      const accountNumber = freshNumber('bcel');
      const results = await racing(t, () => Promise.all(players.map((player) => add(player, validBody({ accountNumber })))));
      expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
      expect(results.find((res) => res.statusCode === 409)!.json()).toMatchObject({ code: 'ACCOUNT_IN_USED' });
      const rows = await t.db.selectFrom('bank_accounts').select('player_id').where('account_number', '=', accountNumber).execute();
      expect(rows).toHaveLength(1);
    }
  });

  it('lets exactly one of two accounts a player sends at once be saved', async () => {
    const player = await createTestPlayer(t.db, alpha.id);
    const results = await racing(t, () =>
      Promise.all([add(player, validBody()), add(player, validBody({ bank: 'ldb', accountNumber: freshNumber('ldb') }))]),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((res) => res.statusCode === 409)!.json()).toMatchObject({ code: 'BANK_ACCOUNT_EXISTS' });
    expect((await list(player)).json().bankAccounts).toHaveLength(1);
  });

  it('keeps agencies apart: the same account number on two agencies, lists and sessions per agency', async () => {
    const alphaPlayer = await createTestPlayer(t.db, alpha.id);
    const bravoPlayer = await createTestPlayer(t.db, bravo.id);
    const accountNumber = freshNumber('bcel');
    expect((await add(alphaPlayer, validBody({ accountNumber }))).statusCode).toBe(201);
    const onBravo = await add(bravoPlayer, validBody({ accountNumber }), BRAVO);
    expect(onBravo.statusCode).toBe(201);

    expect((await list(alphaPlayer)).json().bankAccounts.map((a: { id: string }) => a.id)).not.toContain(onBravo.json().bankAccount.id);
    expect(await bankAccountsOf(t.db, alpha.id, bravoPlayer.id)).toEqual([]);
    // A session of agency A means nothing on agency B's host.
    expect((await list(alphaPlayer, BRAVO)).statusCode).toBe(401);
    expect((await add(alphaPlayer, validBody(), BRAVO)).statusCode).toBe(401);
  });
});
