import { sql } from 'kysely';
import { buildTestApp, createTestAgency, racing, type TestApp } from '../support/app';
import { addTestBankAccount, fundTestCredit, type TestPlayer } from '../support/players';
import { ledgerViolations } from '../support/ledgerInvariant';
import { loggedInOperator } from '../support/operators';
import {
  atOnce,
  forgetStatusLog,
  installStatusLog,
  judgeRound,
  racePairs,
  statusLog,
  type Actor as RaceActor,
} from '../support/raceMatrix';
import type { Database } from '../../server/db/database';
import { setRate } from '../../server/domain/agencies';
import { hashPassword } from '../../server/domain/passwords';
import { createSession, SESSION_COOKIE } from '../../server/domain/players';
import { reconcileWithdrawals, type WithdrawalDeps } from '../../server/domain/withdrawals';
import { WITHDRAWAL, type WithdrawalEvent } from '../../server/domain/withdrawals/lifecycle';
import { sendPayout } from '../../server/domain/withdrawals/payouts';
import type { WithdrawalRow } from '../../server/domain/withdrawals/repository';
import type { WithdrawalStatus } from '../../contract/withdrawals';

/**
 * The withdrawal's race matrix, drawn from its transition table: for every status and every two
 * events the table lets start from it (an event with itself too: two actors doing the same thing),
 * a fresh withdrawal is brought to that status and the two actions run at once through their real
 * entry points, on an app and a pool of their own (racing) so they race inside PostgreSQL. A new
 * transition in the table is raced here once its event has a driver; an event without one fails.
 *
 * Each pair runs ROUNDS rounds, or as many as it takes to run every variant once: every pairing of
 * the two events' actors; a start undecided (the operators decide) or with the payout claimed and
 * its answer unknown, the call having erred or timed out after the bank paid (the gateway's answer
 * and the reconciler settle it); one approval needed, the second of four-eyes, or both of
 * four-eyes; the bank paying or declining the payout (it decides once per ref, so pay and
 * payoutFailed race only through which answer it gives).
 *
 * What each round proves: the withdrawal moved only along the table, by exactly one of the two
 * events; none was lost that it could still take; every actor answered as it may (a refusal is a
 * 409 with its code, a background actor just finds nothing to do) and no answer claims an effect
 * that did not happen; the ledger balances; and the bank's and the provider's books agree with the
 * withdrawal: one payout for a SUCCESS, a declined one for a FAILED, none for a REJECTED, and the
 * credit taken once and, for REJECTED or FAILED, given back exactly once at the provider.
 */

const ROUNDS = 10;
const PASSWORD = 'correct-horse-9';
/** Above the auto-approve limit (5.000 THB), so an operator decides; below the four-eyes amount. */
const ONE_APPROVAL = '6000.00';
const FOUR_EYES = '8000';
/** At or above the four-eyes amount: two operators must approve. */
const TWO_APPROVALS = '9000.00';
const CREDIT_SATANG = 10_000_00n;
/** How long the app waits for the gateway: a payout's answer lost costs a round this much. */
const GATEWAY_TIMEOUT_MS = 1000;

let t: TestApp;
let agencyId: string;
let passwordHash: string;
/** Three operators of the agency: two at the desk at once, and one who gave an earlier approval. */
let operators: [string, string, string];

beforeAll(async () => {
  t = await buildTestApp({ providerTimeoutMs: 1500, laoqrGatewayTimeoutMs: GATEWAY_TIMEOUT_MS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  agencyId = (await createTestAgency(t, 'wdraces', ['localhost', '127.0.0.1'])).id;
  await setRate(t.db, agencyId, 'THB', '600', '640', 'test');
  const owner = await loggedInOperator(t, agencyId, { username: 'wd-race-owner' });
  const fourEyes = await t.app.inject({
    method: 'PUT',
    url: '/api/v2/admin/settings/withdrawal-review',
    headers: { host: 'localhost', cookie: owner, 'content-type': 'application/json' },
    payload: JSON.stringify({ fourEyesThb: FOUR_EYES, reason: 'large payouts need two' }),
  });
  expect(fourEyes.statusCode).toBe(200);
  const staff = (n: number) =>
    loggedInOperator(t, agencyId, { username: `wd-race-staff-${n}`, password: `staff-password-${n}`, role: 'staff' });
  operators = [await staff(1), await staff(2), await staff(3)];
  passwordHash = await hashPassword(PASSWORD);
  await installStatusLog(t.db, 'withdrawals');
});
afterAll(() => t.close());

// ---- the entry points and the state helpers ----

let serial = 0;
const nextKey = () => `wd-race-key-${(serial += 1)}-${Date.now()}`;

/** A player with a session and a bank account; the password hashed once for the file, so a round costs no argon2. */
async function newPlayer(): Promise<TestPlayer> {
  const username = `w${Math.random().toString(36).slice(2, 12)}${(serial += 1)}`.slice(0, 20);
  const row = await t.db
    .insertInto('players')
    .values({ agency_id: agencyId, username, password_hash: passwordHash, display_name: username })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addTestBankAccount(t.db, agencyId, row.id);
  const token = await createSession(t.db, row.id, agencyId, 24);
  return { id: row.id, username, password: PASSWORD, cookie: `${SESSION_COOKIE}=${token}` };
}

const asOperator = (slot: 0 | 1 | 2, code: string, action: 'approve' | 'reject') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/admin/withdrawals/${code}/${action}`,
    headers: { host: 'localhost', cookie: operators[slot], 'idempotency-key': nextKey(), 'content-type': 'application/json' },
    payload: JSON.stringify(action === 'reject' ? { reason: 'account name does not match' } : {}),
  });

async function setPayoutFault(mode: 'none' | 'error' | 'decline' | 'timeout') {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/sandbox/bank/api/faults',
    payload: { operation: 'payout', mode, hangMs: 5 * GATEWAY_TIMEOUT_MS },
  });
  expect(res.statusCode).toBe(200);
}

/** The sandbox bank's payouts of the withdrawal's ref, as `status kip`. */
const payoutsAtBank = async (id: string) =>
  (await t.db.selectFrom('sandbox_bank_payouts').select(['status', 'amount_kip']).where('ref', '=', `wd-${id}`).execute()).map(
    (payout) => `${payout.status} ${payout.amount_kip}`,
  );

const withdrawalRow = (code: string) => t.db.selectFrom('withdrawals').selectAll().where('code', '=', code).executeTakeFirstOrThrow();

/** What the bank does with the withdrawal's payout: it decides once per ref, whoever asks. */
type Bank = 'pays' | 'declines';
/**
 * Undecided, or its payout claimed by an approval that never heard the gateway's answer: the call
 * erred before the bank saw it ('claimed'), or the bank paid it and the answer was lost ('answer lost').
 */
type Start = 'undecided' | 'claimed' | 'answer lost';
const STARTS: Start[] = ['undecided', 'claimed', 'answer lost'];
/** The sandbox bank's timeout fault pays before it withholds the answer: a lost answer is of a paid payout. */
const startsFor = (bank: Bank) => STARTS.filter((start) => start !== 'answer lost' || bank === 'pays');
/** One approval needed; the second of four-eyes (another operator gave the first); or both of four-eyes still to give. */
type Approvals = 'one' | 'second of two' | 'both of two';

interface Variant {
  start: Start;
  approvals: Approvals;
  bank: Bank;
}

/** A withdrawal brought to a race's start, with what its actors need. */
interface Race extends Variant {
  id: string;
  code: string;
  /** The actors' domain calls go through the racing pool. */
  deps: WithdrawalDeps;
  /** The row the approval that claimed the payout sent, or would have (a claimed start). */
  claimed?: WithdrawalRow;
}

/** The status the bank's answer settles a payout in. */
const settledBy = (bank: Bank): WithdrawalStatus => (bank === 'pays' ? 'SUCCESS' : 'FAILED');

/** An OPEN withdrawal of a new player, above the auto-approve limit, brought to the variant's start. */
async function openRace(variant: Variant, db: Database): Promise<Race> {
  const deps: WithdrawalDeps = { db, providers: t.app.providers, gateway: t.app.laoqrGateway, defaults: t.config.withdrawals };
  const player = await newPlayer();
  await fundTestCredit(deps, agencyId, player.id, CREDIT_SATANG);
  const requested = await t.app.inject({
    method: 'POST',
    url: '/api/v2/withdrawals',
    headers: { cookie: player.cookie, 'idempotency-key': nextKey(), 'content-type': 'application/json' },
    payload: JSON.stringify({ provider: 'askmebet', amount: variant.approvals === 'one' ? ONE_APPROVAL : TWO_APPROVALS }),
  });
  expect(`${requested.statusCode} ${requested.json().withdrawal?.status}`).toBe('201 OPEN');
  const { code } = requested.json().withdrawal;
  const race: Race = { ...variant, code, id: (await withdrawalRow(code)).id, deps };
  if (variant.approvals === 'second of two') {
    const first = await asOperator(2, code, 'approve');
    expect(first.json()).toMatchObject({ withdrawal: { status: 'OPEN' }, awaitingSecondApproval: true });
  }
  if (variant.start !== 'undecided') {
    await setPayoutFault(variant.start === 'claimed' ? 'error' : 'timeout');
    const approved = await asOperator(2, code, 'approve');
    expect(approved.json()).toMatchObject({ withdrawal: { status: 'OPEN' }, awaitingSecondApproval: false });
    race.claimed = await withdrawalRow(code);
    expect(race.claimed.payout_ref).not.toBeNull();
    expect(await payoutsAtBank(race.id)).toEqual(variant.start === 'claimed' ? [] : [`PAID ${race.claimed.amount_kip}`]);
  }
  await setPayoutFault(variant.bank === 'declines' ? 'decline' : 'none');
  return race;
}

/** How a fresh withdrawal is brought to each status an event starts from. */
const setUp: Partial<Record<WithdrawalStatus, (variant: Variant, db: Database) => Promise<Race>>> = { OPEN: openRace };

// ---- the drivers: each event's actors, through their real entry points ----

interface Actor extends RaceActor<Race> {
  /** The starts it may be raced from, and those in which it can take effect by itself. */
  starts: Start[];
  effective: Start[];
  /** An operator's approval, which the four-eyes variants are about. */
  approves?: boolean;
}

interface Driver {
  /** What the bank must do with the payout for this event to happen. */
  bank?: Bank;
  actors: Actor[];
}

const labelOf = (res: { statusCode: number; json(): { code?: string; withdrawal?: { status: string } } }) =>
  res.statusCode < 300 ? `${res.statusCode} ${res.json().withdrawal?.status}` : `${res.statusCode} ${res.json().code}`;

/** An operator's approval: it claims the payout and sends it (or records the first of two approvals). */
const approval = (event: WithdrawalEvent): Actor => ({
  name: "an operator's approval",
  starts: STARTS,
  effective: ['undecided'],
  answers: (race) => [`200 ${settledBy(race.bank)}`, '409 WITHDRAWAL_NOT_OPEN', ...(race.approvals === 'both of two' ? ['200 OPEN'] : [])],
  exclusive: true,
  approves: true,
  run: async (race, slot) => {
    const answer = labelOf(await asOperator(slot, race.code, 'approve'));
    return { answer, claims: answer === `200 ${WITHDRAWAL.transitions[event].to}` };
  },
});

/** The reconciler's payout pass: asks the gateway about a claimed payout by its ref, sends it if never received. */
const reconciler: Actor = {
  name: "the reconciler's payout pass",
  starts: STARTS,
  effective: ['claimed', 'answer lost'],
  answers: () => ['done'],
  run: async (race) => {
    await reconcileWithdrawals(race.deps, { olderThanMs: 0 });
    return { answer: 'done' };
  },
};

/** The gateway's answer to the claimed payout reaching the process that sent it, and recorded. */
const gatewayAnswer: Actor = {
  name: "the gateway's answer",
  starts: ['claimed', 'answer lost'],
  effective: ['claimed', 'answer lost'],
  answers: (race) => [settledBy(race.bank)],
  run: async (race) => ({ answer: (await sendPayout(race.deps, race.claimed!)).status }),
};

const drivers: Partial<Record<WithdrawalEvent, Driver>> = {
  pay: { bank: 'pays', actors: [approval('pay'), reconciler, gatewayAnswer] },
  payoutFailed: { bank: 'declines', actors: [approval('payoutFailed'), reconciler, gatewayAnswer] },
  reject: {
    actors: [
      {
        name: "an operator's rejection",
        starts: STARTS,
        effective: ['undecided'],
        answers: () => ['200 REJECTED', '409 WITHDRAWAL_NOT_OPEN'],
        exclusive: true,
        run: async (race, slot) => {
          const answer = labelOf(await asOperator(slot, race.code, 'reject'));
          return { answer, claims: answer === '200 REJECTED' };
        },
      },
    ],
  },
};

// ---- the matrix, from the table ----

const { statuses, pairs } = racePairs(WITHDRAWAL);

function variantsOf(a: WithdrawalEvent, b: WithdrawalEvent) {
  const [driverA, driverB] = [drivers[a]!, drivers[b]!];
  const pairings = driverA.actors.flatMap((x, i) => driverB.actors.flatMap((y, j) => (a === b && j < i ? [] : [[x, y] as const])));
  const banks: Bank[] =
    driverA.bank && driverB.bank ? [...new Set([driverA.bank, driverB.bank])] : [driverA.bank ?? driverB.bank ?? 'pays'];
  return pairings.flatMap(([x, y]) => {
    const approvers = [x, y].filter((actor) => actor.approves).length;
    return banks.flatMap((bank) =>
      startsFor(bank)
        .filter((start) => x.starts.includes(start) && y.starts.includes(start) && [x, y].some((actor) => actor.effective.includes(start)))
        .flatMap((start) => {
          const approvals: Approvals[] =
            start === 'undecided' && approvers > 0
              ? ['one', 'second of two', ...(approvers === 2 ? ['both of two' as const] : [])]
              : ['one'];
          return approvals.map((approval) => ({ actors: [x, y] as const, variant: { start, approvals: approval, bank } }));
        }),
    );
  });
}

/** What the bank, the provider and the ledger hold for the withdrawal agree with how it ended. */
async function booksAgree(race: Race, where: string) {
  const row = await withdrawalRow(race.code);
  const paid = row.status === 'SUCCESS';
  const returned = row.status === 'REJECTED' || row.status === 'FAILED';
  const transfers = await t.db
    .selectFrom('ledger_transfers')
    .select(['kind', 'status', 'provider_ref'])
    .where((eb) =>
      eb.or([
        eb(sql`refs->>'withdrawal'`, '=', race.code),
        eb.and([eb('kind', '=', 'WITHDRAWAL'), eb(sql`refs->>'code'`, '=', race.code)]),
      ]),
    )
    .execute();
  const ofKind = (kind: string) => transfers.filter((transfer) => transfer.kind === kind).map((transfer) => transfer.status);
  const providerRefs = transfers.flatMap((transfer) => (transfer.provider_ref === null ? [] : [transfer.provider_ref]));
  const atProvider =
    providerRefs.length === 0
      ? []
      : await t.db
          .selectFrom('sandbox_provider_transfers')
          .select('direction')
          .where('provider', '=', 'askmebet')
          .where('status', '=', 'SUCCESS')
          .where('ref', 'in', providerRefs)
          .execute();
  const atBank = await payoutsAtBank(race.id);
  expect({
    where,
    status: row.status,
    bankPayouts: atBank,
    receivedKip: row.received_kip,
    taken: ofKind('WITHDRAWAL'),
    paidTransfers: ofKind('WITHDRAWAL_PAID'),
    kipTransfers: ofKind('WITHDRAWAL_PAYOUT_KIP'),
    returnTransfers: ofKind('WITHDRAWAL_RETURN'),
    creditReturned: row.credit_returned_satang,
    atProvider: atProvider.map((transfer) => transfer.direction).sort(),
    ledgerViolations: await ledgerViolations(t.db),
  }).toEqual({
    where,
    status: row.status,
    bankPayouts: paid ? [`PAID ${row.amount_kip}`] : row.status === 'FAILED' ? [`FAILED ${row.amount_kip}`] : [],
    receivedKip: paid ? row.amount_kip : null,
    taken: ['POSTED'],
    paidTransfers: paid ? ['POSTED'] : [],
    kipTransfers: paid ? ['POSTED'] : [],
    returnTransfers: returned ? ['POSTED'] : [],
    creditReturned: returned ? row.amount_satang : '0',
    // The credit left the player's wallet once, and came back once when the payout did not happen.
    atProvider: returned ? ['IN', 'OUT'] : ['OUT'],
    ledgerViolations: [],
  });
}

async function raceRound(
  db: Database,
  status: WithdrawalStatus,
  a: WithdrawalEvent,
  b: WithdrawalEvent,
  { actors: [actorA, actorB], variant }: ReturnType<typeof variantsOf>[number],
  round: number,
) {
  const race = await setUp[status]!(variant, db);
  await forgetStatusLog(t.db, race.id);
  const actors = [actorA, actorB] as const;
  const { outcomes, bFirst } = await atOnce(race, actors);
  const where = `${status}: ${a} by ${actorA.name} | ${b} by ${actorB.name}${bFirst ? ' (started second)' : ''}, round ${round + 1}, ${
    variant.start
  }, approvals ${variant.approvals}, the bank ${variant.bank}`;
  // The books first: what an odd answer left behind is the first thing to know.
  await booksAgree(race, where);
  const log = await statusLog<WithdrawalStatus>(t.db, race.id);
  const final = (await withdrawalRow(race.code)).status;
  judgeRound(WITHDRAWAL, drivers, { race, where, start: status, a, b, log, final, actors, outcomes });
  await setPayoutFault('none');
}

describe('the withdrawal race matrix, from its transition table', () => {
  it('has a driver for every event of the table, a way to every status an event starts from, and a round for every pair', () => {
    expect(WITHDRAWAL.events.filter((event) => drivers[event] === undefined)).toEqual([]);
    expect(statuses.filter((status) => setUp[status] === undefined)).toEqual([]);
    expect(pairs.length).toBeGreaterThan(0);
    for (const { a, b } of pairs) expect({ a, b, variants: variantsOf(a, b).length > 0 }).toEqual({ a, b, variants: true });
  });

  it.each(pairs)(
    '$status: $a and $b at once',
    async ({ status, a, b }) => {
      expect({ a: drivers[a] !== undefined, b: drivers[b] !== undefined, start: setUp[status] !== undefined }).toEqual({
        a: true,
        b: true,
        start: true,
      });
      const variants = variantsOf(a, b);
      await racing(t, async (db) => {
        for (let round = 0; round < Math.max(ROUNDS, variants.length); round += 1)
          await raceRound(db, status, a, b, variants[round % variants.length], round);
      });
    },
    240_000,
  );
});
