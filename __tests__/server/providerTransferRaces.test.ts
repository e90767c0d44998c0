import { sql } from 'kysely';
import type { TestApp } from '../support/app';
import { payAtBank, racingAgency, type RacingAgency } from '../support/racingAgency';
import { createTestPlayerWithBank, type TestPlayer } from '../support/players';
import { ledgerViolations } from '../support/ledgerInvariant';
import { atOnce, forgetStatusLog, judgeRound, racePairs, statusLog, type Actor as RaceActor, type Driver } from '../support/raceMatrix';
import { LEDGER_TRANSFER, type TransferEvent } from '../../server/domain/ledger/lifecycle';
import type { TransferStatus } from '../../server/domain/ledger';
import { reconcilePendingTransfers } from '../../server/domain/reconciler';

/**
 * The provider transfer's race matrix, drawn from the ledger transfer's transition table: a
 * deposit's credit held PENDING because its answer never came, and two actors settling it at once.
 * The reconciler asks the provider by ref (posting what the provider has, voiding what it never
 * got, which closes the ref there); the player's check sends the same credit again by its ref,
 * which the provider runs once. Whichever reaches the provider first decides, and the ledger agrees
 * with the provider's transfer log: the transfer POSTED exactly when the provider holds it, the
 * order SUCCESS exactly when one of its credits is posted, the ledger balanced.
 */

const ROUNDS = 10;
const SECRET = 'provider-transfer-races-secret';
const PROVIDER_TIMEOUT_MS = 1500;

let racing: RacingAgency;
let t: TestApp;
let agencyId: string;

beforeAll(async () => {
  racing = await racingAgency('transfers', { laoqrWebhookSecret: SECRET, providerTimeoutMs: PROVIDER_TIMEOUT_MS, providerAttempts: 1 }, [
    'ledger_transfers',
  ]);
  ({ t, agencyId } = racing);
});
afterEach(() => clearFaults());
afterAll(() => t.close());

/** Whether the provider got the credit whose answer was lost: it decides what the reconciler finds by ref. */
type Held = 'received' | 'never received';

interface Race {
  player: TestPlayer;
  code: string;
  /** The credit's PENDING transfer, and its ref at the provider. */
  id: string;
  ref: string;
}

const clearFaults = () => t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let serial = 0;

const atProvider = (ref: string) =>
  t.db.selectFrom('sandbox_provider_transfers').select('status').where('provider', '=', 'askmebet').where('ref', '=', ref).execute();

/**
 * A deposit paid at the bank while askmebet's transfers fail: refused outright (never received), or
 * done after the caller gave up waiting (received, answer lost). Its credit is PENDING either way.
 */
async function heldCredit(held: Held): Promise<Race> {
  const player = await createTestPlayerWithBank(t.db, agencyId);
  // The member first, so only the transfer meets the fault.
  const credit = await t.app.inject({ url: '/api/v2/players/credits/askmebet', headers: { cookie: player.cookie } });
  expect(credit.statusCode).toBe(200);
  const opened = await t.app.inject({
    method: 'POST',
    url: '/api/v2/deposits',
    headers: { cookie: player.cookie, 'idempotency-key': `transfer-race-${(serial += 1)}-${Date.now()}` },
    payload: { provider: 'askmebet', amount: '64000' },
  });
  expect(opened.statusCode).toBe(201);
  const code: string = opened.json().order.code;
  const fault = held === 'received' ? { mode: 'delay', delayMs: PROVIDER_TIMEOUT_MS + 500, calls: 1 } : { mode: 'error', calls: 1000 };
  const set = await t.app.inject({
    method: 'POST',
    url: '/sandbox/providers/askmebet/faults',
    payload: { ...fault, operations: ['transfer'] },
  });
  expect(set.statusCode).toBe(204);
  await payAtBank(racing, opened.json().qr.payload);
  await clearFaults();
  const transfer = await t.db
    .selectFrom('ledger_transfers')
    .select(['id', 'status', 'provider_ref'])
    .where('kind', '=', 'DEPOSIT_CREDIT')
    .where(sql<boolean>`refs->>'deposit' = ${code}`)
    .executeTakeFirstOrThrow();
  expect(transfer.status).toBe('PENDING');
  const ref = transfer.provider_ref!;
  // The delayed call lands at the provider after the caller gave up: wait until it has.
  for (let waited = 0; held === 'received' && (await atProvider(ref)).length === 0 && waited < 3000; waited += 100) await sleep(100);
  expect(await atProvider(ref)).toEqual(held === 'received' ? [{ status: 'SUCCESS' }] : []);
  return { player, code, id: transfer.id, ref };
}

interface Actor extends RaceActor<Race> {
  /** The start it needs, when it matters to what it does. */
  held?: Held;
}

const reconciler = (held: Held): Actor => ({
  name: `the reconciler asking by ref (${held})`,
  held,
  answers: ['done'],
  run: async () => {
    await reconcilePendingTransfers({ db: t.db, providers: t.app.providers }, { olderThanMs: 0 });
    return { answer: 'done' };
  },
});

const playerCheck: Actor = {
  name: "the player's check, sending the credit again by its ref",
  answers: ['200 SUCCESS', '200 PAID'],
  run: async (race) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/deposits/${race.code}/check`,
      headers: { cookie: race.player.cookie, 'idempotency-key': `transfer-check-${(serial += 1)}` },
    });
    return { answer: res.statusCode === 200 ? `200 ${res.json().order.status}` : `${res.statusCode} ${res.json().code}` };
  },
};

const drivers: Partial<Record<TransferEvent, Driver<Race, TransferEvent>>> = {
  post: { actors: [reconciler('received'), playerCheck] },
  void: { actors: [reconciler('never received')] },
};

const { statuses, pairs } = racePairs(LEDGER_TRANSFER);

/** Every pairing of the two events' actors whose starts agree, with the start it is raced from. */
function pairingsOf(a: TransferEvent, b: TransferEvent) {
  const actors = (event: TransferEvent) => drivers[event]!.actors as Actor[];
  return actors(a).flatMap((x) =>
    actors(b).flatMap((y) => {
      if (x.held && y.held && x.held !== y.held) return [];
      const starts: Held[] = (x.held ?? y.held) ? [(x.held ?? y.held)!] : ['received', 'never received'];
      return starts.map((held) => ({ actors: [x, y] as const, held }));
    }),
  );
}

/** The provider's log and the ledger agree on the transfer and on the order it credits. */
async function booksAgree(race: Race, where: string) {
  const transfer = await t.db.selectFrom('ledger_transfers').select('status').where('id', '=', race.id).executeTakeFirstOrThrow();
  const order = await t.db.selectFrom('deposit_orders').select('status').where('code', '=', race.code).executeTakeFirstOrThrow();
  const credits = await t.db
    .selectFrom('ledger_transfers')
    .select(['status', 'provider_ref'])
    .where('kind', '=', 'DEPOSIT_CREDIT')
    .where(sql<boolean>`refs->>'deposit' = ${race.code}`)
    .execute();
  const posted = credits.filter((credit) => credit.status === 'POSTED');
  const providerSuccesses = (
    await Promise.all(credits.map(async (credit) => (await atProvider(credit.provider_ref!)).filter((row) => row.status === 'SUCCESS')))
  ).flat();
  expect({
    where,
    providerHasIt: (await atProvider(race.ref)).some((row) => row.status === 'SUCCESS'),
    postedCredits: posted.length,
    providerSuccesses: providerSuccesses.length,
    order: order.status,
    ledgerViolations: await ledgerViolations(t.db),
  }).toEqual({
    where,
    providerHasIt: transfer.status === 'POSTED',
    postedCredits: order.status === 'SUCCESS' ? 1 : 0,
    providerSuccesses: order.status === 'SUCCESS' ? 1 : 0,
    order: posted.length === 1 ? 'SUCCESS' : 'PAID',
    ledgerViolations: [],
  });
}

async function raceRound(status: TransferStatus, a: TransferEvent, b: TransferEvent, round: number) {
  const pairings = pairingsOf(a, b);
  const { actors, held } = pairings[round % pairings.length];
  const race = await heldCredit(held);
  await forgetStatusLog(t.db, race.id);
  const { outcomes, bFirst } = await atOnce(race, actors);
  const where = `${status} (${held}): ${a} by ${actors[0].name} | ${b} by ${actors[1].name}${
    bFirst ? ' (started second)' : ''
  }, round ${round + 1}`;
  await booksAgree(race, where);
  const log = await statusLog<TransferStatus>(t.db, race.id);
  const final = (await t.db.selectFrom('ledger_transfers').select('status').where('id', '=', race.id).executeTakeFirstOrThrow()).status;
  judgeRound(LEDGER_TRANSFER, drivers, { race, where, start: status, a, b, log, final, actors, outcomes });
}

describe('the provider transfer race matrix, from the ledger transfer table', () => {
  it('has a driver for every event of the table, and a pairing for every pair', () => {
    expect(LEDGER_TRANSFER.events.filter((event) => drivers[event] === undefined)).toEqual([]);
    expect(statuses).toEqual(['PENDING']);
    for (const { a, b } of pairs) expect({ a, b, pairings: pairingsOf(a, b).length > 0 }).toEqual({ a, b, pairings: true });
  });

  it.each(pairs)(
    '$status: $a and $b at once',
    async ({ status, a, b }) => {
      for (let round = 0; round < ROUNDS; round += 1) await raceRound(status, a, b, round);
    },
    240_000,
  );
});
