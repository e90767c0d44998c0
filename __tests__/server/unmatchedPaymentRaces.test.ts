import { sql } from 'kysely';
import type { TestApp } from '../support/app';
import { payAtBank, racingAgency, setRefundFault as setRefundFaultAt, type RacingAgency } from '../support/racingAgency';
import { createTestPlayerWithBank, type TestPlayer } from '../support/players';
import { ledgerViolations } from '../support/ledgerInvariant';
import {
  atOnce,
  forgetStatusLog,
  holds,
  judgeRound,
  labelOf,
  movesOf,
  pairingOf,
  racePairs,
  statusLog,
  type Driver,
} from '../support/raceMatrix';
import { reconcileRefunds, refundRefOf } from '../../server/domain/deposits';
import { REFUND, UNMATCHED_PAYMENT, type RefundEvent, type UnmatchedPaymentEvent } from '../../server/domain/deposits/lifecycle';
import type { DEPOSIT_REFUND_STATUSES, UNMATCHED_PAYMENT_STATUSES } from '../../contract/adminDeposits';

/**
 * The unmatched payment's race matrix, drawn from its transition table, with the refund's moves it
 * causes: for every status and every two events that start from it, a fresh payment kept for the
 * review is brought to that status and two actors run at once through their real entry points, on an
 * app whose pool lets their transactions meet inside PostgreSQL. Two operators crediting it to a
 * player, refunding it, or one of each: exactly one resolves it, the other gets 409. A refund the
 * gateway then refuses, recorded by the reconciler and by the operator's replay at once: the payment
 * is back in the queue once. Each round's books: the payment credited once at the provider or
 * refunded once at the bank, never both; the refund moved only along its own table; the ledger balances.
 *
 * The refund's own matrix, from its table, follows: a PENDING refund answered by the gateway to the
 * reconciler and to the operator's replay at once (refunded twice, or refused twice: the gateway
 * answers one ref one way, so refunded and refused never meet), and a refused refund asked for again
 * by two operators at once.
 */

type PaymentStatus = (typeof UNMATCHED_PAYMENT_STATUSES)[number];
type RefundStatus = (typeof DEPOSIT_REFUND_STATUSES)[number];

const ROUNDS = 10;
const SECRET = 'unmatched-races-webhook-secret';
/** The order asks 100.000 LAK; the payer sends this instead, so the payment is kept for review. */
const PAID_KIP = '123456';

let racing: RacingAgency;
let t: TestApp;
let agencyId: string;

beforeAll(async () => {
  racing = await racingAgency('unmatched', { laoqrWebhookSecret: SECRET, providerTimeoutMs: 1500, laoqrGatewayTimeoutMs: 3000 }, [
    'deposit_unmatched_payments',
    'deposit_refunds',
  ]);
  ({ t, agencyId } = racing);
});
afterEach(() => setRefundFault('none'));
afterAll(() => t.close());

// ---- the entry points and the state helpers ----

const sendRefund = (slot: 0 | 1, race: Race, key?: string) =>
  asOperator(slot, race.id, 'refund', { reason: 'payer asked for it back' }, key);

let serial = 0;
const nextKey = () => `unmatched-race-${(serial += 1)}-${Date.now()}`;

interface Race {
  id: string;
  transactionId: string;
  /** The player an operator's credit names. */
  target: TestPlayer;
  /** The Idempotency-Key of the refund the payment is RESOLVED (REFUNDING) by. */
  refundKey?: string;
}

type Need = 'pendingRefund';

const asOperator = (slot: 0 | 1, id: string, action: 'credit' | 'refund', payload: object, key = nextKey()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/admin/deposits/unmatched/${id}/${action}`,
    headers: { host: 'localhost', cookie: racing.operators[slot], 'idempotency-key': key, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

const setRefundFault = (mode: 'none' | 'error' | 'decline') => setRefundFaultAt(racing, mode);

/** A payment of the wrong amount for a new player's order, paid at the sandbox bank and kept for review. */
async function unmatchedPayment(): Promise<Race> {
  const payer = await createTestPlayerWithBank(t.db, agencyId);
  const opened = await t.app.inject({
    method: 'POST',
    url: '/api/v2/deposits',
    headers: { cookie: payer.cookie, 'idempotency-key': nextKey() },
    payload: { provider: 'askmebet', amount: '100000' },
  });
  expect(opened.statusCode).toBe(201);
  await payAtBank(racing, opened.json().qr.payload, { amount: PAID_KIP });
  const row = await t.db
    .selectFrom('deposit_unmatched_payments')
    .select(['id', 'transaction_id', 'status'])
    .where('bill_number', '=', opened.json().order.code)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe('UNRESOLVED');
  return { id: row.id, transactionId: row.transaction_id, target: await createTestPlayerWithBank(t.db, agencyId) };
}

/** How a fresh payment is brought to each status an event starts from. */
const setUp: Partial<Record<PaymentStatus, (needs: Set<Need>) => Promise<Race>>> = {
  UNRESOLVED: () => unmatchedPayment(),
  // Refunding: the gateway erred before refunding, so the refund is PENDING; it then declines it.
  RESOLVED: async (needs) => {
    expect([...needs]).toEqual(['pendingRefund']);
    const race = await unmatchedPayment();
    await setRefundFault('error');
    race.refundKey = nextKey();
    const res = await sendRefund(0, race, race.refundKey);
    expect(res.statusCode).toBe(200);
    expect(await refundsOf(race)).toEqual([expect.objectContaining({ status: 'PENDING' })]);
    await setRefundFault('decline');
    return race;
  },
};

const refundsOf = (race: Race) =>
  t.db.selectFrom('deposit_refunds').select(['id', 'status']).where('unmatched_payment_id', '=', race.id).execute();

// ---- the drivers: each event's actors, through their real entry points ----

/**
 * A PENDING refund's answer from the gateway, recorded by the reconciler or by the refund's own
 * request again (its key), which asks the gateway and answers what it said or, once an answer is
 * recorded, the payment as it now is.
 */
const gatewayAnswers = (answers: string[]) => [
  {
    name: 'the reconciler',
    answers: ['done'],
    run: async () => {
      await reconcileRefunds({ db: t.db, gateway: t.app.laoqrGateway }, { olderThanMs: 0 });
      return { answer: 'done' };
    },
  },
  {
    name: "the operator's replay of the refund",
    answers,
    run: async (race: Race, slot: 0 | 1) => ({ answer: labelOf(await sendRefund(slot, race, race.refundKey)) }),
  },
];

const drivers: Partial<Record<UnmatchedPaymentEvent, Driver<Race, UnmatchedPaymentEvent, Need>>> = {
  resolve: {
    actors: [
      {
        name: "an operator's credit to a player",
        answers: ['200', '409 PAYMENT_ALREADY_RESOLVED'],
        exclusive: true,
        run: async (race, slot) => {
          const body = { playerId: race.target.id, provider: 'askmebet', reason: 'paid the wrong amount, confirmed by phone' };
          const answer = labelOf(await asOperator(slot, race.id, 'credit', body));
          return { answer, claims: answer === '200' };
        },
      },
      {
        name: "an operator's refund to the payer",
        answers: ['200', '409 PAYMENT_ALREADY_RESOLVED'],
        exclusive: true,
        run: async (race, slot) => {
          const answer = labelOf(await sendRefund(slot, race));
          return { answer, claims: answer === '200' };
        },
      },
    ],
  },
  refundRefused: { needs: ['pendingRefund'], actors: gatewayAnswers(['502 REFUND_FAILED', '200']) },
};

// ---- the matrix, from the table ----

const { statuses, pairs } = racePairs(UNMATCHED_PAYMENT);

/** The bank's, the provider's and the ledger's books agree with how the payment ended; its refund moved along its table. */
async function booksAgree(race: Race, where: string) {
  const payment = await t.db.selectFrom('deposit_unmatched_payments').selectAll().where('id', '=', race.id).executeTakeFirstOrThrow();
  const credited = payment.resolution === 'CREDITED';
  const refunded = payment.resolution === 'REFUNDED';
  const creditedOrder =
    payment.credited_order_id === null
      ? undefined
      : await t.db.selectFrom('deposit_orders').select(['code', 'status']).where('id', '=', payment.credited_order_id).executeTakeFirst();
  const atProvider = creditedOrder
    ? await t.db
        .selectFrom('sandbox_provider_transfers')
        .select('ref')
        .where('status', '=', 'SUCCESS')
        .where('ref', '=', creditedOrder.code)
        .execute()
    : [];
  const atBank = await t.db.selectFrom('sandbox_bank_refunds').select('ref').where('ref', '=', refundRefOf(race.transactionId)).execute();
  const ledgerRefunds = await t.db
    .selectFrom('ledger_transfers')
    .select('id')
    .where('kind', '=', 'PAYMENT_REFUND')
    .where(sql<boolean>`refs->>'refundRef' = ${refundRefOf(race.transactionId)}`)
    .execute();
  expect({
    where,
    creditedOrder: creditedOrder?.status,
    providerSuccesses: atProvider.length,
    bankRefunds: atBank.length,
    ledgerRefunds: ledgerRefunds.length,
    ledgerViolations: await ledgerViolations(t.db),
  }).toEqual({
    where,
    creditedOrder: credited ? 'SUCCESS' : undefined,
    providerSuccesses: credited ? 1 : 0,
    bankRefunds: refunded ? 1 : 0,
    ledgerRefunds: refunded ? 1 : 0,
    ledgerViolations: [],
  });
  const refunds = await refundsOf(race);
  holds(refunds.length <= 1 && refunds.every((refund) => (refund.status === 'PAID') === refunded), { where, refunds });
}

async function raceRound(status: PaymentStatus, a: UnmatchedPaymentEvent, b: UnmatchedPaymentEvent, round: number) {
  const { actors } = pairingOf(drivers, a, b, round);
  const race = await setUp[status]!(new Set([...(drivers[a]!.needs ?? []), ...(drivers[b]!.needs ?? [])]));
  await forgetStatusLog(t.db, race.id);
  const { outcomes, bFirst } = await atOnce(race, actors);
  const where = `${status}: ${a} by ${actors[0].name} | ${b} by ${actors[1].name}${bFirst ? ' (started second)' : ''}, round ${round + 1}`;
  await booksAgree(race, where);
  const log = await statusLog<PaymentStatus>(t.db, race.id);
  const final = (await t.db.selectFrom('deposit_unmatched_payments').select('status').where('id', '=', race.id).executeTakeFirstOrThrow())
    .status;
  judgeRound(UNMATCHED_PAYMENT, drivers, { race, where, start: status, a, b, log, final, actors, outcomes });
  // A refund is created PENDING: what it went through since must be moves of its table, at most one.
  for (const refund of await refundsOf(race))
    holds(movesOf(REFUND, await statusLog(t.db, refund.id), 'PENDING', where).length <= 1, { where, refund });
  await setRefundFault('none');
}

describe('the unmatched payment race matrix, from its transition table', () => {
  it('has a driver for every event of the table, and a way to every status an event starts from', () => {
    expect(UNMATCHED_PAYMENT.events.filter((event) => drivers[event] === undefined)).toEqual([]);
    expect(statuses.filter((status) => setUp[status] === undefined)).toEqual([]);
    expect(pairs.length).toBeGreaterThan(0);
  });

  it.each(pairs)(
    '$status: $a and $b at once',
    async ({ status, a, b }) => {
      for (let round = 0; round < ROUNDS; round += 1) await raceRound(status, a, b, round);
    },
    180_000,
  );
});

// ---- the refund's own matrix ----

/** What the gateway does with the refund's ref when asked next. */
type Gateway = 'refunds' | 'declines';
type RefundRace = Race & { refundId: string };

/** A refund of a payment kept for review, PENDING: the gateway erred before refunding; it then refunds or declines. */
async function pendingRefund(gateway: Gateway): Promise<RefundRace> {
  const race = await setUp.RESOLVED!(new Set(['pendingRefund']));
  await setRefundFault(gateway === 'refunds' ? 'none' : 'decline');
  return { ...race, refundId: (await refundsOf(race))[0].id };
}

/** A refund the gateway refused: FAILED, its payment back in the queue; the gateway now refunds. */
async function refusedRefund(): Promise<RefundRace> {
  const race = await pendingRefund('declines');
  await reconcileRefunds({ db: t.db, gateway: t.app.laoqrGateway }, { olderThanMs: 0 });
  expect(await refundsOf(race)).toEqual([{ id: race.refundId, status: 'FAILED' }]);
  await setRefundFault('none');
  return race;
}

type RefundNeed = Gateway;

const refundStarts: Partial<Record<RefundStatus, (needs: Set<RefundNeed>) => Promise<RefundRace>>> = {
  PENDING: (needs) => pendingRefund(needs.has('declines') ? 'declines' : 'refunds'),
  FAILED: () => refusedRefund(),
};

const refundDrivers: Partial<Record<RefundEvent, Driver<RefundRace, RefundEvent, RefundNeed>>> = {
  refunded: { needs: ['refunds'], actors: gatewayAnswers(['200']) },
  refused: { needs: ['declines'], actors: gatewayAnswers(['502 REFUND_FAILED', '200']) },
  askAgain: {
    then: ['refunded'],
    actors: [
      {
        name: "an operator's new refund of the payment back in the queue",
        answers: ['200', '409 PAYMENT_ALREADY_RESOLVED'],
        exclusive: true,
        run: async (race, slot) => {
          const answer = labelOf(await sendRefund(slot, race));
          return { answer, claims: answer === '200' };
        },
      },
    ],
  },
};

const refundMatrix = racePairs(REFUND);
/** Pairs whose events need the gateway to answer one ref both ways: they cannot meet. */
const cannotMeet = (a: RefundEvent, b: RefundEvent) => {
  const needs = new Set([...(refundDrivers[a]!.needs ?? []), ...(refundDrivers[b]!.needs ?? [])]);
  return needs.has('refunds') && needs.has('declines');
};

async function refundRound(status: RefundStatus, a: RefundEvent, b: RefundEvent, round: number) {
  const { actors } = pairingOf(refundDrivers, a, b, round);
  const race = await refundStarts[status]!(new Set([...(refundDrivers[a]!.needs ?? []), ...(refundDrivers[b]!.needs ?? [])]));
  await forgetStatusLog(t.db, race.refundId);
  const { outcomes, bFirst } = await atOnce(race, actors);
  const where = `refund ${status}: ${a} by ${actors[0].name} | ${b} by ${actors[1].name}${bFirst ? ' (started second)' : ''}, round ${
    round + 1
  }`;
  await booksAgree(race, where);
  const log = await statusLog<RefundStatus>(t.db, race.refundId);
  const [refund] = await refundsOf(race);
  judgeRound(REFUND, refundDrivers, { race, where, start: status, a, b, log, final: refund.status, actors, outcomes });
  await setRefundFault('none');
}

describe('the refund race matrix, from its transition table', () => {
  it('has a driver for every event, a start for every status, and says which pairs cannot meet', () => {
    expect(REFUND.events.filter((event) => refundDrivers[event] === undefined)).toEqual([]);
    expect(refundMatrix.statuses.filter((status) => refundStarts[status] === undefined)).toEqual([]);
    expect(refundMatrix.pairs.filter(({ a, b }) => cannotMeet(a, b)).map(({ a, b }) => `${a} ${b}`)).toEqual(['refunded refused']);
  });

  it.each(refundMatrix.pairs.filter(({ a, b }) => !cannotMeet(a, b)))(
    '$status: $a and $b at once',
    async ({ status, a, b }) => {
      for (let round = 0; round < ROUNDS; round += 1) await refundRound(status, a, b, round);
    },
    180_000,
  );
});
