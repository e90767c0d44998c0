import os from 'node:os';
import { sql } from 'kysely';
import { request } from 'undici';
import type { Database } from '../server/db/database';
import type { Config } from '../server/config';
import { hashPassword } from '../server/domain/passwords';
import { createSession, SESSION_COOKIE } from '../server/domain/players';
import { signWebhook, type PaymentPaidEventBody } from '../server/adapters/payment';
import type { DepositOrder } from '../contract/deposits';
import { commitsOf, recordStatements } from './statements';
import { mergedWaits, waitsDuring, type WaitShares } from './waits';
import { withMachineCpu } from './machine';
import { median, type Measurement } from './table';

export const PAYERS = 32;
/**
 * The confirmations and the TPC-B transactions take turns in rounds, each figure the median of its
 * rounds, as the API rows do: the load of a shared machine drifts, and two parts timed one after
 * the other would carry the drift into their ratio.
 */
const ROUNDS = 3;
const DEPOSITS_PER_ROUND = 320;
const AMOUNT_KIP = '100000';
const PROVIDER = 'askmebet';

/** Runs work(item) for every item, at most `concurrency` at a time. */
export async function inParallel<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/**
 * Players with a bank account and a live session, straight in the database (one password hash for
 * all); `pass` tells apart the payers of two passes on one database (the scale bench measures twice).
 */
async function createPayers(db: Database, agencyId: string, count: number, pass: number): Promise<string[]> {
  const passwordHash = await hashPassword('bench-password-9');
  const players = await db
    .insertInto('players')
    .values(
      Array.from({ length: count }, (_, index) => ({
        agency_id: agencyId,
        username: `bench${pass}payer${index}`,
        password_hash: passwordHash,
        display_name: `Payer ${index}`,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('bank_accounts')
    .values(
      players.map(({ id }, index) => ({
        agency_id: agencyId,
        player_id: id,
        bank: 'bcel',
        account_number: `01${String(pass).padStart(2, '0')}${String(index).padStart(12, '0')}`,
        account_name: 'SOMPHONE KEOMANY',
        currency: 'LAK',
      })),
    )
    .execute();
  const cookies: string[] = [];
  for (const { id } of players) cookies.push(`${SESSION_COOKIE}=${await createSession(db, id, agencyId, 24)}`);
  return cookies;
}

/**
 * A deposit order opened as the deposit form opens one: the form shows the player's credit at the
 * chosen provider (which makes the player a member there) before the player sends the amount.
 */
async function openOrder(origin: string, cookie: string, key: string): Promise<DepositOrder> {
  const credit = await fetch(`${origin}/api/v2/players/credits/${PROVIDER}`, { headers: { cookie } });
  if (credit.status !== 200) throw new Error(`GET /api/v2/players/credits/${PROVIDER} answered ${credit.status}: ${await credit.text()}`);
  const response = await fetch(`${origin}/api/v2/deposits`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'idempotency-key': key },
    body: JSON.stringify({ provider: PROVIDER, amount: AMOUNT_KIP }),
  });
  if (response.status !== 201) throw new Error(`POST /api/v2/deposits answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { order: DepositOrder }).order;
}

/**
 * The gateway's signed payment.paid delivery for an order; answered once its credit is settled. Sent
 * with undici's `request`, as autocannon sends the API rows' requests: the gateway is another
 * company's machine, and fetch would spend this process's CPU, which the app shares, on its web streams.
 */
async function confirm(origin: string, secret: string, order: DepositOrder): Promise<void> {
  const event: PaymentPaidEventBody = {
    id: `evt-bench-${order.code}`,
    type: 'payment.paid',
    createdAt: new Date().toISOString(),
    data: {
      billNumber: order.code,
      amount: order.amount.split('.')[0],
      currency: 'LAK',
      transactionId: `TXBENCH${order.code}`,
      paidAt: new Date().toISOString(),
    },
  };
  const raw = JSON.stringify(event);
  const response = await request(`${origin}/api/v2/webhooks/laoqr`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signWebhook(raw, secret) },
    body: raw,
  });
  const answer = await response.body.text();
  if (response.statusCode !== 200 || (JSON.parse(answer) as { outcome: string }).outcome !== 'paid')
    throw new Error(`webhook for ${order.code} answered ${response.statusCode}: ${answer}`);
}

const TPCB = { branches: PAYERS, tellersPerBranch: 10, accounts: 100_000 };

/**
 * pgbench's tpcb-like tables in a schema of their own. 32 branches (pgbench's scale 32 in branches
 * and tellers) so the 32 clients do not all queue on one branch row; 100,000 accounts.
 */
async function createTpcbTables(db: Database): Promise<void> {
  await sql`CREATE SCHEMA bench_tpcb`.execute(db);
  await sql`CREATE TABLE bench_tpcb.branches (bid int PRIMARY KEY, bbalance bigint NOT NULL, filler char(88))`.execute(db);
  await sql`CREATE TABLE bench_tpcb.tellers (tid int PRIMARY KEY, bid int NOT NULL, tbalance bigint NOT NULL, filler char(84))`.execute(db);
  await sql`CREATE TABLE bench_tpcb.accounts (aid int PRIMARY KEY, bid int NOT NULL, abalance bigint NOT NULL, filler char(84))`.execute(
    db,
  );
  await sql`CREATE TABLE bench_tpcb.history (tid int, bid int, aid int, delta int, mtime timestamp, filler char(22))`.execute(db);
  await sql`INSERT INTO bench_tpcb.branches SELECT b, 0 FROM generate_series(1, ${TPCB.branches}::int) b`.execute(db);
  await sql`INSERT INTO bench_tpcb.tellers SELECT t, (t - 1) / ${TPCB.tellersPerBranch}::int + 1, 0 FROM generate_series(1, ${TPCB.branches * TPCB.tellersPerBranch}::int) t`.execute(
    db,
  );
  await sql`INSERT INTO bench_tpcb.accounts SELECT a, (a - 1) % ${TPCB.branches}::int + 1, 0 FROM generate_series(1, ${TPCB.accounts}::int) a`.execute(
    db,
  );
  await sql`ANALYZE bench_tpcb.branches, bench_tpcb.tellers, bench_tpcb.accounts`.execute(db);
}

/** Milliseconds of this process's CPU (user and system) since `since`. */
const cpuMsSince = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** One timed round of one part: how many it did, in how long, and the CPU it took. */
interface TimedRound {
  count: number;
  seconds: number;
  /** This process's CPU (the app, the sandbox provider and the bench's own client all run here). */
  processCpuMs: number;
  /** Every process of the machine's CPU; undefined where there is no /proc/stat. */
  machineCpuMs: number | undefined;
}

async function timedRound(count: number, work: () => Promise<void>): Promise<TimedRound> {
  const processCpu = process.cpuUsage();
  const started = performance.now();
  const { cpuMs: machineCpuMs } = await withMachineCpu(work);
  return { count, seconds: (performance.now() - started) / 1000, processCpuMs: cpuMsSince(processCpu), machineCpuMs };
}

const perSecond = ({ count, seconds }: TimedRound) => count / seconds;

/** One measure of a part's rounds, summed over them. */
const total = (rounds: TimedRound[], measure: (round: TimedRound) => number) => rounds.reduce((sum, round) => sum + measure(round), 0);

const processCpuPerItem = (rounds: TimedRound[]) => total(rounds, (round) => round.processCpuMs) / total(rounds, (round) => round.count);

/** A part's rounds together, as machineShare reads them. */
function machineCpuOf(rounds: TimedRound[]): MachineCpu {
  const known = rounds.every(({ machineCpuMs }) => machineCpuMs !== undefined);
  return {
    cpuMs: known ? total(rounds, (round) => round.machineCpuMs ?? 0) : undefined,
    count: total(rounds, (round) => round.count),
    seconds: total(rounds, (round) => round.seconds),
  };
}

/** The machine's CPU (every process) over one timed part: its milliseconds, and the part's count and seconds. */
export interface MachineCpu {
  cpuMs: number | undefined;
  count: number;
  seconds: number;
}

/**
 * The machine's CPU per confirmation against per TPC-B transaction, and how busy each part kept
 * the cores. A rate is the busy share of the cores over the CPU one item costs, so the ratio of
 * the two rates is the quotient of the costs times that of the busy shares: with the cores as
 * busy in both parts, the costs alone set it.
 */
export function machineShare(deposits: MachineCpu, tpcb: MachineCpu, cores: number): string {
  if (!deposits.cpuMs || !tpcb.cpuMs) return '';
  const perItem = ({ cpuMs, count }: MachineCpu) => (cpuMs ?? 0) / count;
  const busy = ({ cpuMs, seconds }: MachineCpu) => (cpuMs ?? 0) / (seconds * 1000 * cores);
  return (
    `; the machine's CPU, every process together (the app, PostgreSQL, the sandbox provider, the bench's client), ` +
    `was ${perItem(deposits).toFixed(1)} ms per confirmation with the ${cores} cores ${percent(busy(deposits))} busy, ` +
    `against ${perItem(tpcb).toFixed(1)} ms per TPC-B transaction with them ${percent(busy(tpcb))} busy: ` +
    `the ratio of the rates is the quotient of those costs, ${(perItem(tpcb) / perItem(deposits)).toFixed(2)}, ` +
    `times that of the busy shares, ${(busy(deposits) / busy(tpcb)).toFixed(2)}`
  );
}

const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** pgbench's built-in tpcb-like script, one transaction. */
async function tpcbTransaction(db: Database): Promise<void> {
  const aid = randomInt(1, TPCB.accounts);
  const bid = randomInt(1, TPCB.branches);
  const tid = randomInt(1, TPCB.branches * TPCB.tellersPerBranch);
  const delta = randomInt(-5000, 5000);
  await db.transaction().execute(async (trx) => {
    await sql`UPDATE bench_tpcb.accounts SET abalance = abalance + ${delta} WHERE aid = ${aid}`.execute(trx);
    await sql`SELECT abalance FROM bench_tpcb.accounts WHERE aid = ${aid}`.execute(trx);
    await sql`UPDATE bench_tpcb.tellers SET tbalance = tbalance + ${delta} WHERE tid = ${tid}`.execute(trx);
    await sql`UPDATE bench_tpcb.branches SET bbalance = bbalance + ${delta} WHERE bid = ${bid}`.execute(trx);
    await sql`INSERT INTO bench_tpcb.history (tid, bid, aid, delta, mtime) VALUES (${tid}, ${bid}, ${aid}, ${delta}, CURRENT_TIMESTAMP)`.execute(
      trx,
    );
  });
}

/**
 * Deposit confirmations per second with 32 payers at once: each signed webhook is answered after
 * the payment is recorded, the ledger posted, the credit transferred to the (sandbox) provider over
 * HTTP and the order marked SUCCESS. Against as many TPC-B-like transactions through the app's
 * pg pool at the same concurrency.
 */
export async function measureMoneyPath(origin: string, db: Database, config: Config, agencyId: string, pass = 0): Promise<Measurement[]> {
  // One payer more than the timed rounds need: its deposit is counted in statements.
  const cookies = await createPayers(db, agencyId, ROUNDS * DEPOSITS_PER_ROUND + 1, pass);
  const counted = await openOrder(origin, cookies.pop() as string, 'bench-counted');
  // Counted before the timed rounds, while nothing else is under way; the sandbox provider's own statements are not the product's.
  const depositSent = await recordStatements(() => confirm(origin, config.laoqrWebhookSecret, counted));
  const depositStatements = depositSent.length;
  const orders: DepositOrder[] = [];
  await inParallel(cookies, PAYERS, async (cookie) => {
    orders.push(await openOrder(origin, cookie, `bench-${orders.length}-${cookie.slice(-12)}`));
  });

  await createTpcbTables(db);
  try {
    const tpcbSent = await recordStatements(() => tpcbTransaction(db));
    const tpcbStatements = tpcbSent.length;
    const deposits: TimedRound[] = [];
    const tpcb: TimedRound[] = [];
    const waits: WaitShares[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const roundOrders = orders.slice(round * DEPOSITS_PER_ROUND, (round + 1) * DEPOSITS_PER_ROUND);
      deposits.push(
        await timedRound(roundOrders.length, async () => {
          waits.push(
            await waitsDuring(db, () => inParallel(roundOrders, PAYERS, (order) => confirm(origin, config.laoqrWebhookSecret, order))),
          );
        }),
      );
      tpcb.push(
        await timedRound(DEPOSITS_PER_ROUND, () =>
          inParallel(
            Array.from({ length: DEPOSITS_PER_ROUND }, (_, index) => index),
            PAYERS,
            () => tpcbTransaction(db),
          ),
        ),
      );
    }
    const succeeded = await db
      .selectFrom('deposit_orders')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where(
        'code',
        'in',
        orders.map((order) => order.code),
      )
      .where('status', '=', 'SUCCESS')
      .executeTakeFirstOrThrow();
    if (Number(succeeded.count) !== orders.length) throw new Error(`${succeeded.count} of ${orders.length} bench deposits reached SUCCESS`);
    const { shares, samples } = mergedWaits(waits);
    return [
      {
        metric: `money path: deposits confirmed/s (${PAYERS} payers)`,
        value: median(deposits.map(perSecond)),
        unit: 'tx/s',
        reference: median(tpcb.map(perSecond)),
        referenceLabel: 'TPC-B-like, same pool',
        target: { on: 'ratio', direction: 'atLeast', limit: 0.3 },
        limitedBy:
          `the medians of ${ROUNDS} rounds of ${DEPOSITS_PER_ROUND} each, taking turns (confirmations/s ${deposits.map(perSecond).map(Math.round).join(', ')}; ` +
          `TPC-B/s ${tpcb.map(perSecond).map(Math.round).join(', ')}); ` +
          `sampled every 10 ms while the deposits were confirmed, the product's connections busy with them were ` +
          `${percent(shares.walFlush)} waiting for a commit's WAL flush, ` +
          `${percent(shares.rowLock)} waiting for a row lock (every transaction of payments moves the agency's shared ledger accounts: its cash and exchange), ` +
          `${percent(shares.node)} inside a transaction waiting for this Node process's next statement ` +
          `and ${percent(shares.running)} running (${samples} samples); ` +
          `one confirmation alone commits ${commitsOf(depositSent)} times (a TPC-B transaction: ${commitsOf(tpcbSent)}) in ${depositStatements} statements ` +
          `(TPC-B: ${tpcbStatements}), which confirmations arriving together share, on the product's pool of ${config.pgPoolSize} connections, ` +
          `and costs this Node process ${processCpuPerItem(deposits).toFixed(1)} ms of CPU (TPC-B: ${processCpuPerItem(tpcb).toFixed(1)} ms) for the webhook, ` +
          `the HTTP call that puts the credit at the sandbox provider (client and server both in this process) and the statements; ` +
          `the sandbox provider writes its own wallets on its own pool, its commits not waiting for the disk; all on the machine's shared cores` +
          machineShare(machineCpuOf(deposits), machineCpuOf(tpcb), os.availableParallelism()),
      },
      {
        metric: 'money path: statements per deposit confirmation',
        value: depositStatements,
        unit: 'statements',
        reference: tpcbStatements,
        referenceLabel: 'a TPC-B-like transaction',
        target: { on: 'value', direction: 'atMost', limit: 15 },
        limitedBy:
          'the payment is one transaction of several statements (BEGIN and COMMIT included), and the credit at the provider adds its look-ups, its intent and its outcome',
      },
    ];
  } finally {
    await sql`DROP SCHEMA bench_tpcb CASCADE`.execute(db);
  }
}
