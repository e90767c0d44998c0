import { buildTestApp, createTestAgency, sentWhileAgencyLocked, type TestApp } from '../support/app';
import { loggedInOperator } from '../support/operators';
import { setReceivingAccount } from '../../server/domain/deposits';
import { DEMO_RECEIVING_ACCOUNT } from '../../server/seed';
import type { AgencySettings } from '../../contract/adminSettings';

const A = 'alpha.example';
const B = 'bravo.example';
const SOCIAL = { whatsapp: '', line: 'https://line.me/R/ti/p/@alphalucky', facebook: '', telegram: '', twitter: '' };
let t: TestApp;
let alphaId: string;
let bravoId: string;
let owner: string;
let staff: string;

beforeAll(async () => {
  t = await buildTestApp();
  alphaId = (await createTestAgency(t, 'alpha', [A, 'www.alpha.example'])).id;
  bravoId = (await createTestAgency(t, 'bravo', [B])).id;
  await setReceivingAccount(t.db, alphaId, DEMO_RECEIVING_ACCOUNT);
  owner = await loggedInOperator(t, alphaId, { username: 'anna', host: A });
  staff = await loggedInOperator(t, alphaId, { username: 'sam', password: 'staff-password-1', role: 'staff', host: A });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT', url: string, cookie: string, payload?: unknown, host = A) =>
  t.app.inject({
    method,
    url,
    headers: { host, cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
const settingsOf = async (cookie = owner) => (await call('GET', '/api/v2/admin/settings/agency', cookie)).json<AgencySettings>();
const change = (body: Record<string, unknown>, cookie = owner) =>
  call('PUT', '/api/v2/admin/settings/agency', cookie, { reason: 'new marketing', ...body });
const playerInfo = async (host = A) =>
  (await t.app.inject({ method: 'GET', url: '/api/v2/agency/info', headers: { host } })).json<{
    agency: { name: string; social: typeof SOCIAL; site: { signUpMinutes: number; gameCount: number } };
  }>().agency;
const audits = () =>
  t.db
    .selectFrom('operator_audit_log')
    .select(['actor', 'reason', 'details'])
    .where('agency_id', '=', alphaId)
    .where('action', '=', 'SET_AGENCY_SETTINGS')
    .orderBy('created_at')
    .execute();

describe('agency settings', () => {
  it('shows staff the settings, hosts and the environment withdrawal limits', async () => {
    const res = await call('GET', '/api/v2/admin/settings/agency', staff);
    expect(res.statusCode).toBe(200);
    const settings = res.json<AgencySettings>();
    expect(settings.name).toBe('alpha');
    expect(settings.hosts).toEqual([A, 'www.alpha.example']);
    expect(settings.withdrawals).toEqual({ minThb: '100.00', maxThb: '100000.00', dailyLimit: 5, autoApproveThb: '5000.00' });
    expect(settings.depositLimitsOwn).toBe(true);
  });

  it('changes the name and a social link, and the players site shows them at once', async () => {
    // warms the host's cached agency, which the change must not leave stale
    expect((await playerInfo()).social.line).not.toBe(SOCIAL.line);
    const res = await change({ name: 'Alpha Lucky', social: SOCIAL });
    expect(res.statusCode).toBe(200);
    expect(res.json<AgencySettings>()).toMatchObject({ name: 'Alpha Lucky', social: SOCIAL });
    const info = await playerInfo();
    expect(info.name).toBe('Alpha Lucky');
    expect(info.social.line).toBe(SOCIAL.line);
    const [entry] = (await audits()).slice(-1);
    expect(entry).toMatchObject({ actor: 'anna', reason: 'new marketing', details: { name: 'Alpha Lucky', 'social.line': SOCIAL.line } });
  });

  it('audits each of two changes sent at once against what it replaced', async () => {
    const both = await sentWhileAgencyLocked(t, alphaId, () => [change({ name: 'Alpha at once' }), change({ name: 'Alpha at once' })]);
    expect(both.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const details = (await audits()).slice(-2).map((entry) => JSON.stringify(entry.details));
    // The second found the name the first had written: it changed nothing.
    expect(details.sort()).toEqual([JSON.stringify({}), JSON.stringify({ name: 'Alpha at once' })].sort());
    expect((await change({ name: 'Alpha Lucky' })).statusCode).toBe(200);
  });

  it('changes the header numbers', async () => {
    const res = await change({ site: { signUpMinutes: 3, gameCount: 2500 } });
    expect(res.statusCode).toBe(200);
    expect((await playerInfo()).site).toEqual({ signUpMinutes: 3, gameCount: 2500 });
    expect((await audits()).slice(-1)[0].details).toEqual({ 'site.signUpMinutes': '3', 'site.gameCount': '2500' });
  });

  it('changes the deposit bounds', async () => {
    const res = await change({ deposit: { minKip: 20_000, maxKip: 30_000_000 } });
    expect(res.statusCode).toBe(200);
    expect((await settingsOf(staff)).deposit).toEqual({ minKip: 20_000, maxKip: 30_000_000 });
  });

  it.each([
    ['a URL that is not http(s)', { social: { ...SOCIAL, facebook: 'javascript:alert(1)' } }],
    ['a link that is not a URL', { social: { ...SOCIAL, telegram: 'my telegram' } }],
    ['an empty name', { name: '  ' }],
    ['a fractional game count', { site: { signUpMinutes: 3, gameCount: 10.5 } }],
    ['sign-up minutes out of range', { site: { signUpMinutes: 0, gameCount: 10 } }],
    ['a minimum above the maximum', { deposit: { minKip: 500_000, maxKip: 100_000 } }],
    ['a negative deposit', { deposit: { minKip: -1, maxKip: 100_000 } }],
    ['a missing reason', { name: 'Beta', reason: '' }],
  ])('refuses %s with 400 and changes nothing', async (_, body) => {
    const before = await settingsOf();
    const count = (await audits()).length;
    const res = await change({ name: 'Changed', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(await settingsOf()).toEqual(before);
    expect(await audits()).toHaveLength(count);
  });

  it('refuses staff with 403', async () => {
    const res = await change({ name: 'Staff Casino' }, staff);
    expect(res.statusCode).toBe(403);
    expect((await settingsOf()).name).toBe('Alpha Lucky');
  });

  it('refuses deposit bounds of an agency without a receiving account', async () => {
    const bravoOwner = await loggedInOperator(t, bravoId, { username: 'bora', host: B });
    const res = await call('PUT', '/api/v2/admin/settings/agency', bravoOwner, { reason: 'limits', deposit: { minKip: 5, maxKip: 10 } }, B);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('RECEIVING_ACCOUNT_REQUIRED');
    expect((await playerInfo(A)).name).toBe('Alpha Lucky');
  });

  it('keeps the reason the console gives for a change of the receiving account', async () => {
    const res = await call('PUT', '/api/v2/admin/receiving-account', owner, { merchantId: 'ALPHA-02', reason: 'new merchant id' });
    expect(res.statusCode).toBe(200);
    const entry = await t.db
      .selectFrom('operator_audit_log')
      .select(['reason', 'target'])
      .where('agency_id', '=', alphaId)
      .where('action', '=', 'SET_RECEIVING_ACCOUNT')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ reason: 'new merchant id', target: 'ALPHA-02' });
  });
});
