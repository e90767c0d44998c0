import { sql } from 'kysely';
import { DEMO_RECEIVING_ACCOUNT } from '../../server/seed';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { createTestPlayerWithBank } from '../support/players';
import { ledgerViolations } from '../support/ledgerInvariant';
import { setRate } from '../../server/domain/agencies';
import { createDeposit, setReceivingAccount } from '../../server/domain/deposits';
import { refundRefOf } from '../../server/domain/deposits/refunds';
import { balanceOf } from '../../server/domain/ledger';
import { gatewayIdKey, originalGatewayId, signWebhook, storedGatewayId, type PaymentPaidEventBody } from '../../server/adapters/payment';

/** Nothing signed is dropped: a payment the gateway signed is applied or kept unmatched, whatever its ids look like. */

const SECRET = 'signed-payments-webhook-secret-42';
const HOST_A = 'localhost';
const HOST_B = 'agency-b.test';
let t: TestApp;
let agencyA: string;
let agencyB: string;

beforeAll(async () => {
  t = await buildTestApp({ laoqrWebhookSecret: SECRET });
  // The sandbox providers, which take the credits, are reached over this server's own address.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  agencyA = (await createTestAgency(t, 'signed-a', [HOST_A])).id;
  agencyB = (await createTestAgency(t, 'signed-b', [HOST_B])).id;
  for (const agencyId of [agencyA, agencyB]) {
    await setRate(t.db, agencyId, 'THB', '600', '640', 'test');
    await setReceivingAccount(t.db, agencyId, DEMO_RECEIVING_ACCOUNT);
  }
});
afterAll(() => t.close());

let serial = 0;
const unique = () => `${Date.now().toString(36)}${++serial}`;

/** An open order of a new player of the agency, for amountKip. */
async function openOrder(agencyId: string, amountKip = '64000') {
  const player = await createTestPlayerWithBank(t.db, agencyId);
  const deps = { db: t.db, config: t.config, providers: t.app.providers, clock: t.app.clock };
  const { order } = await createDeposit(
    deps,
    { agencyId, playerId: player.id },
    { provider: 'askmebet', amount: amountKip, idempotencyKey: `key-${unique()}` },
  );
  return order;
}

function event(billNumber: string, amount: string, transactionId: string, id = `evt-${unique()}`): PaymentPaidEventBody {
  const now = new Date().toISOString();
  return { id, type: 'payment.paid', createdAt: now, data: { billNumber, amount, currency: 'LAK', transactionId, paidAt: now } };
}

/** Delivers the event signed with the gateway's secret to the agency of host. */
function deliver(body: PaymentPaidEventBody, host = HOST_A) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/webhooks/laoqr',
    headers: { host, 'content-type': 'application/json', ...signWebhook(raw, SECRET) },
    payload: raw,
  });
}

const orderRow = (code: string) => t.db.selectFrom('deposit_orders').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
const unallocated = (agencyId: string) => balanceOf(t.db, agencyId, { kind: 'unallocated_payments', currency: 'LAK' });
const transfersNaming = (agencyId: string, transactionId: string) =>
  t.db
    .selectFrom('ledger_transfers')
    .select(['kind', 'idempotency_key', 'refs'])
    .where('agency_id', '=', agencyId)
    .where(sql<boolean>`refs->>'transactionId' = ${gatewayIdKey(storedGatewayId(transactionId))}`)
    .execute();

describe('the key of a gateway id', () => {
  it('keeps a short visible id as it is and hashes the rest into keys that fit every limit', () => {
    expect(gatewayIdKey('SBX123ABC')).toBe('SBX123ABC');
    const odd = ['T'.repeat(94), 'has space', 'ລາວ', '', 'sha256:abc', 'x'.repeat(60_000)];
    const keys = odd.map(gatewayIdKey);
    for (const key of keys) expect(key).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(new Set(keys).size).toBe(odd.length);
    // A raw id that looks like a hashed key is hashed again, so it cannot take another id's key.
    expect(gatewayIdKey(keys[0])).not.toBe(keys[0]);
    for (const id of [...odd, 'T'.repeat(93)]) expect(refundRefOf(id).length).toBeLessThanOrEqual(100);
  });

  it('stores NUL, lone surrogates and backslashes escaped, and gives back the id as signed', () => {
    for (const id of ['plain', 'a\0b', '\\0', 'back\\slash\\\\', '\ud800x', 'x\udc00', '🎲\0\\u0000', '\\ud800']) {
      const stored = storedGatewayId(id);
      expect(stored).not.toMatch(/\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
      expect(originalGatewayId(stored)).toBe(id);
    }
    expect(storedGatewayId('plain')).toBe('plain');
    expect(storedGatewayId('a\0b')).toBe('a\\0b');
  });
});

describe('nothing signed is dropped', () => {
  it('a 250-character transaction id is applied', async () => {
    const order = await openOrder(agencyA);
    const transactionId = `TX${unique()}`.padEnd(250, 'x');
    const paid = await deliver(event(order.code, '64000', transactionId));
    expect(paid.json()).toEqual({ received: true, outcome: 'paid' });
    expect(await orderRow(order.code)).toMatchObject({ status: 'SUCCESS', transaction_id: transactionId });
    const transfers = await transfersNaming(agencyA, transactionId);
    expect(transfers.map(({ kind }) => kind)).toEqual(['DEPOSIT_PAYMENT']);
    expect(transfers[0].refs.transactionId).toHaveLength(71);
    // Redelivered under another event id, it is the same payment.
    expect((await deliver(event(order.code, '64000', transactionId))).json().outcome).toBe('duplicate');

    // Kept unmatched, its ledger key is the id's key, within 200 characters.
    const before = await unallocated(agencyA);
    const longUnmatched = `TU${unique()}`.padEnd(250, 'u');
    expect((await deliver(event('DNOSUCHBILL', '25000', longUnmatched))).json().outcome).toBe('unmatched');
    const kept = await t.db.selectFrom('deposit_unmatched_payments').selectAll().where('transaction_id', '=', longUnmatched).execute();
    expect(kept).toMatchObject([{ agency_id: agencyA, reason: 'UNKNOWN_BILL', amount_kip: '25000' }]);
    expect((await transfersNaming(agencyA, longUnmatched)).map(({ idempotency_key }) => idempotency_key)).toEqual([
      `unmatched-payment:${gatewayIdKey(longUnmatched)}`,
    ]);
    expect(await unallocated(agencyA)).toBe(before - 25_000n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a transaction id and an event id with a NUL are applied, and the ids as signed are recovered', async () => {
    const order = await openOrder(agencyA);
    const transactionId = `TX\0${unique()}`;
    const eventId = `evt\0${unique()}`;
    expect((await deliver(event(order.code, '64000', transactionId, eventId))).json().outcome).toBe('paid');
    const row = await orderRow(order.code);
    expect(row.status).toBe('SUCCESS');
    expect(originalGatewayId(row.transaction_id!)).toBe(transactionId);
    const recorded = await t.db
      .selectFrom('laoqr_webhook_events')
      .selectAll()
      .where('agency_id', '=', agencyA)
      .where('bill_number', '=', order.code)
      .execute();
    expect(recorded.map((e) => [originalGatewayId(e.event_id), originalGatewayId(e.transaction_id!)])).toEqual([[eventId, transactionId]]);
    // The same event again is a replay, the same transaction under another event a duplicate.
    expect((await deliver(event(order.code, '64000', transactionId, eventId))).json().outcome).toBe('duplicate');
    expect((await deliver(event(order.code, '64000', transactionId))).json().outcome).toBe('duplicate');
    expect(await transfersNaming(agencyA, transactionId)).toHaveLength(1);

    // Unmatched, the id comes back as signed too.
    const keptId = `TU\0\ud800${unique()}`;
    expect((await deliver(event('DNOSUCHBILL', '1000', keptId))).json().outcome).toBe('unmatched');
    const kept = await t.db
      .selectFrom('deposit_unmatched_payments')
      .select('transaction_id')
      .where('transaction_id', '=', storedGatewayId(keptId))
      .executeTakeFirstOrThrow();
    expect(originalGatewayId(kept.transaction_id)).toBe(keptId);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a payment with an unknown/odd bill number is kept unmatched', async () => {
    const before = await unallocated(agencyA);
    const bills = ['', 'B'.repeat(300), `bill\0${unique()}`, 'ບິນ 🎲 #1', `\udc00${unique()}`, 'd-lowercase; DROP TABLE'];
    for (const bill of bills) {
      const res = await deliver(event(bill, '1000', `TXODD${unique()}`));
      expect({ bill, status: res.statusCode, body: res.json() }).toEqual({
        bill,
        status: 200,
        body: { received: true, outcome: 'unmatched' },
      });
    }
    const kept = await t.db
      .selectFrom('deposit_unmatched_payments')
      .select(['bill_number', 'reason', 'deposit_order_id'])
      .where('agency_id', '=', agencyA)
      .where('bill_number', '=', sql<string>`ANY(${bills.map(storedGatewayId)}::text[])`)
      .execute();
    expect(kept.map((row) => originalGatewayId(row.bill_number)).sort()).toEqual([...bills].sort());
    expect(kept.every((row) => row.reason === 'UNKNOWN_BILL' && row.deposit_order_id === null)).toBe(true);
    expect(await unallocated(agencyA)).toBe(before - 1000n * BigInt(bills.length));
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('the same event id at two agencies pays both orders', async () => {
    const [orderA, orderB] = [await openOrder(agencyA), await openOrder(agencyB)];
    const eventId = `evt-shared-${unique()}`;
    // Each agency's gateway numbers its own events and transactions: the same ids may come to both.
    const transactionId = `TXSHARED${unique()}`;
    const atA = await deliver(event(orderA.code, '64000', transactionId, eventId), HOST_A);
    const atB = await deliver(event(orderB.code, '64000', transactionId, eventId), HOST_B);
    expect([atA.json().outcome, atB.json().outcome]).toEqual(['paid', 'paid']);
    expect((await orderRow(orderA.code)).status).toBe('SUCCESS');
    expect((await orderRow(orderB.code)).status).toBe('SUCCESS');
    const events = await t.db.selectFrom('laoqr_webhook_events').select('agency_id').where('event_id', '=', eventId).execute();
    expect(events.map(({ agency_id }) => agency_id).sort()).toEqual([agencyA, agencyB].sort());
    // A replay at either agency is still refused there.
    expect((await deliver(event(orderB.code, '64000', transactionId, eventId), HOST_B)).json().outcome).toBe('duplicate');

    // Kept unmatched at both, too.
    const unmatchedId = `TXSHAREDU${unique()}`;
    for (const host of [HOST_A, HOST_B])
      expect((await deliver(event('DNOSUCHBILL', '500', unmatchedId, eventId), host)).json().outcome).toBe('duplicate');
    const fresh = `evt-shared-u-${unique()}`;
    for (const host of [HOST_A, HOST_B])
      expect((await deliver(event('DNOSUCHBILL', '500', unmatchedId, fresh), host)).json().outcome).toBe('unmatched');
    expect(await ledgerViolations(t.db, { agencyId: agencyA })).toEqual([]);
    expect(await ledgerViolations(t.db, { agencyId: agencyB })).toEqual([]);
  });
});
