import { sql } from 'kysely';
import { DEMO_RECEIVING_ACCOUNT } from '../../server/seed';
import { buildTestApp, createTestAgency, racing, type TestApp } from '../support/app';
import { addTestBankAccount, type TestPlayer } from '../support/players';
import { ledgerViolations } from '../support/ledgerInvariant';
import { loggedInOperator } from '../support/operators';
import { createTestPromotion, fundTestBonusPool } from '../support/promotions';
import {
  atOnce,
  forgetStatusLog,
  holds,
  installStatusLog,
  judgeRound,
  labelOf,
  movesOf,
  pairingOf,
  racePairs,
  statusLog,
  type Actor as RaceActor,
  type Driver,
} from '../support/raceMatrix';
import { loadConfig } from '../../server/config';
import { setRate } from '../../server/domain/agencies';
import { setReceivingAccount } from '../../server/domain/deposits';
import { balanceOf, voidPendingTransfer } from '../../server/domain/ledger';
import { hashPassword } from '../../server/domain/passwords';
import { createSession, SESSION_COOKIE } from '../../server/domain/players';
import { BONUS_POOL } from '../../server/domain/promotions';
import { PROMOTION_USAGE, type UsageEvent } from '../../server/domain/promotions/lifecycle';
import { ensureMember } from '../../server/domain/providerWallets';
import { signWebhook, type PaymentPaidEventBody } from '../../server/adapters/payment';
import { rigSpins, spin } from '../../server/sandbox/providers/books';
import { PROMOTION_USAGE_IN_PROGRESS, type PromotionUsageStatus } from '../../contract/promotions';

/**
 * The promotion usage's race matrix, drawn from its transition table: for every status and every
 * two events the table lets start from it (an event with itself too), a fresh usage is brought to
 * that status and the two actions run at once through their real entry points, ROUNDS times, on
 * an app whose pool lets every transaction be open at once. A new transition is raced here once
 * its event has a driver; an event without one fails the suite. A usage put back in progress
 * (reopen) also races the player taking another promotion, the one-in-progress rule's other writer.
 *
 * What each round proves: the usage moved only along the table; of two conflicting events exactly
 * one took effect, or both when the table lets the second follow the first; no event was lost that
 * the usage could still take; every actor answered as it may (a refusal is a 4xx with its code, a
 * 5xx never) and no answer claims an effect that did not happen; the ledger balances; and the bonus
 * pool agrees with how the usage ended: the bonus taken from it once for a usage brought into use,
 * and a cancelled bonus taken back once, never for a usage that ended otherwise.
 */

const ROUNDS = 10;
const SECRET = 'promotion-usage-races-secret';
const PASSWORD = 'correct-horse-9';
/** The test promotion's deposit: 64.000 LAK buys 100.00 THB at the sell rate of 640, and a 100% bonus of 100.00 THB. */
const AMOUNT = '64000';
/** With the turnover met (400 THB bet from 1,000), the 600 THB left is the most the promotion pays out (300% of 200). */
const WHOLE_CREDIT = '600.00';

let t: TestApp;
let agencyId: string;
let passwordHash: string;
let operators: [string, string];

beforeAll(async () => {
  const defaults = loadConfig({});
  // No withdrawal is paid out automatically: each waits for an operator, as a reopen needs.
  t = await buildTestApp({
    laoqrWebhookSecret: SECRET,
    providerTimeoutMs: 1500,
    laoqrGatewayTimeoutMs: 3000,
    withdrawals: { ...defaults.withdrawals, minSatang: 1_00n, autoApproveSatang: 0n, dailyLimit: 1000 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  agencyId = (await createTestAgency(t, 'usage-races', ['localhost', '127.0.0.1'])).id;
  await setRate(t.db, agencyId, 'THB', '600', '640', 'test');
  await setReceivingAccount(t.db, agencyId, DEMO_RECEIVING_ACCOUNT);
  await fundTestBonusPool(t.db, agencyId);
  operators = [
    await loggedInOperator(t, agencyId, { username: 'usage-race-owner' }),
    await loggedInOperator(t, agencyId, { username: 'usage-race-second' }),
  ];
  passwordHash = await hashPassword(PASSWORD);
  await installStatusLog(t.db, 'promotion_usages');
});
afterEach(async () => {
  await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
  await setBankFault('payout', 'none');
});
afterAll(() => t.close());

// ---- the entry points and the state helpers ----

let serial = 0;
const nextKey = () => `usage-race-${(serial += 1)}-${Date.now()}`;
const randomId = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2)}${(serial += 1)}`;

/** A player with a session and a bank account; the password hashed once for the file. */
async function newPlayer(): Promise<TestPlayer> {
  const username = randomId('u').slice(0, 20);
  const row = await t.db
    .insertInto('players')
    .values({ agency_id: agencyId, username, password_hash: passwordHash, display_name: username })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addTestBankAccount(t.db, agencyId, row.id);
  const token = await createSession(t.db, row.id, agencyId, 24);
  return { id: row.id, username, password: PASSWORD, cookie: `${SESSION_COOKIE}=${token}` };
}

/** t.app is the racing app while a pair runs, so every request goes through it. */
const asPlayer = (player: TestPlayer, url: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2${url}`,
    headers: { host: 'localhost', cookie: player.cookie, 'idempotency-key': nextKey() },
    ...(payload && { payload }),
  });

const asOperator = (slot: 0 | 1, url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/admin${url}`,
    headers: { host: 'localhost', cookie: operators[slot], 'idempotency-key': nextKey(), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

interface BankPayment {
  transactionId: string;
  eventId: string;
  paidAt: string;
}

/** The gateway's signed notice of a payment of the bill. */
function webhook(billNumber: string, payment: BankPayment) {
  const event: PaymentPaidEventBody = {
    id: payment.eventId,
    type: 'payment.paid',
    createdAt: new Date().toISOString(),
    data: { billNumber, amount: AMOUNT, currency: 'LAK', transactionId: payment.transactionId, paidAt: payment.paidAt },
  };
  const raw = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/webhooks/laoqr',
    headers: { 'content-type': 'application/json', ...signWebhook(raw, SECRET) },
    payload: raw,
  });
}

/** Pays the QR at the sandbox bank, its notice held back for the actors (or the set-up) to bring. */
async function payAtBank(payload: string): Promise<BankPayment> {
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/bank/api/payments', payload: { payload, noticeLost: true } });
  expect(res.statusCode).toBe(201);
  return res.json().payment;
}

async function setBankFault(operation: 'payout', mode: 'none' | 'decline') {
  const res = await t.app.inject({ method: 'PUT', url: '/sandbox/bank/api/faults', payload: { operation, mode } });
  expect(res.statusCode).toBe(200);
}

async function setProviderDown(down: boolean) {
  const res = down
    ? await t.app.inject({
        method: 'POST',
        url: '/sandbox/providers/askmebet/faults',
        payload: { mode: 'error', operations: ['createMember', 'transfer'] },
      })
    : await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
  expect(res.statusCode).toBe(204);
}

const walletDeps = () => ({ db: t.db, providers: t.app.providers });
const memberOf = (race: Race) => ensureMember(walletDeps(), { agencyId, playerId: race.player.id, provider: 'askmebet' });

/** The player's wallet at the sandbox provider becomes this (as wins would make it). */
async function setCredit(race: Race, satang: bigint) {
  const member = await memberOf(race);
  await t.db
    .updateTable('sandbox_provider_wallets')
    .set({ balance: satang })
    .where('provider', '=', 'askmebet')
    .where('member', '=', member)
    .execute();
}

/** Bets `stake` satang on losing reels: turnover, and the credit falls by it. */
async function bet(race: Race, stake: bigint) {
  const member = await memberOf(race);
  await rigSpins(t.db, 'askmebet', member, [['SEVEN', 'STAR', 'HEART']]);
  expect((await spin(t.db, { provider: 'askmebet', member, gameCode: 'champa-slot', language: 'lo' }, 'champa-slot', stake)).payout).toBe(
    0n,
  );
}

/** Resolves once the order's credit has landed at the provider or failed: the order is no longer PAID. */
async function creditSettled(code: string) {
  for (;;) {
    const order = await t.db.selectFrom('deposit_orders').select('status').where('code', '=', code).executeTakeFirstOrThrow();
    if (order.status !== 'PAID') return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const usageRow = (id: string) => t.db.selectFrom('promotion_usages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const pool = () => balanceOf(t.db, agencyId, BONUS_POOL);

/** A usage brought to a race's start status, with what its actors need. */
interface Race {
  player: TestPlayer;
  promotionId: string;
  usageId: string;
  /** The deposit order that takes (or took) the usage. */
  code?: string;
  /** The bank's payment of that order, its notice held back for the deposit actors. */
  bankPayment?: BankPayment;
  /** The withdrawal that completed the usage (a SUCCESS start). */
  withdrawalCode?: string;
  /** Another live promotion, for a take racing a reopen. */
  otherPromotionId?: string;
  /** Its deposit is PAID but the credit never reached the provider. */
  stuck?: boolean;
}

/**
 * What an actor needs of the start state: its deposit's payment made (and the order past its expiry,
 * so a cancel or a recheck may act on the usage meanwhile), the promotion switched off, the deposit
 * stuck before the provider, the turnover met with credit to withdraw, the credit below the
 * promotion's threshold, the payout declined at the bank, another promotion to take.
 */
type Need = 'payment' | 'switchedOff' | 'stuck' | 'turnoverMet' | 'lowCredit' | 'payoutDeclines' | 'otherPromotion';

async function takenRace(): Promise<Race> {
  const player = await newPlayer();
  const promotion = await createTestPromotion(t.db, agencyId);
  const res = await asPlayer(player, '/promotions/use', { promotionId: promotion.id, providerId: 'askmebet' });
  expect(res.statusCode).toBe(200);
  return { player, promotionId: promotion.id, usageId: res.json().usage.usageId };
}

async function orderPaidAtBank(race: Race) {
  const opened = await asPlayer(race.player, '/deposits', { provider: 'askmebet', amount: AMOUNT });
  expect(opened.statusCode).toBe(201);
  race.code = opened.json().order.code;
  race.bankPayment = await payAtBank(opened.json().qr.payload);
}

/** A USED usage: its deposit paid and credited, or stuck PAID with the credit never at the provider. */
async function usedRace(needs: Set<Need>): Promise<Race> {
  const race = await takenRace();
  await orderPaidAtBank(race);
  if (needs.has('stuck')) await setProviderDown(true);
  expect((await webhook(race.code!, race.bankPayment!)).json().outcome).toBe('paid');
  if (needs.has('stuck')) {
    race.stuck = true;
    await setProviderDown(false);
    const inFlight = await t.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('status', '=', 'PENDING')
      .where(sql<boolean>`refs->>'deposit' = ${race.code!}`)
      .execute();
    for (const { id } of inFlight) await t.db.transaction().execute((trx) => voidPendingTransfer(trx, agencyId, id, 'NOT_RECEIVED'));
  }
  expect((await usageRow(race.usageId)).status).toBe('USED');
  if (needs.has('turnoverMet')) {
    await setCredit(race, 1000_00n);
    await bet(race, 400_00n);
  } else if (needs.has('lowCredit')) {
    await setCredit(race, 195_00n);
    await bet(race, 190_00n);
  }
  return race;
}

const setUp: Partial<Record<PromotionUsageStatus, (needs: Set<Need>) => Promise<Race>>> = {
  ACTIVE: async (needs) => {
    const race = await takenRace();
    if (needs.has('payment')) {
      await orderPaidAtBank(race);
      await t.db
        .updateTable('deposit_orders')
        .set({ expires_at: sql<Date>`now()` })
        .where('code', '=', race.code!)
        .execute();
    }
    if (needs.has('switchedOff'))
      await t.db.updateTable('promotions').set({ status: 'INACTIVE' }).where('id', '=', race.promotionId).execute();
    return race;
  },
  USED: (needs) => usedRace(needs),
  // The SUCCESS a reopen starts from: the whole credit withdrawn under the promotion's rules, the withdrawal OPEN.
  SUCCESS: async (needs) => {
    const race = await usedRace(new Set(['turnoverMet']));
    const res = await asPlayer(race.player, '/withdrawals', { provider: 'askmebet', amount: WHOLE_CREDIT });
    expect(res.statusCode).toBe(201);
    race.withdrawalCode = res.json().withdrawal.code;
    expect(await usageRow(race.usageId)).toMatchObject({ status: 'SUCCESS', end_reason: 'WITHDRAWN' });
    if (needs.has('payoutDeclines')) await setBankFault('payout', 'decline');
    if (needs.has('otherPromotion')) race.otherPromotionId = (await createTestPromotion(t.db, agencyId)).id;
    return race;
  },
};

// ---- the drivers: each event's actors, through their real entry points ----

interface Actor extends RaceActor<Race> {
  needs?: Need[];
}

const allowed = (actor: Actor, race: Race) => (typeof actor.answers === 'function' ? actor.answers(race) : actor.answers);

/** The player's recheck: it reports the usage as it then is, having ended it or not. */
const recheck = (name: string, needs: Need[]): Actor => ({
  name,
  needs,
  answers: ['200 ACTIVE', '200 INACTIVE', '200 USED', '200 SUCCESS', '200 CANCELED', '200 none'],
  run: async (race) => {
    const res = await asPlayer(race.player, '/promotions/usages/recheck');
    return { answer: res.statusCode === 200 ? `200 ${res.json().usage?.status ?? 'none'}` : labelOf(res) };
  },
});

/** The payment of the usage's deposit: the gateway's notice, or the player's check asking the gateway. */
const paymentActors: Actor[] = [
  {
    name: 'the gateway webhook',
    needs: ['payment'],
    answers: ['200 paid', '200 duplicate'],
    run: async (race) => {
      const res = await webhook(race.code!, race.bankPayment!);
      return { answer: `${labelOf(res)} ${res.json().outcome}` };
    },
  },
  {
    name: "the player's check of the deposit",
    needs: ['payment'],
    answers: ['200 SUCCESS'],
    run: async (race) => {
      const res = await asPlayer(race.player, `/deposits/${race.code!}/check`);
      return { answer: res.statusCode === 200 ? `200 ${res.json().order.status}` : labelOf(res) };
    },
  },
];

const actorsOf: Partial<Record<UsageEvent, Actor[]>> = {
  deposit: paymentActors,
  promotionEnded: [recheck("the player's recheck of a switched-off promotion", ['switchedOff'])],
  cancel: [
    {
      // A cancel racing a withdrawal of the same credit finds it gone: the provider refuses the take.
      // While the deposit's credit is not at the provider there is no bonus there to take back.
      name: "the player's cancel",
      answers: (race) => [
        '200',
        '409 PROMOTION_USAGE_NOT_CANCELABLE',
        '409 INSUFFICIENT_CREDIT',
        ...(race.stuck ? ['409 PROMOTION_DEPOSIT_CREDITING'] : []),
      ],
      exclusive: true,
      run: async (race) => {
        const cancel = async () => labelOf(await asPlayer(race.player, '/promotions/usages/cancel', { usageId: race.usageId }));
        let answer = await cancel();
        // Told to wait while a racing payment's credit is on its way, the player asks again once it has landed.
        if (answer === '409 PROMOTION_DEPOSIT_CREDITING' && !race.stuck) {
          await creditSettled(race.code!);
          answer = await cancel();
        }
        return { answer, claims: answer === '200' };
      },
    },
  ],
  complete: [
    recheck("the player's recheck, the turnover met", ['turnoverMet']),
    {
      name: "the player's withdrawal of the whole credit",
      needs: ['turnoverMet'],
      answers: ['201', '409 INSUFFICIENT_CREDIT', '409 PROMOTION_WITHDRAW_WHOLE_CREDIT', '409 PROMOTION_CREDIT_TOO_LOW'],
      exclusive: true,
      run: async (race) => {
        const res = await asPlayer(race.player, '/withdrawals', { provider: 'askmebet', amount: WHOLE_CREDIT });
        const withdrawal =
          res.statusCode === 201
            ? await t.db
                .selectFrom('withdrawals')
                .select('promotion_usage_id')
                .where('code', '=', res.json().withdrawal.code)
                .executeTakeFirst()
            : undefined;
        return { answer: labelOf(res), claims: withdrawal?.promotion_usage_id === race.usageId };
      },
    },
    {
      // Below the threshold a new deposit ends the usage and goes ahead without one; two at once: one is the second open order.
      name: "the player's new deposit, the credit below the threshold",
      needs: ['lowCredit'],
      answers: ['201', '409 OPEN_ORDER', '409 PROMOTION_CREDIT_USED'],
      run: async (race) => ({ answer: labelOf(await asPlayer(race.player, '/deposits', { provider: 'askmebet', amount: '100000' })) }),
    },
  ],
  reopen: [
    {
      name: "an operator's rejection of the withdrawal",
      answers: ['200 REJECTED', '409 WITHDRAWAL_NOT_OPEN'],
      exclusive: true,
      run: async (race, slot) => {
        const res = await asOperator(slot, `/withdrawals/${race.withdrawalCode!}/reject`, { reason: 'checking the account' });
        const answer = res.statusCode === 200 ? `200 ${res.json().withdrawal.status}` : labelOf(res);
        return { answer, claims: answer === '200 REJECTED' };
      },
    },
    {
      name: "an operator's approval, the payout declined",
      needs: ['payoutDeclines'],
      answers: ['200 FAILED', '409 WITHDRAWAL_NOT_OPEN'],
      exclusive: true,
      run: async (race, slot) => {
        const res = await asOperator(slot, `/withdrawals/${race.withdrawalCode!}/approve`, {});
        const answer = res.statusCode === 200 ? `200 ${res.json().withdrawal.status}` : labelOf(res);
        return { answer, claims: answer === '200 FAILED' };
      },
    },
  ],
  refund: [
    {
      name: "an operator's refund of the stuck deposit",
      needs: ['stuck'],
      answers: ['200 FAILED', '409 DEPOSIT_NOT_STUCK'],
      exclusive: true,
      run: async (race, slot) => {
        const res = await asOperator(slot, `/deposits/${race.code!}/refund`, { reason: 'the player wants the money back' });
        return { answer: res.statusCode === 200 ? `200 ${res.json().deposit.status}` : labelOf(res) };
      },
    },
  ],
};

/** The player taking another promotion: the other way a usage comes into progress. */
const take: Actor = {
  name: "the player's take of another promotion",
  needs: ['otherPromotion'],
  answers: ['200', '409 PROMOTION_USAGE', '409 PROMOTION_CREDIT_USED'],
  exclusive: true,
  run: async (race) => {
    const answer = labelOf(await asPlayer(race.player, '/promotions/use', { promotionId: race.otherPromotionId!, providerId: 'askmebet' }));
    return { answer, claims: answer === '200' };
  },
};

// ---- the matrix, from the table ----

const drivers: Partial<Record<UsageEvent, Driver<Race, UsageEvent>>> = Object.fromEntries(
  Object.entries(actorsOf).map(([event, actors]) => [event, { actors }]),
);
const { statuses, pairs } = racePairs(PROMOTION_USAGE);
/** The events that put an ended usage back in progress, where a new take may be racing for the player's one slot. */
const reentries = statuses.flatMap((status) =>
  PROMOTION_USAGE.events
    .filter(
      (event) =>
        !PROMOTION_USAGE_IN_PROGRESS.includes(status) && PROMOTION_USAGE_IN_PROGRESS.includes(PROMOTION_USAGE.transitions[event].to),
    )
    .filter((event) => PROMOTION_USAGE.next(status, event) !== undefined)
    .map((event) => ({ status, event })),
);
/** What the ledger holds for the usage agrees with how it ended: the bonus out of the pool once, a forfeit back once. */
async function booksAgree(race: Race, where: string) {
  const usage = await usageRow(race.usageId);
  const transfers = await t.db
    .selectFrom('ledger_transfers')
    .select(['kind', 'status'])
    .where('status', '=', 'POSTED')
    .where('kind', 'in', ['PROMOTION_BONUS', 'PROMOTION_FORFEIT'])
    .where(sql<boolean>`refs->>'usage' = ${race.usageId}`)
    .execute();
  const forfeits = transfers.filter((transfer) => transfer.kind === 'PROMOTION_FORFEIT').length;
  const bonuses = transfers.filter((transfer) => transfer.kind === 'PROMOTION_BONUS').length;
  const refunded = race.code
    ? (await t.db.selectFrom('deposit_orders').select('failure_code').where('code', '=', race.code).executeTakeFirstOrThrow())
        .failure_code === 'REFUNDED'
    : false;
  const bonus = BigInt(usage.bonus_satang ?? 0);
  const forfeited = forfeits === 1 ? BigInt(usage.cancel_take_satang ?? 0) : 0n;
  const books = {
    where,
    status: usage.status,
    bonuses,
    forfeits,
    ledgerViolations: await ledgerViolations(t.db),
  };
  expect(books).toEqual({
    where,
    status: usage.status,
    bonuses: usage.bonus_satang === null || bonus === 0n ? 0 : 1,
    // A usage's bonus is taken back only by its cancel (its credit still at the provider), and only once.
    forfeits: usage.status === 'CANCELED' && !refunded && forfeited > 0n ? 1 : 0,
    ledgerViolations: [],
  });
  return { bonus, forfeited, refunded };
}

async function raceRound(status: PromotionUsageStatus, a: UsageEvent, b: UsageEvent, round: number) {
  const { actors } = pairingOf(drivers, a, b, round);
  const [actorA, actorB] = actors as readonly [Actor, Actor];
  const race = await setUp[status]!(new Set([...(actorA.needs ?? []), ...(actorB.needs ?? [])]));
  await forgetStatusLog(t.db, race.usageId);
  const poolBefore = await pool();
  const { outcomes, bFirst } = await atOnce(race, actors);
  const where = `${status}: ${a} by ${actorA.name} | ${b} by ${actorB.name}${bFirst ? ' (started second)' : ''}, round ${round + 1}`;
  const { bonus, forfeited, refunded } = await booksAgree(race, where);
  const log = await statusLog<PromotionUsageStatus>(t.db, race.usageId);
  const final = (await usageRow(race.usageId)).status;
  const took = judgeRound(PROMOTION_USAGE, drivers, { race, where, start: status, a, b, log, final, actors, outcomes });
  // The pool, over the round: the bonus out when the usage came into use in it, a forfeit or a refund's bonus back.
  const expectedPool = poolBefore - (took.includes('deposit') ? bonus : 0n) + forfeited + (refunded ? bonus : 0n);
  holds((await pool()) === expectedPool, { where, took, pool: `${await pool()}`, expectedPool: `${expectedPool}` });
  await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
  await setBankFault('payout', 'none');
}

/** A usage put back in progress races a new take: the player ends with exactly one usage in progress. */
async function reentryRound(status: PromotionUsageStatus, event: UsageEvent, round: number) {
  const actors = actorsOf[event]!;
  const actor = actors[round % actors.length];
  const where = `${status}: ${event} by ${actor.name} | a take, round ${round + 1}`;
  const race = await setUp[status]!(new Set([...(actor.needs ?? []), ...(take.needs ?? [])]));
  await forgetStatusLog(t.db, race.usageId);
  const [moved, took] = await (Math.random() < 0.5
    ? Promise.all([actor.run(race, 0), take.run(race, 0)])
    : Promise.all([take.run(race, 0), actor.run(race, 0)]).then(([second, first]) => [first, second]));
  const moves = movesOf(PROMOTION_USAGE, await statusLog<PromotionUsageStatus>(t.db, race.usageId), status, where);
  const inProgress = await t.db
    .selectFrom('promotion_usages')
    .select('id')
    .where('player_id', '=', race.player.id)
    .where('status', 'in', [...PROMOTION_USAGE_IN_PROGRESS])
    .execute();
  const summary = { where, moves, answers: [moved.answer, took.answer], inProgress: inProgress.length };
  holds(allowed(actor, race).includes(moved.answer) && allowed(take, race).includes(took.answer), summary);
  // The usage came back, or the new one was taken (a take refused by the credit returned leaves the usage back).
  holds(inProgress.length === 1 && (moves.length === 1) !== (took.answer === '200'), summary);
  expect(await ledgerViolations(t.db)).toEqual([]);
  await setBankFault('payout', 'none');
}

describe('the promotion usage race matrix, from its transition table', () => {
  it('has a driver for every event of the table, and a way to every status an event starts from', () => {
    expect(PROMOTION_USAGE.events.filter((event) => drivers[event] === undefined)).toEqual([]);
    expect(statuses.filter((status) => setUp[status] === undefined)).toEqual([]);
    expect(pairs.length).toBeGreaterThan(0);
    expect(reentries.length).toBeGreaterThan(0);
  });

  it.each(pairs)(
    '$status: $a and $b at once',
    async ({ status, a, b }) => {
      await racing(t, async () => {
        for (let round = 0; round < ROUNDS; round += 1) await raceRound(status, a, b, round);
      });
    },
    120_000,
  );

  it.each(reentries)(
    '$status: $event and a take of another promotion at once',
    async ({ status, event }) => {
      await racing(t, async () => {
        for (let round = 0; round < ROUNDS; round += 1) await reentryRound(status, event, round);
      });
    },
    120_000,
  );
});
