import { DEMO_RECEIVING_ACCOUNT } from '../../server/seed';
import { setRate } from '../../server/domain/agencies';
import { setReceivingAccount } from '../../server/domain/deposits';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { loggedInOperator } from '../support/operators';
import { createTestPlayerWithBank, fundTestCredit, type TestPlayer } from '../support/players';

/**
 * Every route that takes an amount reads it with the contract's one parser: a decimal string, the
 * same answer for the same text everywhere, and a refusal changes nothing.
 */

let t: TestApp;
let agencyId: string;
let owner: string;
let player: TestPlayer;

beforeAll(async () => {
  t = await buildTestApp();
  // The provider sandbox is called over HTTP at this server's own address.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  agencyId = (await createTestAgency(t, 'amounts', ['localhost', '127.0.0.1'])).id;
  await setRate(t.db, agencyId, 'THB', '600', '640', 'test');
  await setReceivingAccount(t.db, agencyId, DEMO_RECEIVING_ACCOUNT);
  owner = await loggedInOperator(t, agencyId, { username: 'amounts-owner' });
  player = await createTestPlayerWithBank(t.db, agencyId);
  const deps = { db: t.db, providers: t.app.providers, gateway: t.app.laoqrGateway, defaults: t.config.withdrawals };
  await fundTestCredit(deps, agencyId, player.id, 1000_00n);
});
afterAll(() => t.close());

let serial = 0;
const send = (method: 'POST' | 'PUT', url: string, cookie: string, payload: object) =>
  t.app.inject({ method, url: `/api/v2${url}`, headers: { cookie, 'idempotency-key': `amount-${(serial += 1)}` }, payload });

/** Each route that takes an amount, and the code it refuses a text that is not one with. */
const routes = [
  {
    name: 'a deposit',
    code: 'DEPOSIT_AMOUNT_INVALID',
    send: (amount: unknown) => send('POST', '/deposits', player.cookie, { provider: 'askmebet', amount }),
  },
  {
    name: 'a withdrawal',
    code: 'INVALID_AMOUNT',
    send: (amount: unknown) => send('POST', '/withdrawals', player.cookie, { provider: 'askmebet', amount }),
  },
  {
    name: 'a funding of the bonus pool',
    code: 'INVALID_AMOUNT',
    send: (amount: unknown) => send('POST', '/admin/bonus-pool/fund', owner, { amount, reason: 'budget' }),
  },
  {
    name: 'a deposit limit',
    code: 'DEPOSIT_LIMIT_INVALID',
    send: (amount: unknown) => send('PUT', '/players/deposit-limits', player.cookie, { day: amount }),
  },
];

const NOT_AMOUNTS: unknown[] = [100, 100.5, ' 100', '100 ', '1 00', '+100', '-100', '1e3', '0x10', '1,000', '١٠٠', '', true, [], {}];

async function changes() {
  const [orders, withdrawals, transfers, limits] = await Promise.all(
    ['deposit_orders', 'withdrawals', 'ledger_transfers', 'player_deposit_limits'].map(async (table) =>
      Number(
        (
          await t.db
            .selectFrom(table as 'withdrawals')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ),
  );
  return { orders, withdrawals, transfers, limits };
}

describe('an amount that is not a decimal string', () => {
  it.each(routes)('is refused by $name with its code, and changes nothing', async ({ code, send: sendAmount }) => {
    const before = await changes();
    const answers = [];
    for (const amount of NOT_AMOUNTS) {
      const res = await sendAmount(amount);
      answers.push({ amount, status: res.statusCode, code: res.json().code });
    }
    expect(answers).toEqual(NOT_AMOUNTS.map((amount) => ({ amount, status: 400, code })));
    expect(await changes()).toEqual(before);
  });

  it('is read the same way by every route: a plain decimal string passes the parser everywhere', async () => {
    for (const route of routes) expect((await route.send('100')).json().code).not.toBe(route.code);
  });
});
