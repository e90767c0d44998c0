import fs from 'node:fs';
import path from 'node:path';
import { buildTestApp, type TestApp } from '../support/app';
import { createTestPlayer } from '../support/players';
import { runAgencyCli } from '../../server/cli/agency';
import { balanceOf } from '../../server/domain/ledger';
import { DEMO_HOSTS, seed } from '../../server/seed';
import { DEMO_BONUS_POOL_SATANG } from '../../server/seedPromotions';
import type { Promotion } from '../../src/contract/promotions';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const demoAgencyId = async () => (await t.db.selectFrom('agency_domains').select('agency_id').where('host', '=', DEMO_HOSTS[0]).executeTakeFirstOrThrow()).agency_id;
const pool = async () => balanceOf(t.db, await demoAgencyId(), { kind: 'bonus_pool', currency: 'THB' });

describe("the demo agency's promotions", () => {
  it('are seeded once with a funded bonus pool, translated, and listed to its players', async () => {
    await seed(t.db);
    await seed(t.db);
    const agencyId = await demoAgencyId();
    expect(await pool()).toBe(DEMO_BONUS_POOL_SATANG);
    const player = await createTestPlayer(t.db, agencyId);
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/promotions', headers: { cookie: player.cookie } });
    expect(res.statusCode).toBe(200);
    const promotions: Promotion[] = res.json().promotions;
    expect(promotions).toHaveLength(4);
    expect(promotions[0]).toMatchObject({ bonus: { kind: 'PERCENT', percent: 100, cap: '1000.00' }, depositAmount: '640000', firstOrderOnly: true });
    for (const promotion of promotions) {
      expect(new Set(Object.values(promotion.name)).size).toBe(4);
      expect(new Set(Object.values(promotion.terms)).size).toBe(4);
      expect(fs.readFileSync(path.join(__dirname, '../../public', promotion.imageUrl), 'utf8')).toMatch(/^<svg [^>]*viewBox="0 0 640 320"/);
    }
  });
});

describe('the operator command line', () => {
  const run = async (argv: string[]) => {
    const out: string[] = [];
    const errors: string[] = [];
    const code = await runAgencyCli(argv, { db: t.db, out: (line) => out.push(line) }, (line) => errors.push(line));
    return { code, out: out.join('\n'), errors: errors.join('\n') };
  };

  it('funds the bonus pool from capital, once per --key', async () => {
    const before = await pool();
    const first = await run(['fund-bonus-pool', '2500.50', '--key', 'budget-december']);
    expect(first.code).toBe(0);
    expect(first.out).toContain('2500.50 THB');
    expect((await run(['fund-bonus-pool', '2500.50', '--key', 'budget-december'])).code).toBe(0);
    expect(await pool()).toBe(before + 2500_50n);
    expect((await run(['fund-bonus-pool', '100'])).code).toBe(0);
    expect((await run(['fund-bonus-pool', '100'])).code).toBe(0);
    expect(await pool()).toBe(before + 2700_50n);
    expect(await balanceOf(t.db, await demoAgencyId(), { kind: 'capital', currency: 'THB' })).toBe(-(DEMO_BONUS_POOL_SATANG + 2700_50n));
  });

  it('refuses a bad amount or a missing one and moves nothing', async () => {
    const before = await pool();
    for (const argv of [['fund-bonus-pool', '-5'], ['fund-bonus-pool', '1.234'], ['fund-bonus-pool', 'lots'], ['fund-bonus-pool'], ['fund-bonus-pool', '1', '2']]) {
      const result = await run(argv);
      expect(result.code).toBe(2);
      expect(result.errors).toContain('usage: npm run agency -- fund-bonus-pool');
    }
    expect(await pool()).toBe(before);
  });

  it('lists every promotion with its rules', async () => {
    const result = await run(['promotions']);
    expect(result.code).toBe(0);
    expect(result.out.split('\n').filter((line) => /^[0-9a-f-]{36} ACTIVE/.test(line))).toHaveLength(4);
    expect(result.out).toContain('bonus 100% up to 1000.00 THB for a deposit of 640000 LAK; turnover x5');
    expect(result.out).toContain('bonus 50.00 THB for a deposit of 128000 LAK');
  });
});
