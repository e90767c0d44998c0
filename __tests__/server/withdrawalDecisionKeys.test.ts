import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { ledgerViolations } from '../support/ledgerInvariant';
import { loggedInOperator } from '../support/operators';
import { createTestPlayerWithBank, fundTestCredit, type TestPlayer } from '../support/players';
import { setRate } from '../../server/domain/agencies';

/**
 * The console's withdrawal decisions under an Idempotency-Key: a repeat with the same key and body
 * gets the first answer and decides nothing again (a four-eyes first approval included), another
 * decision under the same key is IDEMPOTENCY_CONFLICT, and a decision without a key moves nothing.
 */

const A = 'keys-alpha.example';
const B = 'keys-bravo.example';
let t: TestApp;
let alphaId: string;
let owner: string;
let staff: string;
let bravoOwner: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  alphaId = (await createTestAgency(t, 'keysalpha', [A])).id;
  const bravoId = (await createTestAgency(t, 'keysbravo', [B])).id;
  for (const id of [alphaId, bravoId]) await setRate(t.db, id, 'THB', '600', '640', 'test');
  owner = await loggedInOperator(t, alphaId, { username: 'keys-owner', host: A });
  staff = await loggedInOperator(t, alphaId, { username: 'keys-staff', password: 'staff-password-1', role: 'staff', host: A });
  bravoOwner = await loggedInOperator(t, bravoId, { username: 'keys-bravo', host: B });
});
afterEach(async () => expect(await ledgerViolations(t.db)).toEqual([]));
afterAll(() => t.close());

let serial = 0;
const newKey = () => `decision-${(serial += 1)}-${Date.now()}`;

const decide = (code: string, action: 'approve' | 'reject', cookie: string, key: string | null, reason?: string, host = A) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/admin/withdrawals/${code}/${action}`,
    headers: {
      host,
      cookie,
      ...(key === null ? {} : { 'idempotency-key': key }),
      ...(reason === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: reason === undefined ? undefined : JSON.stringify({ reason }),
  });

/** An OPEN withdrawal (above the auto-approve limit of 5.000 THB) of THB `amount` by a new player. */
async function openWithdrawal(amount: string): Promise<{ player: TestPlayer; code: string }> {
  const player = await createTestPlayerWithBank(t.db, alphaId, 'NOY PHOMMA');
  await fundTestCredit({ db: t.db, providers: t.app.providers }, alphaId, player.id, 30000_00n);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/withdrawals',
    headers: { host: A, cookie: player.cookie, 'content-type': 'application/json', 'idempotency-key': `keys-${player.id}` },
    payload: JSON.stringify({ provider: 'askmebet', amount }),
  });
  expect(res.json().withdrawal.status).toBe('OPEN');
  return { player, code: res.json().withdrawal.code };
}

const count = async (table: 'sandbox_bank_payouts' | 'withdrawal_approvals' | 'operator_audit_log') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const setFourEyes = (fourEyesThb: string | null) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v2/admin/settings/withdrawal-review',
    headers: { host: A, cookie: owner, 'content-type': 'application/json' },
    payload: JSON.stringify({ fourEyesThb, reason: 'large payouts need two' }),
  });

describe('withdrawal decisions under an Idempotency-Key', () => {
  it('pays out once for a key: the repeat gets the first answer, another decision under it is a conflict', async () => {
    const { code } = await openWithdrawal('6000.00');
    const payouts = await count('sandbox_bank_payouts');
    const audits = await count('operator_audit_log');
    const key = newKey();
    const first = await decide(code, 'approve', staff, key);
    expect(first.statusCode).toBe(200);
    expect(first.json().withdrawal).toMatchObject({ code, status: 'SUCCESS' });
    const repeat = await decide(code, 'approve', staff, key);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    expect(await count('sandbox_bank_payouts')).toBe(payouts + 1);
    expect(await count('operator_audit_log')).toBe(audits + 1);

    const other = await decide(code, 'reject', staff, key, 'changed my mind');
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_CONFLICT');
    // Another operator's approval under the same key is another request too.
    expect((await decide(code, 'approve', owner, key)).json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect((await decide(code, 'approve', staff, newKey())).json().code).toBe('WITHDRAWAL_NOT_OPEN');
  });

  it('answers a repeated four-eyes first approval as it first did, without a second approval', async () => {
    expect((await setFourEyes('10000')).statusCode).toBe(200);
    try {
      const { code } = await openWithdrawal('12000.00');
      const approvals = await count('withdrawal_approvals');
      const key = newKey();
      const first = await decide(code, 'approve', staff, key);
      expect(first.json()).toMatchObject({ withdrawal: { status: 'OPEN' }, approvalsNeeded: 2, awaitingSecondApproval: true });
      const repeat = await decide(code, 'approve', staff, key);
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json()).toEqual(first.json());
      expect(await count('withdrawal_approvals')).toBe(approvals + 1);
      // The same operator with a new key is still no second approver.
      expect((await decide(code, 'approve', staff, newKey())).json().code).toBe('SECOND_APPROVER_REQUIRED');
      const second = await decide(code, 'approve', owner, newKey());
      expect(second.json()).toMatchObject({ withdrawal: { status: 'SUCCESS' }, awaitingSecondApproval: false });
    } finally {
      await setFourEyes(null);
    }
  });

  it('rejects once for a key: the credit goes back once, the repeat answers, another reason is a conflict', async () => {
    const { player, code } = await openWithdrawal('6000.00');
    const key = newKey();
    const first = await decide(code, 'reject', owner, key, 'account name does not match');
    expect(first.json().withdrawal).toMatchObject({ status: 'REJECTED', creditReturned: '6000.00' });
    const repeat = await decide(code, 'reject', owner, key, 'account name does not match');
    expect(repeat.json()).toEqual(first.json());
    expect((await decide(code, 'reject', owner, key, 'another reason')).json().code).toBe('IDEMPOTENCY_CONFLICT');
    const credit = await t.app.inject({
      method: 'GET',
      url: '/api/v2/players/credits/askmebet',
      headers: { host: A, cookie: player.cookie },
    });
    expect(credit.json().credit.amount).toBe('30000.00');
    const rejections = await t.db
      .selectFrom('operator_audit_log')
      .select('id')
      .where('action', '=', 'REJECT_WITHDRAWAL')
      .where('target', '=', code)
      .execute();
    expect(rejections).toHaveLength(1);
  });

  it('refuses a decision without a key, or with a bad one, and another agency gets 404; nothing is decided', async () => {
    const { code } = await openWithdrawal('6000.00');
    for (const key of [null, 'short', 'x'.repeat(101)]) {
      const approve = await decide(code, 'approve', owner, key);
      expect([approve.statusCode, approve.json().code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
      const reject = await decide(code, 'reject', owner, key, 'no key given');
      expect([reject.statusCode, reject.json().code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
    }
    expect((await decide(code, 'approve', bravoOwner, newKey(), undefined, B)).statusCode).toBe(404);
    const row = await t.db.selectFrom('withdrawals').select(['status', 'payout_ref']).where('code', '=', code).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'OPEN', payout_ref: null });
  });
});
