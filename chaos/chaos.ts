import { setTimeout as sleep } from 'node:timers/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { projectRoot, loadConfig } from '../server/config';
import { createDatabase, type Database } from '../server/db/database';
import { seed } from '../server/seed';
import { findAgencyByHost } from '../server/domain/agencies';
import { hashPassword } from '../server/domain/passwords';
import { createSession, SESSION_COOKIE } from '../server/domain/players';
import { reconcileOnce } from '../server/domain/reconciler';
import { createProviderClient, providerBaseUrls } from '../server/adapters/providers';
import { createLaoQrGateway, SANDBOX_GATEWAY_PATH, signWebhook, type PaymentPaidEventBody } from '../server/adapters/payment';
import type { Provider } from '../contract/providers';
import { freePort } from '../scripts/freePort';
import { FREE_ATTEMPTS } from '../server/domain/loginLimits';

/**
 * The chaos run: three server processes on one PostgreSQL, players doing deposits (with duplicate
 * and late webhooks), withdrawals, cancels and slot play at once, the sandbox providers failing
 * and timing out, one process killed with SIGKILL mid-run and restarted. Afterwards the
 * reconciler settles everything and the money invariants are checked. `npm run chaos` runs it at
 * full size; __tests__/e2e/chaos.test.ts runs the same code small.
 */

export interface ChaosOptions {
  /** A migrated, empty database every process uses. */
  databaseUrl: string;
  players: number;
  durationMs: number;
  /** Seed of the players' choices (fault draws are the sandbox's own). */
  seed?: number;
  log?: (line: string) => void;
}

export interface ChaosReport {
  players: number;
  durationMs: number;
  requests: number;
  byStatus: Record<string, number>;
  /** Refusals with a product code because a dependency failed (PROVIDER_UNAVAILABLE, ...). */
  dependencyUnavailable: number;
  /** The same, per route and status. */
  dependencyUnavailableByRoute: Record<string, number>;
  /** Requests that never got an answer because their process was killed (or was down). */
  cutByKill: number;
  deposits: { paid: number; unmatched: number; canceled: number; webhooksSent: number; paymentsChecked: number };
  /** Player wallets at the providers compared with their ledger mirrors. */
  walletsCompared: number;
  withdrawals: { requested: number; succeeded: number };
  spins: number;
  /** Promotions taken, and bonuses credited from the bonus pool. */
  promotions: { taken: number; bonusesCredited: number };
  reconcileRounds: number;
  /** How long the killed process was down, SIGKILL to ready again. */
  killedForMs: number;
  /** Wrong-password logins of one username, one more than its limit, spread over the three processes. */
  loginLimit: { attempts: number; refused: number };
  /** Every broken invariant, in words; empty when the run is sound. */
  violations: string[];
}

const PROVIDERS_IN_PLAY: Provider[] = ['askmebet', 'betflix'];
const WEBHOOK_SECRET = 'chaos-webhook-secret-0123456789';
const PROVIDER_TIMEOUT_MS = 1000;
const GATEWAY_TIMEOUT_MS = 2000;
/** Answers that name a dependency which did not answer: by design, and retried by the client. */
const DEPENDENCY_CODES = new Set(['PROVIDER_UNAVAILABLE', 'DEPOSIT_UNAVAILABLE', 'PAYOUT_UNAVAILABLE', 'GATEWAY_UNAVAILABLE']);

const SERVER_ENV = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
  LAOQR_GATEWAY_TIMEOUT_MS: String(GATEWAY_TIMEOUT_MS),
  LAOQR_WEBHOOK_SECRET: WEBHOOK_SECRET,
  RECONCILE_INTERVAL_SECONDS: '2',
  WITHDRAW_MIN_THB: '1',
  WITHDRAW_DAILY_LIMIT: '1000',
};

// ---------------------------------------------------------------------------------------------
// Server processes

interface ServerProcess {
  index: number;
  port: number;
  url: string;
  child: ChildProcess;
  up: boolean;
  /** When it was killed and when it answered again (ms since epoch). */
  downs: { from: number; to: number }[];
  output: string;
}

function spawnServer(server: ServerProcess, env: NodeJS.ProcessEnv) {
  server.child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, ...env, PORT: String(server.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.child.stdout?.on('data', (chunk) => (server.output += chunk));
  server.child.stderr?.on('data', (chunk) => (server.output += chunk));
}

/** A process that neither answers /readyz nor exits within this long is stuck: the run stops with its output. */
const READY_WITHIN_MS = 120_000;

async function waitUntilReady(server: ServerProcess) {
  const startedAt = Date.now();
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`server ${server.index} exited with ${server.child.exitCode}:\n${server.output}`);
    if (Date.now() - startedAt > READY_WITHIN_MS)
      throw new Error(`server ${server.index} not ready after ${READY_WITHIN_MS} ms:\n${server.output}`);
    try {
      if ((await fetch(`${server.url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
}

async function stopServer(server: ServerProcess) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

// ---------------------------------------------------------------------------------------------
// Requests, each one recorded

interface Sent {
  server: number;
  method: string;
  path: string;
  startedAt: number;
  endedAt: number;
  status: number | 'NO_ANSWER';
  code?: string;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** Thrown for a request that got no answer (connection refused or reset). */
class NoAnswer extends Error {}

class Driver {
  readonly sent: Sent[] = [];
  /** Calls still refused as unavailable after every retry: the client gave up on them. */
  readonly gaveUp: string[] = [];
  constructor(
    readonly servers: ServerProcess[],
    readonly random: () => number,
  ) {}

  pick(): ServerProcess {
    const up = this.servers.filter((server) => server.up);
    return up[Math.floor(this.random() * up.length)] ?? this.servers[0];
  }

  async call(
    server: ServerProcess,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options: { cookie?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const record: Sent = {
      server: server.index,
      method,
      path: url.replace(/\/[A-Za-z0-9_-]{20,}(?=\/|$)/, '/:token'),
      startedAt: Date.now(),
      endedAt: 0,
      status: 'NO_ANSWER',
    };
    this.sent.push(record);
    const headers: Record<string, string> = { ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (payload !== undefined) headers['content-type'] = 'application/json';
    try {
      const response = await fetch(`${server.url}${url}`, { method, headers, body: payload, signal: AbortSignal.timeout(120_000) });
      const text = await response.text();
      record.status = response.status;
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        body = { text };
      }
      if (typeof body.code === 'string') record.code = body.code;
      return { status: response.status, body };
    } catch (error) {
      throw new NoAnswer(`${method} ${url} on server ${server.index}: ${(error as Error).message}`);
    } finally {
      record.endedAt = Date.now();
    }
  }

  /**
   * A call a client repeats until it gets an answer that is not "try again": another process
   * after no answer, and again (same Idempotency-Key) after a dependency was unavailable.
   */
  async retried(method: 'GET' | 'POST', url: string, options: Parameters<Driver['call']>[3] = {}, attempts = 30): Promise<Answer> {
    let last: Answer | undefined;
    for (let attempt = 0; attempt < attempts; attempt++) {
      try {
        last = await this.call(this.pick(), method, url, options);
        if (!(last.status === 502 || last.status === 503)) return last;
      } catch (error) {
        if (!(error instanceof NoAnswer)) throw error;
      }
      await sleep(100 + attempt * 50);
    }
    if (last) {
      this.gaveUp.push(`${method} ${url}: still ${last.status} ${String(last.body.code)} after ${attempts} attempts`);
      return last;
    }
    throw new Error(`${method} ${url}: no answer after ${attempts} attempts`);
  }
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// Players and their actions

interface Player {
  id: string;
  username: string;
  cookie: string;
  random: () => number;
}

interface Payment {
  event: PaymentPaidEventBody;
  /** The order was open when paid: the payment should be credited (else kept as unmatched). */
  billNumber: string;
}

interface RunState {
  driver: Driver;
  agencyId: string;
  payments: Payment[];
  /** Events delivered once already, delivered again later by the late-webhook courier. */
  lateEvents: PaymentPaidEventBody[];
  counts: { canceled: number; withdrawals: number; spins: number; promotionsTaken: number };
}

const pickOf = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const key = () => `chaos-${randomBytes(9).toString('hex')}`;

function paymentEvent(billNumber: string, amount: string): PaymentPaidEventBody {
  const transactionId = `CHAOS${randomBytes(8).toString('hex').toUpperCase()}`;
  const now = new Date().toISOString();
  return {
    id: `evt-${transactionId}`,
    type: 'payment.paid',
    createdAt: now,
    data: { billNumber, amount, currency: 'LAK', transactionId, paidAt: now },
  };
}

/** The gateway delivers until some process answers 2xx, as a real gateway retries. */
async function deliver(state: RunState, event: PaymentPaidEventBody): Promise<void> {
  const raw = JSON.stringify(event);
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await state.driver.call(state.driver.pick(), 'POST', '/api/v2/webhooks/laoqr', {
        raw,
        headers: signWebhook(raw, WEBHOOK_SECRET),
      });
      if (answer.status < 300) return;
      if (answer.status < 500) throw new Error(`webhook ${event.id} refused: ${answer.status} ${JSON.stringify(answer.body)}`);
    } catch (error) {
      if (!(error instanceof NoAnswer)) throw error;
    }
    if (attempt > 100) throw new Error(`webhook ${event.id} was never accepted`);
    await sleep(200);
  }
}

async function openDeposit(state: RunState, player: Player): Promise<{ code: string; amount: string } | undefined> {
  const provider = pickOf(player.random, PROVIDERS_IN_PLAY);
  const amount = pickOf(player.random, ['64000', '128000', '320000']);
  const answer = await state.driver.retried('POST', '/api/v2/deposits', {
    cookie: player.cookie,
    body: { provider, amount },
    headers: { 'idempotency-key': key() },
  });
  if (answer.status !== 200 && answer.status !== 201) return undefined;
  const order = answer.body.order as { code: string; amount: string };
  return { code: order.code, amount };
}

/** One thing a player does. */
export interface ChaosAction {
  name: string;
  weight: number;
  run(state: RunState, player: Player): Promise<void>;
}

const PROMOTION_ACTION: ChaosAction = {
  name: 'promotion taken and paid for with its set amount, then rechecked or cancelled',
  weight: 2,
  async run(state, player) {
    const listed = await state.driver.retried('GET', '/api/v2/promotions', { cookie: player.cookie });
    const promotions = ((listed.body.promotions as { id: string; providers: string[]; depositAmount: string }[] | undefined) ?? []).filter(
      (promotion) => promotion.providers.some((provider) => (PROVIDERS_IN_PLAY as readonly string[]).includes(provider)),
    );
    if (!promotions.length) return;
    const promotion = pickOf(player.random, promotions);
    const provider = pickOf(
      player.random,
      promotion.providers.filter((name) => (PROVIDERS_IN_PLAY as readonly string[]).includes(name)),
    );
    const taken = await state.driver.retried('POST', '/api/v2/promotions/use', {
      cookie: player.cookie,
      body: { promotionId: promotion.id, providerId: provider },
    });
    if (taken.status === 200) {
      state.counts.promotionsTaken += 1;
      const answer = await state.driver.retried('POST', '/api/v2/deposits', {
        cookie: player.cookie,
        body: { provider, amount: promotion.depositAmount, promotionId: promotion.id },
        headers: { 'idempotency-key': key() },
      });
      if (answer.status === 200 || answer.status === 201) {
        const code = (answer.body.order as { code: string }).code;
        const event = paymentEvent(code, promotion.depositAmount);
        state.payments.push({ event, billNumber: code });
        await deliver(state, event);
      }
    }
    // The usage in progress (this one or an earlier one): checked again, or given up.
    const using = await state.driver.retried('GET', '/api/v2/players/promotions/using', { cookie: player.cookie });
    const usage = using.body.usage as { usageId: string } | null | undefined;
    if (!usage) return;
    if (player.random() < 0.5) await state.driver.retried('POST', '/api/v2/promotions/usages/recheck', { cookie: player.cookie });
    else
      await state.driver.retried('POST', '/api/v2/promotions/usages/cancel', { cookie: player.cookie, body: { usageId: usage.usageId } });
  },
};

export const ACTIONS: ChaosAction[] = [
  {
    name: 'deposit paid by webhook, sometimes twice at once and once more later',
    weight: 5,
    async run(state, player) {
      const order = await openDeposit(state, player);
      if (!order) return;
      const event = paymentEvent(order.code, order.amount);
      state.payments.push({ event, billNumber: order.code });
      const roll = player.random();
      if (roll < 0.25) await Promise.all([deliver(state, event), deliver(state, event)]);
      else await deliver(state, event);
      if (player.random() < 0.3) state.lateEvents.push(event);
    },
  },
  {
    name: 'deposit canceled, sometimes racing its payment, sometimes paid late after the cancel',
    weight: 2,
    async run(state, player) {
      const order = await openDeposit(state, player);
      if (!order) return;
      const cancel = () => state.driver.retried('POST', `/api/v2/deposits/${order.code}/cancel`, { cookie: player.cookie });
      const roll = player.random();
      if (roll < 0.4) {
        const event = paymentEvent(order.code, order.amount);
        state.payments.push({ event, billNumber: order.code });
        await Promise.all([cancel(), deliver(state, event)]);
      } else {
        await cancel();
        if (roll < 0.7) {
          const event = paymentEvent(order.code, order.amount);
          state.payments.push({ event, billNumber: order.code });
          state.lateEvents.push(event);
        }
      }
      state.counts.canceled += 1;
    },
  },
  {
    name: 'withdrawal, retried with its Idempotency-Key',
    weight: 2,
    async run(state, player) {
      const provider = pickOf(player.random, PROVIDERS_IN_PLAY);
      const amount = pickOf(player.random, ['5.00', '20.00', '50.00', '120.00']);
      const answer = await state.driver.retried('POST', '/api/v2/withdrawals', {
        cookie: player.cookie,
        body: { provider, amount },
        headers: { 'idempotency-key': key() },
      });
      if (answer.status === 201 || answer.status === 200) state.counts.withdrawals += 1;
    },
  },
  {
    name: 'slot play on the sandbox game page',
    weight: 3,
    async run(state, player) {
      const provider = pickOf(player.random, PROVIDERS_IN_PLAY);
      const games = await state.driver.retried('GET', `/api/v2/games/${provider}`, { cookie: player.cookie });
      const list = (games.body.games as { code: string }[] | undefined) ?? [];
      if (!list.length) return;
      const game = pickOf(player.random, list).code;
      const launched = await state.driver.retried('POST', `/api/v2/games/${provider}/launch`, {
        cookie: player.cookie,
        body: { gameCode: game },
      });
      if (launched.status !== 200) return;
      const url = launched.body.url as string;
      for (let spin = 0; spin < 5; spin++) {
        try {
          const answer = await state.driver.call(state.driver.pick(), 'POST', `${url}/spins`, {
            body: { stake: pickOf(player.random, ['1.00', '5.00', '10.00']), game },
          });
          if (answer.status !== 200) break;
          state.counts.spins += 1;
        } catch (error) {
          if (!(error instanceof NoAnswer)) throw error;
        }
      }
    },
  },
  PROMOTION_ACTION,
  {
    name: 'credit read, which brings the ledger mirror in line with play',
    weight: 2,
    async run(state, player) {
      await state.driver.retried('GET', `/api/v2/players/credits/${pickOf(player.random, PROVIDERS_IN_PLAY)}`, { cookie: player.cookie });
    },
  },
];

function chooseAction(random: () => number): ChaosAction {
  const total = ACTIONS.reduce((sum, action) => sum + action.weight, 0);
  let roll = random() * total;
  for (const action of ACTIONS) {
    roll -= action.weight;
    if (roll < 0) return action;
  }
  return ACTIONS[ACTIONS.length - 1];
}

async function createPlayers(db: Database, agencyId: string, count: number, seed: number): Promise<Player[]> {
  const passwordHash = await hashPassword('chaos-password-1');
  const players: Player[] = [];
  for (let i = 0; i < count; i++) {
    const username = `chaos${i}${randomBytes(3).toString('hex')}`;
    const row = await db
      .insertInto('players')
      .values({ agency_id: agencyId, username, password_hash: passwordHash, display_name: username })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await createSession(db, row.id, agencyId, 24);
    players.push({ id: row.id, username, cookie: `${SESSION_COOKIE}=${token}`, random: mulberry32(seed * 1000 + i) });
  }
  return players;
}

/**
 * One more wrong-password login of a username than its limit allows, all at once and spread over
 * the three processes: the limit is one, counted in PostgreSQL, so exactly one is refused.
 */
async function tryLoginLimit(driver: Driver, servers: ServerProcess[], username: string): Promise<ChaosReport['loginLimit']> {
  const attempts = FREE_ATTEMPTS.username + 1;
  const answers = await Promise.all(
    Array.from({ length: attempts }, (_, i) =>
      driver.call(servers[i % servers.length], 'POST', '/api/v2/players/login', { body: { username, password: `wrong-password-${i}` } }),
    ),
  );
  return { attempts, refused: answers.filter((answer) => answer.status === 429 && answer.body.code === 'RATE_LIMITED').length };
}

// ---------------------------------------------------------------------------------------------
// The run

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const log = options.log ?? (() => {});
  const seedValue = options.seed ?? 20261122;
  const db = createDatabase(options.databaseUrl, 5);
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'champa-chaos-dist-'));
  // The pages are not what this run is about: a stand-in index.html keeps main.ts from building dist/.
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Champa</title>');
  const env = { ...SERVER_ENV, DATABASE_URL: options.databaseUrl, DIST_DIR: distDir };
  const servers: ServerProcess[] = [];
  try {
    // Seeded once here, so three processes starting together find the demo agency made.
    await seed(db);
    const agencyId = (await findAgencyByHost(db, '127.0.0.1'))!.id;
    for (let index = 0; index < 3; index++) {
      const port = await freePort();
      const server: ServerProcess = {
        index,
        port,
        url: `http://127.0.0.1:${port}`,
        child: undefined as unknown as ChildProcess,
        up: false,
        downs: [],
        output: '',
      };
      spawnServer(server, env);
      servers.push(server);
    }
    await Promise.all(servers.map((server) => waitUntilReady(server)));
    servers.forEach((server) => (server.up = true));
    log(`3 servers up on ports ${servers.map((server) => server.port).join(', ')}`);

    const driver = new Driver(servers, mulberry32(seedValue));
    const state: RunState = {
      driver,
      agencyId,
      payments: [],
      lateEvents: [],
      counts: { canceled: 0, withdrawals: 0, spins: 0, promotionsTaken: 0 },
    };
    const players = await createPlayers(db, agencyId, options.players, seedValue);
    const loginLimit = await tryLoginLimit(driver, servers, players[0].username);
    log(`login limit: ${loginLimit.refused} of ${loginLimit.attempts} wrong-password logins over 3 processes refused`);
    for (const [i, player] of players.entries()) {
      const answer = await driver.retried('POST', '/api/v2/players/bank-accounts', {
        cookie: player.cookie,
        body: {
          bank: 'bcel',
          accountNumber: String(10_000_000_000 + i).padStart(18, '0'),
          accountName: `CHAOS PLAYER ${i}`,
          currency: 'LAK',
          owner: true,
        },
      });
      if (answer.status !== 201) throw new Error(`bank account of player ${i}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }

    // The sandbox providers fail 20% of calls and time out on 5% (the call is done after the
    // client gave up). Faults are drawn in order, so the second share is of the calls left.
    for (const provider of PROVIDERS_IN_PLAY) {
      for (const fault of [
        { mode: 'error', share: 0.2 },
        { mode: 'delay', share: 0.05 / 0.8, delayMs: PROVIDER_TIMEOUT_MS + 500 },
      ]) {
        const answer = await driver.call(servers[0], 'POST', `/sandbox/providers/${provider}/faults`, { body: fault });
        if (answer.status !== 204) throw new Error(`fault for ${provider}: ${answer.status}`);
      }
    }
    log(`${players.length} players start; faults on ${PROVIDERS_IN_PLAY.join(', ')}: 20% error, 5% timeout`);

    const startedAt = Date.now();
    const endsAt = startedAt + options.durationMs;
    const failures: string[] = [];
    const playing = players.map(async (player, index) => {
      // Half the players start with a promotion, while their credit is still below its threshold.
      let next: ChaosAction | undefined = index % 2 === 0 ? PROMOTION_ACTION : undefined;
      while (Date.now() < endsAt) {
        try {
          await (next ?? chooseAction(player.random)).run(state, player);
          next = undefined;
        } catch (error) {
          failures.push(String((error as Error).stack ?? error));
          return;
        }
      }
    });
    const courier = (async () => {
      while (Date.now() < endsAt) {
        await sleep(500);
        const due = state.lateEvents.splice(0, state.lateEvents.length);
        await Promise.all(due.map((event) => deliver(state, event).catch((error) => failures.push(String(error)))));
      }
    })();
    const killer = (async () => {
      await sleep(options.durationMs * 0.4);
      const victim = servers[1];
      victim.up = false;
      const down = { from: Date.now(), to: Number.POSITIVE_INFINITY };
      victim.downs.push(down);
      victim.child.kill('SIGKILL');
      await new Promise((resolve) => victim.child.once('exit', resolve));
      log(`server 1 killed with SIGKILL after ${down.from - startedAt} ms`);
      await sleep(1500);
      spawnServer(victim, env);
      await waitUntilReady(victim);
      down.to = Date.now();
      victim.up = true;
      log(`server 1 restarted, ready after ${down.to - down.from} ms down`);
    })();
    await Promise.all([...playing, courier, killer]);
    // Late deliveries still queued go out now.
    await Promise.all(state.lateEvents.splice(0).map((event) => deliver(state, event)));
    if (failures.length) throw new Error(`the players' script failed:\n${failures.join('\n')}`);
    log(`load done after ${Date.now() - startedAt} ms, ${driver.sent.length} requests`);

    // The providers recover; the reconciler settles what the faults and the kill left pending.
    for (const provider of PROVIDERS_IN_PLAY) await driver.call(servers[0], 'DELETE', `/sandbox/providers/${provider}/faults`);
    const rounds = await settle(db, servers[0]);
    log(`settled after ${rounds} reconcile round(s)`);
    // Reading each credit brings each ledger mirror in line with the slot play at the provider.
    for (const player of players) {
      for (const provider of PROVIDERS_IN_PLAY) {
        const answer = await driver.call(servers[0], 'GET', `/api/v2/players/credits/${provider}`, { cookie: player.cookie });
        if (answer.status !== 200) throw new Error(`credit of ${player.id} at ${provider}: ${answer.status}`);
      }
    }

    const invariants = await checkInvariants(db, state);
    const violations = [...invariants.violations, ...checkAnswers(driver.sent, servers), ...driver.gaveUp];
    if (loginLimit.refused !== 1)
      violations.push(`${loginLimit.refused} of ${loginLimit.attempts} logins past the limit refused over 3 processes, not exactly 1`);
    const byStatus: Record<string, number> = {};
    for (const sent of driver.sent) byStatus[String(sent.status)] = (byStatus[String(sent.status)] ?? 0) + 1;
    const paid = await db
      .selectFrom('deposit_orders')
      .select(db.fn.countAll<string>().as('n'))
      .where('status', '=', 'SUCCESS')
      .executeTakeFirstOrThrow();
    const unmatched = await db.selectFrom('deposit_unmatched_payments').select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const bonuses = await db
      .selectFrom('ledger_transfers')
      .select(db.fn.countAll<string>().as('n'))
      .where('kind', '=', 'PROMOTION_BONUS')
      .executeTakeFirstOrThrow();
    const succeeded = await db
      .selectFrom('withdrawals')
      .select(db.fn.countAll<string>().as('n'))
      .where('status', '=', 'SUCCESS')
      .executeTakeFirstOrThrow();
    const dependencyUnavailableByRoute: Record<string, number> = {};
    for (const sent of driver.sent) {
      if (sent.code === undefined || !DEPENDENCY_CODES.has(sent.code)) continue;
      const route = `${sent.status} ${sent.method} ${sent.path}`;
      dependencyUnavailableByRoute[route] = (dependencyUnavailableByRoute[route] ?? 0) + 1;
    }
    return {
      players: players.length,
      durationMs: options.durationMs,
      requests: driver.sent.length,
      byStatus,
      dependencyUnavailable: driver.sent.filter((sent) => sent.code !== undefined && DEPENDENCY_CODES.has(sent.code)).length,
      dependencyUnavailableByRoute,
      cutByKill: driver.sent.filter((sent) => sent.status === 'NO_ANSWER').length,
      deposits: {
        paid: Number(paid.n),
        unmatched: Number(unmatched.n),
        canceled: state.counts.canceled,
        webhooksSent: driver.sent.filter((sent) => sent.path === '/api/v2/webhooks/laoqr').length,
        paymentsChecked: state.payments.length,
      },
      walletsCompared: invariants.walletsCompared,
      withdrawals: { requested: state.counts.withdrawals, succeeded: Number(succeeded.n) },
      spins: state.counts.spins,
      promotions: { taken: state.counts.promotionsTaken, bonusesCredited: Number(bonuses.n) },
      reconcileRounds: rounds,
      killedForMs: servers[1].downs.reduce((total, down) => total + (down.to - down.from), 0),
      loginLimit,
      violations,
    };
  } finally {
    await Promise.all(servers.map((server) => stopServer(server)));
    await db.destroy();
    fs.rmSync(distDir, { recursive: true, force: true });
  }
}

/** What is left to settle: provider transfers, paid deposits, payouts and credit returns. */
async function unsettled(db: Database) {
  const count = async (query: Promise<{ n: string }>) => Number((await query).n);
  return {
    pendingTransfers: await count(
      db.selectFrom('ledger_transfers').select(db.fn.countAll<string>().as('n')).where('status', '=', 'PENDING').executeTakeFirstOrThrow(),
    ),
    paidDeposits: await count(
      db.selectFrom('deposit_orders').select(db.fn.countAll<string>().as('n')).where('status', '=', 'PAID').executeTakeFirstOrThrow(),
    ),
    payoutsOut: await count(
      db
        .selectFrom('withdrawals')
        .select(db.fn.countAll<string>().as('n'))
        .where('status', '=', 'OPEN')
        .where('payout_ref', 'is not', null)
        .executeTakeFirstOrThrow(),
    ),
    creditNotReturned: await count(
      db
        .selectFrom('withdrawals')
        .select(db.fn.countAll<string>().as('n'))
        .where('status', 'in', ['REJECTED', 'FAILED'])
        .where('credit_returned_satang', '=', '0')
        .executeTakeFirstOrThrow(),
    ),
    orphanWithdrawals: Number(
      (
        await sql<{ n: string }>`SELECT count(*) AS n FROM ledger_transfers t WHERE t.kind = 'WITHDRAWAL' AND t.status = 'POSTED'
          AND NOT EXISTS (SELECT 1 FROM withdrawals w WHERE w.agency_id = t.agency_id AND w.code = t.refs->>'code')`.execute(db)
      ).rows[0].n,
    ),
  };
}

/** Runs the reconciler until nothing is left to settle (every call has ended by now). */
async function settle(db: Database, server: ServerProcess): Promise<number> {
  const config = loadConfig({ ...process.env, ...SERVER_ENV });
  const providers = createProviderClient({ baseUrl: providerBaseUrls({}, () => server.url), timeoutMs: PROVIDER_TIMEOUT_MS * 5 });
  const gateway = createLaoQrGateway({ baseUrl: `${server.url}${SANDBOX_GATEWAY_PATH}`, timeoutMs: GATEWAY_TIMEOUT_MS * 5 });
  for (let round = 1; round <= 50; round++) {
    await reconcileOnce({ db, providers, gateway, defaults: config.withdrawals }, { olderThanMs: 0, payoutOlderThanMs: 0, limit: 10_000 });
    const left = await unsettled(db);
    if (Object.values(left).every((n) => n === 0)) return round;
    await sleep(200);
  }
  throw new Error(`still unsettled after 50 reconcile rounds: ${JSON.stringify(await unsettled(db))}`);
}

async function checkInvariants(db: Database, state: RunState): Promise<{ violations: string[]; walletsCompared: number }> {
  const violations: string[] = [];
  const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows;

  const unbalanced = await rows<{ transfer_id: string; currency: string; total: string }>(
    sql`SELECT transfer_id, currency, sum(amount)::text AS total FROM ledger_entries GROUP BY transfer_id, currency HAVING sum(amount) <> 0`,
  );
  for (const row of unbalanced) violations.push(`transfer ${row.transfer_id} sums to ${row.total} ${row.currency}, not 0`);

  const drifted = await rows<{ id: string; balance: string; entries: string }>(
    sql`SELECT a.id, a.balance::text, coalesce(sum(e.amount), 0)::text AS entries FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id GROUP BY a.id HAVING a.balance <> coalesce(sum(e.amount), 0)`,
  );
  for (const row of drifted) violations.push(`account ${row.id} holds ${row.balance} but its entries sum to ${row.entries}`);

  const negative = await rows<{ id: string; kind: string; balance: string }>(
    sql`SELECT id, kind, balance::text FROM ledger_accounts WHERE NOT may_go_negative AND balance < 0`,
  );
  for (const row of negative) violations.push(`account ${row.id} (${row.kind}) is negative: ${row.balance}`);
  const negativeWallets = await rows<{ member: string; balance: string }>(
    sql`SELECT member, balance::text FROM sandbox_provider_wallets WHERE balance < 0`,
  );
  for (const row of negativeWallets) violations.push(`provider wallet of ${row.member} is negative: ${row.balance}`);

  // Each player's wallet at each provider against the ledger's mirror of it.
  const mirrors = await rows<{ player_id: string; provider: string; wallet: string; mirror: string | null }>(
    sql`SELECT m.player_id, m.provider, w.balance::text AS wallet, a.balance::text AS mirror
        FROM provider_members m
        JOIN sandbox_provider_wallets w ON w.provider = m.provider AND w.member = m.member
        LEFT JOIN ledger_accounts a ON a.kind = 'player_credit' AND a.player_id = m.player_id AND a.provider = m.provider`,
  );
  for (const row of mirrors) {
    if (row.wallet !== (row.mirror ?? '0'))
      violations.push(`player ${row.player_id} holds ${row.wallet} at ${row.provider} but the ledger mirror says ${row.mirror ?? 0}`);
  }

  // Every payment sent: credited exactly once to its order, or kept once as unmatched money.
  for (const { event, billNumber } of state.payments) {
    const transactionId = event.data.transactionId;
    const order = await db
      .selectFrom('deposit_orders')
      .select(['code', 'status', 'transaction_id'])
      .where('code', '=', billNumber)
      .executeTakeFirst();
    const kept = await db.selectFrom('deposit_unmatched_payments').select('id').where('transaction_id', '=', transactionId).execute();
    const matched = order?.transaction_id === transactionId;
    if (matched && kept.length) violations.push(`payment ${transactionId} both credited to ${billNumber} and kept as unmatched`);
    if (!matched && kept.length !== 1)
      violations.push(`payment ${transactionId} for ${billNumber} is neither credited nor kept once (kept ${kept.length} times)`);
    if (matched) {
      if (order.status !== 'SUCCESS') violations.push(`order ${billNumber} paid by ${transactionId} ends ${order.status}, not SUCCESS`);
      const payments = await rows<{ n: string }>(
        sql`SELECT count(*) AS n FROM ledger_transfers WHERE kind = 'DEPOSIT_PAYMENT' AND refs->>'deposit' = ${billNumber}`,
      );
      const credits = await rows<{ n: string }>(
        sql`SELECT count(*) AS n FROM ledger_transfers WHERE kind = 'DEPOSIT_CREDIT' AND status = 'POSTED' AND refs->>'deposit' = ${billNumber}`,
      );
      const atProvider = await rows<{ n: string }>(
        sql`SELECT count(*) AS n FROM sandbox_provider_transfers WHERE direction = 'IN' AND status = 'SUCCESS' AND (ref = ${billNumber} OR ref LIKE ${`${billNumber}-%`})`,
      );
      if (payments[0].n !== '1' || credits[0].n !== '1' || atProvider[0].n !== '1') {
        violations.push(
          `order ${billNumber}: ${payments[0].n} payment transfer(s), ${credits[0].n} posted credit(s), ${atProvider[0].n} credit(s) at the provider; each should be 1`,
        );
      }
    }
  }
  // A promotion's bonus leaves the bonus pool once per order, and only for an order that has it.
  const bonuses = await rows<{ code: string; promo: string | null; n: string }>(
    sql`SELECT o.code, o.promo_credit_satang::text AS promo, count(t.id)::text AS n FROM deposit_orders o
        LEFT JOIN ledger_transfers t ON t.kind = 'PROMOTION_BONUS' AND t.refs->>'deposit' = o.code
        WHERE o.promotion_usage_id IS NOT NULL GROUP BY o.code, o.promo_credit_satang`,
  );
  for (const row of bonuses) {
    const expected = row.promo !== null && row.promo !== '0' ? '1' : '0';
    if (row.n !== expected)
      violations.push(`order ${row.code} with promo credit ${row.promo ?? 'none'} has ${row.n} bonus transfer(s), not ${expected}`);
  }
  const stray = await rows<{ code: string }>(
    sql`SELECT code FROM deposit_orders WHERE status IN ('PAID', 'SUCCESS') AND transaction_id NOT IN (SELECT unnest(${state.payments.map((payment) => payment.event.data.transactionId)}::text[]))`,
  );
  for (const row of stray) violations.push(`order ${row.code} is paid by a payment nobody made`);
  return { violations, walletsCompared: mirrors.length };
}

/** No 5xx but a dependency's named refusal; no unanswered request but to a killed process. */
function checkAnswers(sent: Sent[], servers: ServerProcess[]): string[] {
  const violations: string[] = [];
  for (const request of sent) {
    const what = `${request.method} ${request.path} on server ${request.server}`;
    if (request.status === 'NO_ANSWER') {
      const cut = servers[request.server].downs.some((down) => request.endedAt >= down.from && request.startedAt <= down.to);
      if (!cut) violations.push(`${what} got no answer while its process was up`);
    } else if (request.status >= 500 && !(request.code && DEPENDENCY_CODES.has(request.code))) {
      violations.push(`${what} answered ${request.status} ${request.code ?? ''}`);
    }
  }
  return violations;
}
