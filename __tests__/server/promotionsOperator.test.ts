import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTestApp, type TestApp } from '../support/app';
import { createTestPlayer } from '../support/players';
import { runAgencyCli } from '../../server/cli/agency';
import { balanceOf } from '../../server/domain/ledger';
import { DEMO_HOSTS, seed } from '../../server/seed';
import { DEMO_BONUS_POOL_SATANG } from '../../server/seedPromotions';
import type { Promotion } from '../../contract/promotions';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const demoAgencyId = async () =>
  (await t.db.selectFrom('agency_domains').select('agency_id').where('host', '=', DEMO_HOSTS[0]).executeTakeFirstOrThrow()).agency_id;
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
    expect(promotions[0]).toMatchObject({
      bonus: { kind: 'PERCENT', percent: 100, cap: '1000.00' },
      depositAmount: '640000',
      firstOrderOnly: true,
    });
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
    for (const argv of [
      ['fund-bonus-pool', '-5'],
      ['fund-bonus-pool', '1.234'],
      ['fund-bonus-pool', 'lots'],
      ['fund-bonus-pool'],
      ['fund-bonus-pool', '1', '2'],
    ]) {
      const result = await run(argv);
      expect(result.code).toBe(2);
      expect(result.errors).toContain('usage: npm run agency -- fund-bonus-pool');
    }
    expect(await pool()).toBe(before);
  });

  it('refuses a --key outside the one Idempotency-Key rule and moves nothing', async () => {
    const before = await pool();
    for (const key of ['seven-7', 'k'.repeat(101), 'has space', 'clé-secrète', '']) {
      const result = await run(['fund-bonus-pool', '100', '--key', key]);
      expect({ key, code: result.code, errors: result.errors }).toEqual({
        key,
        code: 1,
        errors: expect.stringContaining('IDEMPOTENCY_KEY_REQUIRED'),
      });
    }
    expect(await pool()).toBe(before);
    expect((await run(['fund-bonus-pool', '100', '--key', 'eight-88'])).code).toBe(0);
    expect((await run(['fund-bonus-pool', '100', '--key', 'h'.repeat(100)])).code).toBe(0);
    expect(await pool()).toBe(before + 200_00n);
  });

  it('lists every promotion with its rules', async () => {
    const result = await run(['promotions']);
    expect(result.code).toBe(0);
    expect(result.out.split('\n').filter((line) => /^[0-9a-f-]{36} ACTIVE/.test(line))).toHaveLength(4);
    expect(result.out).toContain('bonus 100% up to 1000.00 THB for a deposit of 640000 LAK; turnover x5');
    expect(result.out).toContain('bonus 50.00 THB for a deposit of 128000 LAK');
  });

  const example = {
    name: { lo: 'ໂບນັດວັນພຸດ 20%', cn: '周三 20% 奖金', vn: 'Thưởng thứ Tư 20%', th: 'โบนัสวันพุธ 20%' },
    terms: {
      lo: 'ຝາກ 320.000 ກີບ ຮັບໂບນັດ 20%',
      cn: '存 320.000 基普得 20% 奖金',
      vn: 'Nạp 320.000 LAK nhận 20%',
      th: 'ฝาก 320.000 กีบ รับโบนัส 20%',
    },
    imageUrl: '/images/promotions/slots-bonus.svg',
    bonus: { kind: 'PERCENT', percent: 20, cap: '300.00' },
    depositAmount: '320000',
    turnoverMultiple: 3,
    minBalance: '100.00',
    maxWithdrawPercent: 200,
    creditThreshold: '20.00',
    providers: ['askmebet', 'betflix'],
    status: 'INACTIVE',
  };
  // One scratch directory for the files these tests write, removed after them.
  let directory: string;
  let written = 0;
  beforeAll(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'champa-promotion-'));
  });
  afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));
  const file = (content: unknown) => {
    const name = path.join(directory, `promotion-${(written += 1)}.json`);
    fs.writeFileSync(name, typeof content === 'string' ? content : JSON.stringify(content));
    return name;
  };

  it('creates a promotion from a JSON file, off at first, and switches it on for players', async () => {
    const created = await run(['create-promotion', file(example)]);
    expect(created.code).toBe(0);
    expect(created.out).toContain('INACTIVE "ໂບນັດວັນພຸດ 20%"');
    expect(created.out).toContain('bonus 20% up to 300.00 THB for a deposit of 320000 LAK; turnover x3');
    const id = /([0-9a-f-]{36}) INACTIVE/.exec(created.out)![1];
    const player = await createTestPlayer(t.db, await demoAgencyId());
    const listed = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/v2/promotions', headers: { cookie: player.cookie } })).json()
          .promotions as Promotion[]
      ).map((promotion) => promotion.id);
    expect(await listed()).not.toContain(id);
    expect((await run(['set-promotion-status', id, 'ACTIVE'])).code).toBe(0);
    expect(await listed()).toContain(id);
    expect((await run(['set-promotion-status', id, 'INACTIVE'])).code).toBe(0);
    expect(await listed()).not.toContain(id);
  });

  it('refuses a promotion file with a mistake, naming the field, and creates nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('promotions')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const [content, field] of [
      ['{ not json', 'cannot read'],
      [[1, 2], 'promotion: must be a JSON object'],
      [{ ...example, name: { lo: 'ແຕ່ລາວ' } }, 'name.cn: needs a text in each of lo, cn, vn and th'],
      [{ ...example, bonus: { kind: 'PERCENT', percent: 0, cap: '300.00' } }, 'bonus.percent'],
      [{ ...example, bonus: { kind: 'GIFT' } }, 'bonus.kind'],
      [{ ...example, depositAmount: 320000 }, 'depositAmount'],
      [{ ...example, depositAmount: '0' }, 'depositAmount'],
      [{ ...example, creditThreshold: '1.005' }, 'creditThreshold'],
      [{ ...example, turnoverMultiple: 2.5 }, 'turnoverMultiple'],
      [{ ...example, providers: ['askmebet', 'casino'] }, 'providers'],
      [{ ...example, imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
      [{ ...example, endsAt: '2001-01-01T00:00:00Z' }, 'endsAt'],
      [{ ...example, status: 'ON' }, 'status'],
    ] as const) {
      const result = await run(['create-promotion', file(content)]);
      expect(result.code).not.toBe(0);
      expect(result.errors).toContain(field);
    }
    expect((await run(['set-promotion-status', '00000000-0000-4000-8000-000000000000', 'ACTIVE'])).errors).toContain('NOT_FOUND');
    expect((await run(['set-promotion-status', 'not-an-id', 'ON'])).code).toBe(2);
    expect(await count()).toBe(before);
  });
});
