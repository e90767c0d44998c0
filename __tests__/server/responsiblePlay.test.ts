import { buildTestApp, controllableClock, createTestAgency, sentWhileAgencyLocked, type TestApp } from '../support/app';
import { loggedInOperator } from '../support/operators';
import { createTestPlayer, type TestPlayer } from '../support/players';
import type { RealityCheck } from '../../contract/realityCheck';
import type { ResponsiblePlaySettings, Statement } from '../../contract/responsiblePlay';
import type { AgencyInfoResponse } from '../../contract/agency';

const A = 'alpha.example';
const B = 'bravo.example';
// 10:00 in Vientiane on 15 March 2026
const clock = controllableClock(new Date('2026-03-15T03:00:00Z'));
let t: TestApp;
let alphaId: string;
let owner: string;
let staff: string;
let bravoOwner: string;
let serial = 0;

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  alphaId = (await createTestAgency(t, 'alpha', [A])).id;
  const bravoId = (await createTestAgency(t, 'bravo', [B])).id;
  owner = await loggedInOperator(t, alphaId, { username: 'anna', host: A });
  staff = await loggedInOperator(t, alphaId, { username: 'sam', password: 'staff-password-1', role: 'staff', host: A });
  bravoOwner = await loggedInOperator(t, bravoId, { username: 'bob', host: B });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT', url: string, cookie: string, payload?: unknown, host = A) =>
  t.app.inject({
    method,
    url,
    headers: { host, cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });

async function paidDeposit(player: TestPlayer, kip: bigint, paidAt: Date, status: 'PAID' | 'SUCCESS' | 'CANCELED' = 'SUCCESS') {
  serial += 1;
  await t.db
    .insertInto('deposit_orders')
    .values({
      agency_id: alphaId,
      code: `DRP${serial}`,
      player_id: player.id,
      provider: 'askmebet',
      amount_kip: kip,
      credit_satang: (kip * 100n) / 640n,
      rate_sell: '640',
      rate_effective_at: paidAt,
      status,
      idempotency_key: `rp-deposit-${serial}`,
      expires_at: paidAt,
      paid_amount_kip: status === 'CANCELED' ? null : kip,
      paid_at: status === 'CANCELED' ? null : paidAt,
    })
    .execute();
}

async function paidWithdrawal(player: TestPlayer, kip: bigint, completedAt: Date, status: 'SUCCESS' | 'FAILED' = 'SUCCESS') {
  serial += 1;
  const { id } = await t.db
    .insertInto('withdrawals')
    .values({
      agency_id: alphaId,
      code: `WRP${serial}`,
      player_id: player.id,
      provider: 'askmebet',
      idempotency_key: `rp-withdrawal-${serial}`,
      amount_satang: (kip * 100n) / 600n,
      rate: '600',
      amount_kip: kip,
      bank: 'bcel',
      account_name: 'SOMPHONE KEOMANY',
      account_number: '0101000012345',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const outcome = status === 'SUCCESS' ? { status, received_kip: kip } : { status };
  await t.db
    .updateTable('withdrawals')
    .set({ ...outcome, completed_at: completedAt })
    .where('id', '=', id)
    .execute();
}

const sessionStart = async (player: TestPlayer) =>
  (await t.db.selectFrom('player_sessions').select('created_at').where('player_id', '=', player.id).executeTakeFirstOrThrow()).created_at;

describe('reality check', () => {
  it('gives the session start, the agency default and the kip paid in and out since login only', async () => {
    const player = await createTestPlayer(t.db, alphaId);
    const start = await sessionStart(player);
    await paidDeposit(player, 500_000n, new Date(start.getTime() - 60_000));
    await paidDeposit(player, 1_000_000n, new Date(start.getTime() + 60_000));
    await paidDeposit(player, 250_000n, new Date(start.getTime() + 90_000), 'PAID');
    await paidDeposit(player, 9_000_000n, new Date(start.getTime() + 90_000), 'CANCELED');
    await paidWithdrawal(player, 300_000n, new Date(start.getTime() + 120_000));
    await paidWithdrawal(player, 700_000n, new Date(start.getTime() + 120_000), 'FAILED');
    const res = await call('GET', '/api/v2/players/reality-check', player.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<RealityCheck>()).toEqual({
      sessionStartedAt: start.toISOString(),
      minutes: 60,
      chosen: false,
      paidInKip: '1250000',
      paidOutKip: '300000',
      netKip: '950000',
    });
  });

  it('keeps the player choice, off included, and refuses other intervals with nothing changed', async () => {
    const player = await createTestPlayer(t.db, alphaId);
    const put = (body: unknown) => call('PUT', '/api/v2/players/reality-check', player.cookie, body);
    expect((await put({ minutes: 15 })).json<RealityCheck>()).toMatchObject({ minutes: 15, chosen: true });
    for (const bad of [{ minutes: 20 }, { minutes: 'fifteen' }, {}, { minutes: 30, extra: 1 }]) {
      const res = await put(bad);
      expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect((await call('GET', '/api/v2/players/reality-check', player.cookie)).json<RealityCheck>().minutes).toBe(15);
    expect((await put({ minutes: 0 })).json<RealityCheck>()).toMatchObject({ minutes: 0, chosen: true });
  });

  it('answers 401 without a session', async () => {
    expect((await call('GET', '/api/v2/players/reality-check', '')).statusCode).toBe(401);
    expect((await call('PUT', '/api/v2/players/reality-check', '', { minutes: 15 })).statusCode).toBe(401);
    expect((await call('GET', '/api/v2/players/statement', '')).statusCode).toBe(401);
  });
});

describe('activity statement', () => {
  it('sums paid deposits and withdrawals per Vientiane month, newest first, over the last 12 months', async () => {
    const player = await createTestPlayer(t.db, alphaId);
    // 23:30 on 31 January in Vientiane (16:30 UTC)
    await paidDeposit(player, 100_000n, new Date('2026-01-31T16:30:00Z'));
    // 00:30 on 1 February in Vientiane, 31 January in UTC
    await paidDeposit(player, 200_000n, new Date('2026-01-31T17:30:00Z'));
    await paidWithdrawal(player, 50_000n, new Date('2026-02-10T05:00:00Z'));
    await paidDeposit(player, 400_000n, new Date('2026-03-01T05:00:00Z'), 'CANCELED');
    // 13 months back: outside the statement
    await paidDeposit(player, 800_000n, new Date('2025-02-10T05:00:00Z'));
    const res = await call('GET', '/api/v2/players/statement', player.cookie);
    expect(res.statusCode).toBe(200);
    const { months } = res.json<Statement>();
    expect(months.map((month) => month.month)).toEqual([
      '2026-03',
      '2026-02',
      '2026-01',
      '2025-12',
      '2025-11',
      '2025-10',
      '2025-09',
      '2025-08',
      '2025-07',
      '2025-06',
      '2025-05',
      '2025-04',
    ]);
    expect(months[0]).toEqual({ month: '2026-03', deposits: { count: 0, kip: '0' }, withdrawals: { count: 0, kip: '0' }, netKip: '0' });
    expect(months[1]).toEqual({
      month: '2026-02',
      deposits: { count: 1, kip: '200000' },
      withdrawals: { count: 1, kip: '50000' },
      netKip: '150000',
    });
    expect(months[2]).toEqual({
      month: '2026-01',
      deposits: { count: 1, kip: '100000' },
      withdrawals: { count: 0, kip: '0' },
      netKip: '100000',
    });
  });

  it('shows one player nothing of another', async () => {
    const other = await createTestPlayer(t.db, alphaId);
    const months = (await call('GET', '/api/v2/players/statement', other.cookie)).json<Statement>().months;
    expect(months.every((month) => month.deposits.count === 0 && month.withdrawals.count === 0)).toBe(true);
  });
});

describe('responsible play in the console', () => {
  const SETTINGS: ResponsiblePlaySettings = {
    notice: { lo: 'ໃບອະນຸຍາດ ເລກທີ 12/2026', cn: '许可证 12/2026', vn: 'Giấy phép 12/2026', th: 'ใบอนุญาต 12/2026' },
    realityCheckDefaultMinutes: 30,
    depositLimitMaxKip: 5_000_000,
  };
  const put = (body: Record<string, unknown>, cookie = owner, host = A) =>
    call('PUT', '/api/v2/admin/responsible-play', cookie, body, host);
  const audits = () =>
    t.db
      .selectFrom('operator_audit_log')
      .select(['actor', 'reason', 'details'])
      .where('agency_id', '=', alphaId)
      .where('action', '=', 'SET_RESPONSIBLE_PLAY')
      .execute();
  const notice = async (host = A) =>
    (await t.app.inject({ method: 'GET', url: '/api/v2/agency/info', headers: { host } })).json<AgencyInfoResponse>().agency.notice;

  it('starts from the defaults and keeps staff out', async () => {
    const res = await call('GET', '/api/v2/admin/responsible-play', owner);
    expect(res.json<ResponsiblePlaySettings>()).toEqual({
      notice: { lo: '', cn: '', vn: '', th: '' },
      realityCheckDefaultMinutes: 60,
    });
    expect((await call('GET', '/api/v2/admin/responsible-play', staff)).statusCode).toBe(403);
    const refused = await put({ ...SETTINGS, reason: 'licence granted' }, staff);
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([403, 'FORBIDDEN']);
    expect(await audits()).toEqual([]);
  });

  it('saves the settings with one audit entry; the site and new players see them at once', async () => {
    const res = await put({ ...SETTINGS, reason: 'licence granted' });
    expect(res.statusCode).toBe(200);
    expect(res.json<ResponsiblePlaySettings>()).toEqual(SETTINGS);
    expect(await notice()).toEqual(SETTINGS.notice);
    expect(await notice(B)).toEqual({ lo: '', cn: '', vn: '', th: '' });
    const player = await createTestPlayer(t.db, alphaId);
    expect((await call('GET', '/api/v2/players/reality-check', player.cookie)).json<RealityCheck>().minutes).toBe(30);
    const entries = await audits();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: 'anna',
      reason: 'licence granted',
      details: { 'notice.lo': SETTINGS.notice.lo, realityCheckDefaultMinutes: '30', depositLimitMaxKip: '5000000' },
    });
  });

  it('refuses bad fields and a missing reason with 400, changing nothing', async () => {
    const before = await audits();
    for (const body of [
      { ...SETTINGS },
      { ...SETTINGS, reason: '  ' },
      { ...SETTINGS, reason: 'ok reason', realityCheckDefaultMinutes: 45 },
      { ...SETTINGS, reason: 'ok reason', depositLimitMaxKip: 0 },
      { ...SETTINGS, reason: 'ok reason', depositLimitMaxKip: 1.5 },
      { ...SETTINGS, reason: 'ok reason', depositLimitMaxKip: null },
      { ...SETTINGS, reason: 'ok reason', notice: { ...SETTINGS.notice, lo: 'x'.repeat(1001) } },
      { ...SETTINGS, reason: 'ok reason', notice: { lo: 'only Lao' } },
    ]) {
      const res = await put(body);
      expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect(await audits()).toEqual(before);
    expect((await call('GET', '/api/v2/admin/responsible-play', owner)).json<ResponsiblePlaySettings>()).toEqual(SETTINGS);
  });

  it('removes the deposit-limit maximum when it is left out, and another agency owner changes only their own', async () => {
    const { depositLimitMaxKip: _, ...uncapped } = SETTINGS;
    const res = await put({ ...uncapped, reason: 'no cap' });
    expect(res.json<ResponsiblePlaySettings>()).toEqual(uncapped);
    expect((await audits()).at(-1)?.details).toEqual({ depositLimitMaxKip: 'none' });
    const other = await put({ ...SETTINGS, notice: { ...SETTINGS.notice, lo: 'ບໍລິສັດ ບຣາໂວ' }, reason: 'our licence' }, bravoOwner, B);
    expect(other.statusCode).toBe(200);
    expect((await notice()).lo).toBe(SETTINGS.notice.lo);
    expect((await notice(B)).lo).toBe('ບໍລິສັດ ບຣາໂວ');
    // an alpha owner's cookie means nothing on bravo's host
    expect((await call('GET', '/api/v2/admin/responsible-play', owner, undefined, B)).statusCode).toBe(401);
  });

  it('audits each of two changes sent at once against what it replaced', async () => {
    const both = await sentWhileAgencyLocked(t, alphaId, () => [
      put({ ...SETTINGS, reason: 'cap again' }),
      put({ ...SETTINGS, reason: 'cap again' }),
    ]);
    expect(both.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const details = (await audits()).filter((entry) => entry.reason === 'cap again').map((entry) => JSON.stringify(entry.details));
    // The second found the maximum the first had written back: it changed nothing.
    expect(details.sort()).toEqual([JSON.stringify({}), JSON.stringify({ depositLimitMaxKip: '5000000' })].sort());
  });
});
