import { sql } from 'kysely';
import type { TestApp } from '../support/app';
import { payAtBank, racingAgency, setRefundFault as setRefundFaultAt, type RacingAgency } from '../support/racingAgency';
import {
  atOnce,
  forgetStatusLog,
  holds,
  judgeRound,
  labelOf,
  pairingOf,
  racePairs,
  statusLog,
  type Driver as RaceDriver,
} from '../support/raceMatrix';
import { addTestBankAccount, type TestPlayer } from '../support/players';
import { ledgerViolations } from '../support/ledgerInvariant';
import { expireStaleOrders, reconcileRefunds, refundRefOf } from '../../server/domain/deposits';
import { DEPOSIT_ORDER, type DepositOrderEvent } from '../../server/domain/deposits/lifecycle';
import { voidPendingTransfer } from '../../server/domain/ledger';
import { hashPassword } from '../../server/domain/passwords';
import { createSession, SESSION_COOKIE } from '../../server/domain/players';
import { reconcilePendingTransfers } from '../../server/domain/reconciler';
import { signWebhook, type PaymentPaidEventBody } from '../../server/adapters/payment';
import type { DepositStatus } from '../../contract/deposits';

/**
 * The deposit order's race matrix, drawn from its transition table: for every status and every two
 * events the table lets start from it (an event with itself too: two actors doing the same thing),
 * a fresh order is brought to that status and the two actions run at once through their real entry
 * points, ROUNDS times, on real PostgreSQL. A new transition in the table is raced here without a
 * word of this file changing, once its event has a driver; an event without one fails the suite.
 *
 * What each round proves: the order moved only along the table, and by the race's events exactly as
 * the table allows: one of two conflicting events (or of the same event twice), or both when the
 * table lets the second follow the first (an order expired and then paid by a payment made in time);
 * no event was lost that the order could still take; every actor answered as it may (a refusal is
 * a 4xx with its code, a background actor just finds nothing to do), and no answer claims an effect
 * that did not happen; the ledger balances; and the provider's and the bank's books agree with the
 * order: one SUCCESS transfer at the provider for a credited order, one refund at the bank for a
 * refunded one, every payment in our books exactly once (on the order or kept unmatched).
 */

const ROUNDS = 10;
const SECRET = 'deposit-races-webhook-secret';
const PASSWORD = 'correct-horse-9';
/** 64.000 LAK buys 100.00 THB at the sell rate of 640. */
const AMOUNT = '64000';
const WRONG_AMOUNT = '63000';

let racing: RacingAgency;
let t: TestApp;
let agencyId: string;
let passwordHash: string;

beforeAll(async () => {
  racing = await racingAgency('races', { laoqrWebhookSecret: SECRET, providerTimeoutMs: 1500, laoqrGatewayTimeoutMs: 3000 }, [
    'deposit_orders',
  ]);
  ({ t, agencyId } = racing);
  passwordHash = await hashPassword(PASSWORD);
});
afterEach(async () => {
  await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
  await setRefundFault('none');
});
afterAll(() => t.close());

// ---- the entry points and the state helpers ----

let serial = 0;
const nextKey = () => `race-key-${(serial += 1)}-${Date.now()}`;
const randomId = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2)}${(serial += 1)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A player with a session and a bank account; the password hashed once for the file, so a round costs no argon2. */
async function newPlayer(): Promise<TestPlayer> {
  const username = randomId('r').slice(0, 20);
  const row = await t.db
    .insertInto('players')
    .values({ agency_id: agencyId, username, password_hash: passwordHash, display_name: username })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addTestBankAccount(t.db, agencyId, row.id);
  const token = await createSession(t.db, row.id, agencyId, 24);
  return { id: row.id, username, password: PASSWORD, cookie: `${SESSION_COOKIE}=${token}` };
}

const asPlayer = (player: TestPlayer, url: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/deposits${url}`,
    headers: { cookie: player.cookie, 'idempotency-key': nextKey() },
    ...(payload && { payload }),
  });

const asOperator = (slot: 0 | 1, url: string, reason: string, key = nextKey()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/admin/deposits${url}`,
    headers: { host: 'localhost', cookie: racing.operators[slot], 'idempotency-key': key, 'content-type': 'application/json' },
    payload: JSON.stringify({ reason }),
  });

/** A signed webhook delivery of a payment of the bill. */
function webhook(billNumber: string, payment: { amount: string; transactionId: string; eventId: string; paidAt: string }) {
  const event: PaymentPaidEventBody = {
    id: payment.eventId,
    type: 'payment.paid',
    createdAt: new Date().toISOString(),
    data: { billNumber, amount: payment.amount, currency: 'LAK', transactionId: payment.transactionId, paidAt: payment.paidAt },
  };
  const raw = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/webhooks/laoqr',
    headers: { 'content-type': 'application/json', ...signWebhook(raw, SECRET) },
    payload: raw,
  });
}

const setRefundFault = (mode: 'none' | 'error' | 'decline') => setRefundFaultAt(racing, mode);

const orderRow = (code: string) => t.db.selectFrom('deposit_orders').selectAll().where('code', '=', code).executeTakeFirstOrThrow();

/** An order brought to a race's start status, with what its actors need. */
interface Race {
  player: TestPlayer;
  id: string;
  code: string;
  /** Payments of this round are dated here: before the order's expiry. */
  paidAt: Date;
  /** The sandbox bank's payment of the bill, its notice held back for the pay actors to bring. */
  bankPayment?: { transactionId: string; eventId: string; paidAt: string };
  /** When the order expires: the expire actors act once it has passed. */
  expiresAt?: Date;
  /** The wrong-amount payments the refuseAmount actors sent, by transaction id. */
  wrongPayments: string[];
  /** The Idempotency-Key of the refund the order is FAILED (REFUNDING) by. */
  refundKey?: string;
}

/** What an event's actors need of the start state. */
type Need = 'bankPayment' | 'expiry' | 'pendingRefund';
/** An OPEN order an expire actor races for: expired just now, or expiring during the race. */
type Expiry = 'just past' | 'during the race';

async function openRace(needs: Set<Need>): Promise<Race> {
  const player = await newPlayer();
  const opened = await asPlayer(player, '', { provider: 'askmebet', amount: AMOUNT });
  expect(opened.statusCode).toBe(201);
  const { code } = opened.json().order;
  const race: Race = { player, code, id: (await orderRow(code)).id, paidAt: new Date(), wrongPayments: [] };
  if (needs.has('bankPayment')) race.bankPayment = await payAtBank(racing, opened.json().qr.payload, { noticeLost: true });
  return race;
}

/** Sets the order's expiry: now (the database's), or a few ms ahead so the expiry falls inside the race. */
async function expireAt(race: Race, expiry: Expiry) {
  const at = expiry === 'just past' ? sql<Date>`now()` : new Date(Date.now() + 5 + Math.floor(Math.random() * 25));
  const row = await t.db
    .updateTable('deposit_orders')
    .set({ expires_at: at })
    .where('id', '=', race.id)
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  race.expiresAt = row.expires_at;
}

/** A PAID order whose credit never reached the provider: paid at the bank while askmebet was down, the lost credit voided. */
async function stuckRace(): Promise<Race> {
  const player = await newPlayer();
  const opened = await asPlayer(player, '', { provider: 'askmebet', amount: AMOUNT });
  expect(opened.statusCode).toBe(201);
  const { code } = opened.json().order;
  const down = await t.app.inject({
    method: 'POST',
    url: '/sandbox/providers/askmebet/faults',
    payload: { mode: 'error', operations: ['createMember', 'transfer'] },
  });
  expect(down.statusCode).toBe(204);
  await payAtBank(racing, opened.json().qr.payload);
  await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
  const inFlight = await t.db
    .selectFrom('ledger_transfers')
    .select('id')
    .where('status', '=', 'PENDING')
    .where(sql<boolean>`refs->>'deposit' = ${code}`)
    .execute();
  for (const { id } of inFlight) await t.db.transaction().execute((trx) => voidPendingTransfer(trx, agencyId, id, 'NOT_RECEIVED'));
  const row = await orderRow(code);
  expect(row.status).toBe('PAID');
  return { player, code, id: row.id, paidAt: new Date(), wrongPayments: [] };
}

/**
 * How a fresh order is brought to each status an event starts from. The start state holds what the
 * pair's actors need: the bank's payment for pay (made while the order was open), an expiry for
 * expire, the refund left PENDING for refundRefused.
 */
const setUp: Partial<Record<DepositStatus, (needs: Set<Need>, expiry: Expiry) => Promise<Race>>> = {
  OPEN: async (needs, expiry) => {
    const race = await openRace(needs);
    if (needs.has('expiry')) await expireAt(race, expiry);
    return race;
  },
  EXPIRED: async (needs) => {
    const race = await openRace(needs);
    await expireAt(race, 'just past');
    await expireStaleOrders(t.db);
    expect((await orderRow(race.code)).status).toBe('EXPIRED');
    return race;
  },
  PAID: () => stuckRace(),
  // The FAILED an event starts from is the refund's: FAILED (REFUNDING), its gateway answer unknown
  // (the gateway erred before refunding), the refund PENDING; the gateway then declines it.
  FAILED: async (needs) => {
    expect([...needs]).toEqual(['pendingRefund']);
    const race = await stuckRace();
    await setRefundFault('error');
    race.refundKey = nextKey();
    const refund = await asOperator(0, `/${race.code}/refund`, 'player wants the money back', race.refundKey);
    expect(refund.statusCode).toBe(200);
    expect(refund.json().deposit).toMatchObject({ status: 'FAILED', failureCode: 'REFUNDING' });
    const pending = await t.db.selectFrom('deposit_refunds').select('status').where('deposit_order_id', '=', race.id).execute();
    expect(pending).toEqual([{ status: 'PENDING' }]);
    await setRefundFault('decline');
    return race;
  },
};

// ---- the drivers: each event's actors, through their real entry points ----

type Driver = RaceDriver<Race, DepositOrderEvent, Need>;

/** Waits for the order's expiry, so the actor acts on an order it may expire. */
const untilExpired = async (race: Race) => {
  const left = (race.expiresAt?.getTime() ?? 0) - Date.now();
  if (left >= 0) await sleep(left + 1);
};

const drivers: Partial<Record<DepositOrderEvent, Driver>> = {
  pay: {
    needs: ['bankPayment'],
    then: ['credit'],
    actors: [
      {
        // Raced with the player's check of the same payment, both settle one credit at once; a 500 here
        // was a deadlock between those two settlements.
        name: 'the gateway webhook',
        answers: ['200 paid', '200 duplicate', '200 unmatched'],
        exclusive: true,
        run: async (race) => {
          const res = await webhook(race.code, { amount: AMOUNT, ...race.bankPayment! });
          const answer = `${labelOf(res)} ${res.json().outcome}`;
          return { answer, claims: answer === '200 paid' };
        },
      },
      {
        name: "the player's check",
        answers: ['200'],
        run: async (race) => ({ answer: labelOf(await asPlayer(race.player, `/${race.code}/check`)) }),
      },
    ],
  },
  expire: {
    needs: ['expiry'],
    actors: [
      {
        name: 'the reconciler',
        answers: ['done'],
        run: async (race) => {
          await untilExpired(race);
          await expireStaleOrders(t.db);
          return { answer: 'done' };
        },
      },
      {
        // A new order closes the player's own stale ones first; two at once: one is refused as the second open order.
        name: "the player's new order",
        answers: ['201', '409 OPEN_ORDER'],
        run: async (race) => {
          await untilExpired(race);
          return { answer: labelOf(await asPlayer(race.player, '', { provider: 'askmebet', amount: AMOUNT })) };
        },
      },
    ],
  },
  cancel: {
    actors: [
      {
        name: "the player's cancel",
        answers: ['200', '409 DEPOSIT_NOT_OPEN'],
        exclusive: true,
        run: async (race) => {
          const answer = labelOf(await asPlayer(race.player, `/${race.code}/cancel`));
          return { answer, claims: answer === '200' };
        },
      },
    ],
  },
  refuseAmount: {
    actors: [
      {
        // Each a payment of its own (two payers of a wrong amount): the money of both is kept, the order fails once.
        name: 'a webhook of a wrong amount',
        answers: ['200 unmatched'],
        run: async (race) => {
          const transactionId = randomId('TXW');
          race.wrongPayments.push(transactionId);
          const res = await webhook(race.code, {
            amount: WRONG_AMOUNT,
            transactionId,
            eventId: `evt-${transactionId}`,
            paidAt: race.paidAt.toISOString(),
          });
          return { answer: `${labelOf(res)} ${res.json().outcome}` };
        },
      },
    ],
  },
  credit: {
    actors: [
      {
        // A retry while another credit of the order is on its way is refused: that credit is the reconciler's to settle.
        name: "an operator's retry",
        answers: ['200 SUCCESS', '409 DEPOSIT_NOT_STUCK'],
        exclusive: true,
        run: async (race, slot) => {
          const res = await asOperator(slot, `/${race.code}/retry-credit`, 'provider is back');
          const answer = res.statusCode === 200 ? `200 ${res.json().deposit.status}` : labelOf(res);
          return { answer, claims: answer === '200 SUCCESS' };
        },
      },
      {
        name: 'the reconciler',
        answers: ['done'],
        run: async () => {
          await reconcilePendingTransfers({ db: t.db, providers: t.app.providers }, { olderThanMs: 0 });
          return { answer: 'done' };
        },
      },
      {
        name: "the player's check",
        answers: ['200 SUCCESS', '200 FAILED'],
        run: async (race) => {
          const res = await asPlayer(race.player, `/${race.code}/check`);
          return { answer: res.statusCode === 200 ? `200 ${res.json().order.status}` : labelOf(res) };
        },
      },
    ],
  },
  startRefund: {
    actors: [
      {
        name: "an operator's refund",
        answers: ['200 FAILED', '409 DEPOSIT_NOT_STUCK'],
        exclusive: true,
        run: async (race, slot) => {
          const res = await asOperator(slot, `/${race.code}/refund`, 'player wants the money back');
          const answer = res.statusCode === 200 ? `200 ${res.json().deposit.status}` : labelOf(res);
          return { answer, claims: answer === '200 FAILED' };
        },
      },
    ],
  },
  refundRefused: {
    needs: ['pendingRefund'],
    actors: [
      {
        name: 'the reconciler',
        answers: ['done'],
        run: async () => {
          await reconcileRefunds({ db: t.db, gateway: t.app.laoqrGateway }, { olderThanMs: 0 });
          return { answer: 'done' };
        },
      },
      {
        // The refund's own request again (its key): it asks the gateway again and answers the refusal,
        // 502 REFUND_FAILED, or, once the refusal is recorded, the deposit PAID again.
        name: "the operator's replay of the refund",
        answers: ['502 REFUND_FAILED', '200 PAID'],
        run: async (race, slot) => {
          const res = await asOperator(slot, `/${race.code}/refund`, 'player wants the money back', race.refundKey);
          return { answer: res.statusCode === 200 ? `200 ${res.json().deposit.status}` : labelOf(res) };
        },
      },
    ],
  },
};

// ---- the matrix, from the table ----

const { statuses, pairs } = racePairs(DEPOSIT_ORDER);

/** What the provider, the bank and the ledger hold for the order agree with how it ended. */
async function booksAgree(race: Race, where: string) {
  const order = await orderRow(race.code);
  const credited = order.status === 'SUCCESS';
  const refunded = order.status === 'FAILED' && order.failure_code === 'REFUNDED';
  const count = (rows: unknown[]) => rows.length;
  const ofDeposit = (kind: string, status?: 'POSTED') =>
    t.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('kind', '=', kind)
      .$if(status !== undefined, (query) => query.where('status', '=', status!))
      .where(sql<boolean>`refs->>'deposit' = ${race.code}`)
      .execute();
  const atProvider = await t.db
    .selectFrom('sandbox_provider_transfers')
    .select('ref')
    .where('provider', '=', 'askmebet')
    .where('status', '=', 'SUCCESS')
    .where((eb) => eb.or([eb('ref', '=', race.code), eb('ref', 'like', `${race.code}-%`)]))
    .execute();
  const atBank =
    order.transaction_id === null
      ? []
      : await t.db.selectFrom('sandbox_bank_refunds').select('ref').where('ref', '=', refundRefOf(order.transaction_id)).execute();
  const unmatchedOf = async (transactionId: string) =>
    count(await t.db.selectFrom('deposit_unmatched_payments').select('id').where('transaction_id', '=', transactionId).execute());
  const books = {
    where,
    status: order.status,
    providerSuccesses: count(atProvider),
    postedCredits: count(await ofDeposit('DEPOSIT_CREDIT', 'POSTED')),
    bankRefunds: count(atBank),
    ledgerRefunds: count(await ofDeposit('PAYMENT_REFUND')),
    paymentsOnTheOrder: count(await ofDeposit('DEPOSIT_PAYMENT')),
    bankPaymentKeptUnmatched: race.bankPayment ? await unmatchedOf(race.bankPayment.transactionId) : 0,
    wrongPaymentsKept: await Promise.all(race.wrongPayments.map(unmatchedOf)),
    ledgerViolations: await ledgerViolations(t.db),
  };
  const paidOnTheOrder = order.transaction_id !== null;
  expect(books).toEqual({
    where,
    status: order.status,
    providerSuccesses: credited ? 1 : 0,
    postedCredits: credited ? 1 : 0,
    bankRefunds: refunded ? 1 : 0,
    ledgerRefunds: refunded ? 1 : 0,
    paymentsOnTheOrder: paidOnTheOrder ? 1 : 0,
    // The bank's payment is in our books once: paying the order, or kept for review.
    bankPaymentKeptUnmatched: race.bankPayment && order.transaction_id !== race.bankPayment.transactionId ? 1 : 0,
    wrongPaymentsKept: race.wrongPayments.map(() => 1),
    ledgerViolations: [],
  });
  if (race.bankPayment && paidOnTheOrder)
    holds(order.transaction_id === race.bankPayment.transactionId, { where, paidBy: order.transaction_id });
}

async function raceRound(status: DepositStatus, a: DepositOrderEvent, b: DepositOrderEvent, round: number) {
  const { actors, pairings } = pairingOf(drivers, a, b, round);
  // For an OPEN order racing an expiry, both an order expired just now and one expiring during the race.
  const expiries: Expiry[] = status === 'OPEN' && (a === 'expire' || b === 'expire') ? ['just past', 'during the race'] : ['just past'];
  const expiry = expiries[Math.floor(round / pairings) % expiries.length];
  const race = await setUp[status]!(new Set([...(drivers[a]!.needs ?? []), ...(drivers[b]!.needs ?? [])]), expiry);
  await forgetStatusLog(t.db, race.id);
  const { outcomes, bFirst } = await atOnce(race, actors);
  const where = `${status}: ${a} by ${actors[0].name} | ${b} by ${actors[1].name}${bFirst ? ' (started second)' : ''}, round ${round + 1}${
    expiries.length > 1 ? `, expiry ${expiry}` : ''
  }`;
  // The gateway's retry of the payment's notice, after the race: applied already, or kept unmatched; never a second payment.
  if (race.bankPayment) {
    const late = await webhook(race.code, { amount: AMOUNT, ...race.bankPayment });
    const answer = `${late.statusCode} ${late.json().outcome}`;
    holds(['200 duplicate', '200 unmatched'].includes(answer), { where, lateNotice: answer });
  }
  // The books first: what an odd answer left behind is the first thing to know.
  await booksAgree(race, where);
  const log = await statusLog<DepositStatus>(t.db, race.id);
  const final = (await orderRow(race.code)).status;
  judgeRound(DEPOSIT_ORDER, drivers, { race, where, start: status, a, b, log, final, actors, outcomes });
  await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
  await setRefundFault('none');
}

describe('the deposit order race matrix, from its transition table', () => {
  it('has a driver for every event of the table, and a way to every status an event starts from', () => {
    expect(DEPOSIT_ORDER.events.filter((event) => drivers[event] === undefined)).toEqual([]);
    expect(statuses.filter((status) => setUp[status] === undefined)).toEqual([]);
    expect(pairs.length).toBeGreaterThan(0);
  });

  it.each(pairs)(
    '$status: $a and $b at once',
    async ({ status, a, b }) => {
      expect({ a: drivers[a] !== undefined, b: drivers[b] !== undefined, start: setUp[status] !== undefined }).toEqual({
        a: true,
        b: true,
        start: true,
      });
      for (let round = 0; round < ROUNDS; round += 1) await raceRound(status, a, b, round);
    },
    120_000,
  );
});
