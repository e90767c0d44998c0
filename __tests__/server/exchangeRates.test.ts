import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { projectRoot } from '../../server/config';
import { runAgencyCli } from '../../server/cli/agency';
import { currentRate, rateAt, rateHistory, setRate } from '../../server/domain/agencies';
import { AppError } from '../../server/domain/errors';
import { DEMO_RATES, seedDemoExchangeRates } from '../../server/seed';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';

let t: TestApp;
let alpha: Awaited<ReturnType<typeof createTestAgency>>;
let bravo: Awaited<ReturnType<typeof createTestAgency>>;

beforeAll(async () => {
  t = await buildTestApp();
  alpha = await createTestAgency(t, 'alpha', ['alpha.example']);
  bravo = await createTestAgency(t, 'bravo', ['bravo.example']);
  await seedDemoExchangeRates(t.db, alpha);
});
afterAll(() => t.close());

const ratesOn = async (host: string) => (await t.app.inject({ url: '/api/v2/exchange-rates', headers: { host } })).json();

/** Runs the CLI in-process against the test database, collecting what it prints. */
async function cli(...argv: string[]) {
  const out: string[] = [];
  const errors: string[] = [];
  const code = await runAgencyCli(argv, { db: t.db, out: (line) => out.push(line) }, (line) => errors.push(line));
  return { code, out: out.join('\n'), errors: errors.join('\n') };
}

describe('GET /api/v2/exchange-rates', () => {
  it("lists the agency's THB and USD rates against LAK as exact decimal strings", async () => {
    expect(await ratesOn('alpha.example')).toEqual([
      { code: 'THB_LAK', mid: '620', displayName: 'THB/LAK', currency: 'THB', buy: DEMO_RATES.THB.buy, sell: DEMO_RATES.THB.sell },
      { code: 'USD_LAK', mid: '21650', displayName: 'USD/LAK', currency: 'USD', buy: DEMO_RATES.USD.buy, sell: DEMO_RATES.USD.sell },
    ]);
  });

  it('is per agency: an agency without rates lists none, and its own rates never show elsewhere', async () => {
    const ivory = await createTestAgency(t, 'ivory', ['ivory.example']);
    expect(await ratesOn('ivory.example')).toEqual([]);
    await setRate(t.db, ivory.id, 'THB', '590.5', '645.25', 'test');
    expect(await ratesOn('ivory.example')).toEqual([
      { code: 'THB_LAK', mid: '617.875', displayName: 'THB/LAK', currency: 'THB', buy: '590.5', sell: '645.25' },
    ]);
    expect((await ratesOn('alpha.example')).find((rate: { currency: string }) => rate.currency === 'THB')).toMatchObject({
      buy: '600',
      sell: '640',
    });
  });

  it('seeding again leaves a rate the operator set alone', async () => {
    const ivory = await createTestAgency(t, 'seeded', ['seeded.example']);
    await seedDemoExchangeRates(t.db, ivory);
    await setRate(t.db, ivory.id, 'THB', '605', '645', 'operator');
    await seedDemoExchangeRates(t.db, ivory);
    expect(await currentRate(t.db, ivory.id, 'THB')).toMatchObject({ buy: '605', sell: '645' });
    expect(await rateHistory(t.db, ivory.id, 'THB')).toHaveLength(2);
  });
});

describe('setRate', () => {
  it.each([
    ['EUR', '600', '640', 'UNKNOWN_CURRENCY'],
    ['LAK', '1', '1', 'UNKNOWN_CURRENCY'],
    ['THB', '0', '640', 'INVALID_RATE'],
    ['THB', '-600', '640', 'INVALID_RATE'],
    ['THB', '600', 'abc', 'INVALID_RATE'],
    ['THB', '6e2', '640', 'INVALID_RATE'],
    ['THB', '600.1234567', '640', 'INVALID_RATE'],
    ['THB', '641', '640', 'INVALID_RATE'],
  ])('refuses %s buy %s sell %s with %s and keeps the history as it was', async (currency, buy, sell, code) => {
    const before = await rateHistory(t.db, bravo.id, 'THB');
    const attempt = setRate(t.db, bravo.id, currency, buy, sell, 'test');
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code });
    expect(await rateHistory(t.db, bravo.id, 'THB')).toEqual(before);
  });

  it('accepts buy equal to sell and normalises the decimals', async () => {
    const rate = await setRate(t.db, bravo.id, 'USD', '21500.500000', '21500.50', 'test');
    expect(rate).toMatchObject({ currency: 'USD', buy: '21500.5', sell: '21500.5', changedBy: 'test' });
  });

  it('the database itself refuses buy above sell and any edit of the history', async () => {
    await expect(
      t.db
        .insertInto('exchange_rates')
        .values({ agency_id: bravo.id, currency: 'THB', buy: '700', sell: '640', changed_by: 'sql' })
        .execute(),
    ).rejects.toThrow(/exchange_rates_buy_not_above_sell/);
    await setRate(t.db, bravo.id, 'THB', '600', '640', 'test');
    await expect(sql`UPDATE exchange_rates SET buy = 1 WHERE agency_id = ${bravo.id}`.execute(t.db)).rejects.toThrow(
      /never updated or deleted/,
    );
    await expect(sql`DELETE FROM exchange_rates WHERE agency_id = ${bravo.id}`.execute(t.db)).rejects.toThrow(/never updated or deleted/);
  });
});

describe('rateAt and currentRate', () => {
  it('finds the rate that was in force at any moment, so an old order shows the rate it used', async () => {
    const agency = await createTestAgency(t, 'history', ['history.example']);
    const at = (iso: string) => new Date(iso);
    await t.db
      .insertInto('exchange_rates')
      .values([
        { agency_id: agency.id, currency: 'THB', buy: '580', sell: '620', effective_at: at('2025-01-01T00:00:00.000Z'), changed_by: 'a' },
        { agency_id: agency.id, currency: 'THB', buy: '590', sell: '630', effective_at: at('2025-02-01T08:30:00.250Z'), changed_by: 'b' },
        {
          agency_id: agency.id,
          currency: 'USD',
          buy: '21000',
          sell: '21500',
          effective_at: at('2025-01-15T00:00:00.000Z'),
          changed_by: 'c',
        },
      ])
      .execute();

    expect(await rateAt(t.db, agency.id, 'THB', at('2024-12-31T23:59:59.999Z'))).toBeUndefined();
    expect(await rateAt(t.db, agency.id, 'THB', at('2025-01-01T00:00:00.000Z'))).toMatchObject({ buy: '580', sell: '620', changedBy: 'a' });
    expect(await rateAt(t.db, agency.id, 'THB', at('2025-02-01T08:30:00.249Z'))).toMatchObject({ buy: '580', sell: '620' });
    expect(await rateAt(t.db, agency.id, 'THB', at('2025-02-01T08:30:00.250Z'))).toMatchObject({ buy: '590', sell: '630', changedBy: 'b' });
    expect(await rateAt(t.db, agency.id, 'USD', at('2025-01-10T00:00:00.000Z'))).toBeUndefined();
    expect(await currentRate(t.db, agency.id, 'THB')).toMatchObject({ buy: '590', sell: '630' });

    const latest = await setRate(t.db, agency.id, 'THB', '600', '640', 'now');
    expect(await currentRate(t.db, agency.id, 'THB')).toEqual(latest);
    // A time read back from a change finds that very change.
    expect(await rateAt(t.db, agency.id, 'THB', latest.effectiveAt)).toEqual(latest);
    expect(await rateAt(t.db, agency.id, 'THB', at('2025-03-01T00:00:00.000Z'))).toMatchObject({ buy: '590', sell: '630' });
    expect(await currentRate(t.db, bravo.id, 'THB')).not.toMatchObject({ changedBy: 'now' });
  });
});

describe('npm run agency (the operator CLI)', () => {
  it('set-rate changes the current rate from now on and keeps the earlier one in the history', async () => {
    const before = await currentRate(t.db, alpha.id, 'THB');
    const result = await cli('set-rate', '--currency', 'THB', '--buy', '610', '--sell', '650.5', '--host', 'alpha.example');
    expect(result.code).toBe(0);
    expect(result.out).toContain('THB: buy 610, sell 650.5 LAK per 1 THB');

    expect((await ratesOn('alpha.example'))[0]).toEqual({
      code: 'THB_LAK',
      mid: '630.25',
      displayName: 'THB/LAK',
      currency: 'THB',
      buy: '610',
      sell: '650.5',
    });
    const history = await rateHistory(t.db, alpha.id, 'THB');
    expect(history[0]).toMatchObject({ buy: '610', sell: '650.5', changedBy: expect.stringMatching(/^cli:/) });
    expect(history[1]).toEqual(before);
    expect(await rateAt(t.db, alpha.id, 'THB', before!.effectiveAt)).toEqual(before);

    const listed = await cli('rate-history', '--currency', 'thb', '--host', 'alpha.example');
    expect(listed.code).toBe(0);
    expect(listed.out.split('\n')).toHaveLength(history.length);
    expect(listed.out.split('\n')[0]).toContain('buy 610, sell 650.5');
    expect((await cli('rates', '--host', 'alpha.example')).out).toContain('THB/LAK buy 610, sell 650.5, mid 630.25');
  });

  it('refuses a mistyped command line and a bad rate, changing nothing', async () => {
    const before = await rateHistory(t.db, alpha.id, 'THB');
    const mistakes: [string[], number, RegExp][] = [
      [['set-rate', '--currency', 'THB', '--buy', '600', '--host', 'alpha.example'], 2, /--sell is required/],
      [
        ['set-rate', '--currency', 'EUR', '--buy', '600', '--sell', '640', '--host', 'alpha.example'],
        2,
        /--currency must be one of THB, USD/,
      ],
      [
        ['set-rate', '--currency', 'THB', '--buy', '700', '--sell', '640', '--host', 'alpha.example'],
        1,
        /INVALID_RATE: the buy rate may not exceed the sell rate/,
      ],
      [['set-rate', '--currency', 'THB', '--buy', 'lots', '--sell', '640', '--host', 'alpha.example'], 1, /INVALID_RATE/],
      [
        ['set-rate', '--currency', 'THB', '--buy', '600', '--sell', '640', '--host', 'nobody.example'],
        2,
        /no agency serves the host "nobody.example"/,
      ],
      [['set-rate', '--currency', 'THB', '--buy', '600', '--sell', '640', '--colour', 'red'], 2, /Unknown option '--colour'/],
      [['set-rates'], 2, /unknown command "set-rates"/],
      [[], 2, /usage: npm run agency/],
    ];
    for (const [argv, code, message] of mistakes) {
      const result = await cli(...argv);
      expect(result.code).toBe(code);
      expect(result.errors).toMatch(message);
    }
    expect(await rateHistory(t.db, alpha.id, 'THB')).toEqual(before);
    const help = await cli('help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('set-rate --currency THB --buy 600 --sell 640');
  });

  it('works as `npm run agency -- set-rate` against the database in DATABASE_URL', async () => {
    const run = spawnSync(
      'npm',
      ['run', '--silent', 'agency', '--', 'set-rate', '--currency', 'USD', '--buy', '21600', '--sell', '22100', '--host', 'bravo.example'],
      {
        cwd: projectRoot,
        env: { ...process.env, DATABASE_URL: t.url },
        encoding: 'utf8',
      },
    );
    expect({ status: run.status, stderr: run.stderr }).toMatchObject({ status: 0 });
    expect(run.stdout).toContain('bravo: USD: buy 21600, sell 22100 LAK per 1 USD');
    expect(await currentRate(t.db, bravo.id, 'USD')).toMatchObject({ buy: '21600', sell: '22100' });
  });
});
