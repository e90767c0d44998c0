import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { sql } from 'kysely';
import { RECOUNTED_DEPOSIT_FAILURE_DAYS, RECOUNTED_DEVICE_PLAYERS, RECOUNTED_DEVICES } from '../server/db/riskCounts';
import { connectionStringOf, type Database } from '../server/db/database';
import { hashPassword } from '../server/domain/passwords';
import { dayClosing, resolveAccounts, type AccountRef } from '../server/domain/ledger';
import { PROVIDERS, type Provider } from '../contract/providers';
import type { DeviceFingerprint } from '../contract/players';
import { vientianeDay } from '../contract/vientiane';

/**
 * The large database of `npm run bench -- --scale`: players with a session, a bank account and two
 * device reports (registering and visiting; one player in SHARED_DEVICE_EVERY on the device of the
 * player before), a year of their deposit orders and withdrawals, and the ledger those moved, written with COPY.
 * Every row is one the product could have written: codes and keys in its formats, each transfer's
 * entries summing to zero, each account's balance the sum of its entries, no balance below zero
 * where the ledger forbids it. One player has a long history, for the deep pages of the deposit
 * history.
 */

export interface ScaleSize {
  players: number;
  depositOrders: number;
  /** One per player, from the first player on; at most `players`. */
  withdrawals: number;
  /** About how many ledger entries the deposits paid and the withdrawals should make. */
  ledgerEntries: number;
  /** Orders of the player with the long history (the first player); part of `depositOrders`. */
  longHistory: number;
}

export const FULL_SCALE: ScaleSize = {
  players: 1_000_000,
  depositOrders: 5_000_000,
  withdrawals: 1_000_000,
  ledgerEntries: 20_000_000,
  longHistory: 10_010,
};

/** A mid-range Android phone's fingerprint report, as the site sends it (DeviceFingerprintSchema). */
const phoneReporting = (visitorId: string): DeviceFingerprint => ({
  screen: '720x1600',
  version: '5.2.0',
  timezone: 'Asia/Vientiane',
  userAgent: 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36',
  plugins: '',
  webGL: {
    version: 'WebGL 1.0 (OpenGL ES 2.0 Chromium)',
    vendor: 'WebKit',
    vendorUnmasked: 'ARM',
    renderer: 'WebKit WebGL',
    rendererUnmasked: 'Mali-G52',
    shadingLanguageVersion: 'WebGL GLSL ES 1.0 (OpenGL ES GLSL ES 1.0 Chromium)',
  },
  audio: 124.04347527516074,
  platform: 'Linux armv8l',
  fingerprint: visitorId,
  memory: 4,
  fonts: 'Noto Sans Lao',
  languages: 'lo',
  hardwareConcurrency: 8,
  vendor: 'Google Inc.',
});

/** One player in this many registers on the device of the player before: a shared-device flag. */
const SHARED_DEVICE_EVERY = 200;

export interface ScaleLoad {
  counts: Record<
    'players' | 'sessions' | 'bankAccounts' | 'fingerprints' | 'depositOrders' | 'withdrawals' | 'transfers' | 'entries',
    number
  >;
  /** The player with the long history. */
  longHistoryPlayerId: string;
  seconds: number;
}

const DAY_MS = 24 * 3600 * 1000;
const YEAR_MS = 365 * DAY_MS;
const RATE_SELL = 640;
const RATE_BUY = 600;
/** Entries of a paid deposit (its payment, then its credit at the provider) and of each withdrawal's transfers. */
const ENTRIES = { paidDeposit: 6, withdrawal: 2, payout: 4, returned: 2 };

/** Synthetic ids that sort in the order they are written, so the indexes grow at their right edge. */
const idOf = (tag: string, n: number) => `${tag}000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** A fixed pseudo-random number in [0, 1) for (a, b, salt): the same database on every run. */
function unit(a: number, b: number, salt: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + salt * 0x27d4eb2f, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return ((h ^ (h >>> 15)) >>> 0) / 4294967296;
}

const NULL = '\\N';

/** One COPY ... FROM STDIN on a connection of its own, written in batches that respect its back pressure. */
class CopyStream<Column extends string> {
  private lines: string[] = [];
  count = 0;
  private constructor(
    readonly client: pg.Client,
    private readonly stream: NodeJS.WritableStream,
    private readonly columns: readonly Column[],
  ) {}

  static async open<Column extends string>(url: string, table: string, columns: readonly Column[]): Promise<CopyStream<Column>> {
    const client = new pg.Client({ connectionString: url, application_name: 'champa-bench-scale' });
    await client.connect();
    // A bulk load of rows known to be consistent: no row triggers (change notices, the
    // append-only and balance checks of single writes) and no foreign-key triggers. CHECK
    // constraints and unique indexes still hold every row.
    await client.query('SET session_replication_role = replica');
    await client.query('SET synchronous_commit = off');
    return new CopyStream(client, client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`)), columns);
  }

  /** One row, by column: every column named at open, in the order COPY was told. */
  async row(values: Record<Column, string | number | null>): Promise<void> {
    this.lines.push(this.columns.map((column) => (values[column] === null ? NULL : String(values[column]))).join('\t'));
    this.count += 1;
    if (this.lines.length >= 2000) await this.flush();
  }

  private async flush(): Promise<void> {
    const chunk = `${this.lines.join('\n')}\n`;
    this.lines = [];
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  async close(): Promise<void> {
    if (this.lines.length > 0) await this.flush();
    this.stream.end();
    await finished(this.stream);
    await this.client.end();
  }
}

interface PlannedOrder {
  n: number;
  code: string;
  provider: Provider;
  amountKip: number;
  creditSatang: number;
  paid: boolean;
  createdAt: number;
}

/** Each player's orders, oldest first; every player's first order is paid, so each can withdraw. */
function* ordersOf(size: ScaleSize, player: number, paidShare: number, start: number): Generator<PlannedOrder> {
  const others = size.players - 1;
  const perPlayer = Math.floor((size.depositOrders - size.longHistory) / others);
  const extra = (size.depositOrders - size.longHistory) % others;
  const count = player === 0 ? size.longHistory : perPlayer + (player - 1 < extra ? 1 : 0);
  const first = player === 0 ? 0 : size.longHistory + (player - 1) * perPlayer + Math.min(player - 1, extra);
  const offset = player === 0 ? 0.5 : unit(player, 0, 1);
  for (let k = 0; k < count; k++) {
    const n = first + k;
    const amountKip = 50_000 * (1 + Math.floor(unit(player, k, 2) * 20));
    yield {
      n,
      code: `S${n.toString(36).toUpperCase()}`,
      provider: PROVIDERS[player % PROVIDERS.length],
      amountKip,
      creditSatang: Math.round((amountKip * 100) / RATE_SELL),
      paid: k === 0 || unit(player, k, 3) < paidShare,
      createdAt: start + Math.floor(((k + offset) / count) * YEAR_MS),
    };
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Loads the large database on top of the migrated and seeded one, for `agencyId`. */
export async function loadScale(db: Database, agencyId: string, size: ScaleSize = FULL_SCALE): Promise<ScaleLoad> {
  if (size.withdrawals > size.players || size.longHistory >= size.depositOrders) throw new Error('impossible scale size');
  const started = performance.now();
  const url = connectionStringOf(db);
  const end = Date.now() - 10 * 60_000;
  const start = end - YEAR_MS;
  // Every player's first order is paid; the others in the share that makes about `ledgerEntries`.
  const withdrawalEntries = size.withdrawals * (ENTRIES.withdrawal + 0.94 * ENTRIES.payout + 0.04 * ENTRIES.returned);
  const paidShare = Math.min(
    1,
    Math.max(0, ((size.ledgerEntries - withdrawalEntries) / ENTRIES.paidDeposit - size.players) / (size.depositOrders - size.players)),
  );

  const agencyAccount = async (account: AccountRef) => (await resolveAccounts(db, agencyId, [account]))[0].id;
  const agency = {
    cash: await agencyAccount({ kind: 'agency_cash', currency: 'LAK' }),
    exchangeLak: await agencyAccount({ kind: 'exchange', currency: 'LAK' }),
    exchangeThb: await agencyAccount({ kind: 'exchange', currency: 'THB' }),
    clearing: await agencyAccount({ kind: 'payout_clearing', currency: 'THB' }),
    payoutsPaid: await agencyAccount({ kind: 'payouts_paid', currency: 'LAK' }),
  };
  const agencyMoved = new Map<string, number>(Object.values(agency).map((id) => [id, 0]));
  const creditOf = new Float64Array(size.players);
  // An account is created by its first movement: the payment of the player's first order.
  const firstPaidAt = new Float64Array(size.players);
  const passwordHash = await hashPassword('scale-password-9');

  const streams = {
    players: await CopyStream.open(url, 'players', ['id', 'agency_id', 'username', 'password_hash', 'display_name', 'created_at']),
    sessions: await CopyStream.open(url, 'player_sessions', ['id', 'token_hash', 'player_id', 'agency_id', 'created_at', 'expires_at']),
    bankAccounts: await CopyStream.open(url, 'bank_accounts', [
      'id',
      'agency_id',
      'player_id',
      'bank',
      'account_number',
      'account_name',
      'currency',
      'created_at',
    ]),
    fingerprints: await CopyStream.open(url, 'player_fingerprints', [
      'id',
      'agency_id',
      'player_id',
      'visitor_id',
      'device',
      'source',
      'ip',
      'created_at',
    ]),
    orders: await CopyStream.open(url, 'deposit_orders', [
      'id',
      'agency_id',
      'code',
      'player_id',
      'provider',
      'amount_kip',
      'credit_satang',
      'rate_sell',
      'rate_effective_at',
      'status',
      'idempotency_key',
      'expires_at',
      'transaction_id',
      'paid_amount_kip',
      'paid_at',
      'credited_at',
      'closed_at',
      'created_at',
    ]),
    withdrawals: await CopyStream.open(url, 'withdrawals', [
      'id',
      'agency_id',
      'code',
      'player_id',
      'provider',
      'idempotency_key',
      'amount_satang',
      'rate',
      'amount_kip',
      'bank',
      'account_name',
      'account_number',
      'status',
      'payout_ref',
      'payout_started_at',
      'received_kip',
      'payout_transaction_id',
      'credit_returned_satang',
      'reason',
      'decided_by',
      'created_at',
      'completed_at',
    ]),
    transfers: await CopyStream.open(url, 'ledger_transfers', [
      'id',
      'agency_id',
      'idempotency_key',
      'kind',
      'status',
      'request_hash',
      'refs',
      'provider',
      'provider_ref',
      'provider_direction',
      'created_at',
      'settled_at',
    ]),
    entries: await CopyStream.open(url, 'ledger_entries', ['transfer_id', 'account_id', 'agency_id', 'amount', 'currency', 'created_at']),
  };

  let transferNumber = 0;
  /** One posted transfer and its entries; agency accounts' movements are summed for their balances. */
  const transfer = async (
    key: string,
    kind: string,
    refs: Record<string, string>,
    at: number,
    entries: [account: string, amount: number, currency: 'LAK' | 'THB'][],
    provider: [name: string, ref: string, direction: 'IN' | 'OUT'] | null = null,
  ) => {
    const id = idOf('c0', transferNumber++);
    await streams.transfers.row({
      id,
      agency_id: agencyId,
      idempotency_key: key,
      kind,
      status: 'POSTED',
      request_hash: 'scale',
      refs: JSON.stringify(refs),
      provider: provider?.[0] ?? null,
      provider_ref: provider?.[1] ?? null,
      provider_direction: provider?.[2] ?? null,
      created_at: iso(at),
      settled_at: iso(at),
    });
    for (const [account, amount, currency] of entries) {
      await streams.entries.row({ transfer_id: id, account_id: account, agency_id: agencyId, amount, currency, created_at: iso(at) });
      const moved = agencyMoved.get(account);
      if (moved !== undefined) agencyMoved.set(account, moved + amount);
    }
  };

  for (let player = 0; player < size.players; player++) {
    const playerId = idOf('a0', player);
    const owedId = idOf('d0', player);
    const creditId = idOf('d1', player);
    const accountNumber = `0202${String(player).padStart(12, '0')}`;
    await streams.players.row({
      id: playerId,
      agency_id: agencyId,
      username: `scale${player}`,
      password_hash: passwordHash,
      display_name: `Scale ${player}`,
      created_at: iso(start - 86_400_000),
    });
    await streams.sessions.row({
      id: idOf('a1', player),
      token_hash: `\\\\x${player.toString(16).padStart(64, '0')}`,
      player_id: playerId,
      agency_id: agencyId,
      created_at: iso(end - 3_600_000),
      expires_at: iso(end + 23 * 3_600_000),
    });
    await streams.bankAccounts.row({
      id: idOf('a2', player),
      agency_id: agencyId,
      player_id: playerId,
      bank: 'bcel',
      account_number: accountNumber,
      account_name: 'SCALE PLAYER',
      currency: 'LAK',
      created_at: iso(start - 86_400_000),
    });
    const visitorId = (player > 0 && player % SHARED_DEVICE_EVERY === 0 ? player - 1 : player).toString(16).padStart(32, '0');
    for (const [report, source, at] of [
      [0, 'register', start - 86_400_000],
      [1, 'visit', end - 3_600_000],
    ] as const) {
      await streams.fingerprints.row({
        id: idOf(`a${3 + report}`, player),
        agency_id: agencyId,
        player_id: playerId,
        visitor_id: visitorId,
        device: JSON.stringify(phoneReporting(visitorId)),
        source,
        ip: '203.0.113.9',
        created_at: iso(at),
      });
    }

    let firstCredit = 0;
    for (const order of ordersOf(size, player, paidShare, start)) {
      const at = order.createdAt;
      const paidAt = at + 120_000;
      const transactionId = `TXS${order.n}`;
      const closed = order.paid ? null : unit(player, order.n, 4) < 0.8 ? 'EXPIRED' : 'CANCELED';
      await streams.orders.row({
        id: idOf('b0', order.n),
        agency_id: agencyId,
        code: order.code,
        player_id: playerId,
        provider: order.provider,
        amount_kip: order.amountKip,
        credit_satang: order.creditSatang,
        rate_sell: RATE_SELL,
        rate_effective_at: iso(at),
        status: closed ?? 'SUCCESS',
        idempotency_key: `scale-${order.n}`,
        expires_at: iso(at + 900_000),
        transaction_id: order.paid ? transactionId : null,
        paid_amount_kip: order.paid ? order.amountKip : null,
        paid_at: order.paid ? iso(paidAt) : null,
        credited_at: order.paid ? iso(paidAt + 1000) : null,
        closed_at: order.paid ? null : iso(closed === 'EXPIRED' ? at + 900_000 : at + 300_000),
        created_at: iso(at),
      });
      if (!order.paid) continue;
      if (firstCredit === 0) {
        firstCredit = order.creditSatang;
        firstPaidAt[player] = paidAt;
      }
      creditOf[player] += order.creditSatang;
      await transfer(`deposit:${order.code}:paid`, 'DEPOSIT_PAYMENT', { deposit: order.code, transactionId, playerId }, paidAt, [
        [agency.cash, order.amountKip, 'LAK'],
        [agency.exchangeLak, -order.amountKip, 'LAK'],
        [owedId, order.creditSatang, 'THB'],
        [agency.exchangeThb, -order.creditSatang, 'THB'],
      ]);
      await transfer(
        `deposit:${order.code}:credit:1`,
        'DEPOSIT_CREDIT',
        { deposit: order.code, playerId },
        paidAt + 1000,
        [
          [owedId, -order.creditSatang, 'THB'],
          [creditId, order.creditSatang, 'THB'],
        ],
        [order.provider, order.code, 'IN'],
      );
    }

    if (player >= size.withdrawals) continue;
    const provider = PROVIDERS[player % PROVIDERS.length];
    // Some time after the first payment, whose credit it takes half of: spread over the year.
    const at = firstPaidAt[player] + Math.floor(unit(player, 0, 6) * (end - firstPaidAt[player]));
    const amount = Math.floor(firstCredit / 2);
    const kip = Math.floor((amount * RATE_BUY) / 100);
    const code = `W${player.toString(36).toUpperCase()}`;
    const key = `scale-withdrawal-${player}`;
    const outcome = unit(player, 0, 5);
    const status = outcome < 0.02 ? 'OPEN' : outcome < 0.04 ? 'REJECTED' : outcome < 0.06 ? 'FAILED' : 'SUCCESS';
    const wid = idOf('b1', player);
    const done = at + 600_000;
    await streams.withdrawals.row({
      id: wid,
      agency_id: agencyId,
      code,
      player_id: playerId,
      provider,
      idempotency_key: key,
      amount_satang: amount,
      rate: RATE_BUY,
      amount_kip: kip,
      bank: 'bcel',
      account_name: 'SCALE PLAYER',
      account_number: accountNumber,
      status,
      payout_ref: status === 'OPEN' || status === 'REJECTED' ? null : `PS${player}`,
      payout_started_at: status === 'OPEN' || status === 'REJECTED' ? null : iso(at + 60_000),
      received_kip: status === 'SUCCESS' ? kip : null,
      payout_transaction_id: status === 'SUCCESS' ? `TXW${player}` : null,
      credit_returned_satang: status === 'REJECTED' || status === 'FAILED' ? amount : 0,
      reason: status === 'REJECTED' ? 'scale review' : null,
      decided_by: status === 'OPEN' ? null : 'auto',
      created_at: iso(at),
      completed_at: status === 'OPEN' ? null : iso(done),
    });
    creditOf[player] -= amount;
    await transfer(
      `withdrawal:${playerId}:${key}`,
      'WITHDRAWAL',
      { code, playerId, idempotencyKey: key, kip: String(kip), rate: String(RATE_BUY) },
      at,
      [
        [creditId, -amount, 'THB'],
        [agency.clearing, amount, 'THB'],
      ],
      [provider, code, 'OUT'],
    );
    if (status === 'SUCCESS') {
      await transfer(`withdrawal-paid:${wid}`, 'WITHDRAWAL_PAID', { withdrawal: code, payoutRef: `PS${player}`, kip: String(kip) }, done, [
        [agency.clearing, -amount, 'THB'],
        [agency.exchangeThb, amount, 'THB'],
      ]);
      await transfer(
        `withdrawal-kip:${wid}`,
        'WITHDRAWAL_PAYOUT_KIP',
        { withdrawal: code, payoutRef: `PS${player}`, kip: String(kip) },
        done,
        [
          [agency.cash, -kip, 'LAK'],
          [agency.payoutsPaid, kip, 'LAK'],
        ],
      );
    } else if (status !== 'OPEN') {
      creditOf[player] += amount;
      await transfer(
        `withdrawal-return:${wid}`,
        'WITHDRAWAL_RETURN',
        { withdrawal: code },
        done,
        [
          [agency.clearing, -amount, 'THB'],
          [creditId, amount, 'THB'],
        ],
        [provider, `${code}-R`, 'IN'],
      );
    }
  }
  const counts = {
    players: streams.players.count,
    sessions: streams.sessions.count,
    bankAccounts: streams.bankAccounts.count,
    fingerprints: streams.fingerprints.count,
    depositOrders: streams.orders.count,
    withdrawals: streams.withdrawals.count,
    transfers: streams.transfers.count,
    entries: streams.entries.count,
  };
  await Promise.all(Object.values(streams).map((stream) => stream.close()));

  // The players' accounts with the balances their entries sum to (owed is 0 once every paid deposit is credited).
  const accounts = await CopyStream.open(url, 'ledger_accounts', [
    'id',
    'agency_id',
    'kind',
    'player_id',
    'provider',
    'currency',
    'balance',
    'may_go_negative',
    'created_at',
  ]);
  for (let player = 0; player < size.players; player++) {
    const playerId = idOf('a0', player);
    await accounts.row({
      id: idOf('d0', player),
      agency_id: agencyId,
      kind: 'owed_to_player',
      player_id: playerId,
      provider: null,
      currency: 'THB',
      balance: 0,
      may_go_negative: 'f',
      created_at: iso(firstPaidAt[player]),
    });
    await accounts.row({
      id: idOf('d1', player),
      agency_id: agencyId,
      kind: 'player_credit',
      player_id: playerId,
      provider: PROVIDERS[player % PROVIDERS.length],
      currency: 'THB',
      balance: creditOf[player],
      may_go_negative: 'f',
      created_at: iso(firstPaidAt[player]),
    });
  }
  await accounts.close();
  // The agency's accounts were named before the load; they moved first a year ago.
  for (const [id, moved] of agencyMoved)
    await sql`UPDATE ledger_accounts SET balance = balance + ${moved}, version = version + 1, created_at = least(created_at, ${iso(start)}::timestamptz)
      WHERE id = ${id}`.execute(db);
  // The COPY ran without the triggers that count the risk flags' evidence: counted here, over what
  // the triggers counted before the load too (the small database's players).
  await sql
    .raw(
      `INSERT INTO deposit_failure_days (agency_id, player_id, day, orders) ${RECOUNTED_DEPOSIT_FAILURE_DAYS}
    ON CONFLICT (agency_id, player_id, day) DO UPDATE SET orders = EXCLUDED.orders`,
    )
    .execute(db);
  await sql
    .raw(`INSERT INTO device_players (agency_id, visitor_id, player_id) ${RECOUNTED_DEVICE_PLAYERS} ON CONFLICT DO NOTHING`)
    .execute(db);
  await sql
    .raw(
      `INSERT INTO devices (agency_id, visitor_id, players) ${RECOUNTED_DEVICES}
    ON CONFLICT (agency_id, visitor_id) DO UPDATE SET players = EXCLUDED.players`,
    )
    .execute(db);
  await sql`VACUUM ANALYZE players, player_sessions, bank_accounts, player_fingerprints, device_players, devices, deposit_orders,
    deposit_failure_days, withdrawals, ledger_accounts, ledger_transfers, ledger_entries`.execute(db);
  // An agency running for the year holds the closing of every day it reconciled, each from the day
  // before's: here every day before yesterday, the day whose reconciliation the bench asks. The
  // closings stored before the load (the small database's reconciliation) miss the year written here.
  await sql`DELETE FROM ledger_day_closings WHERE agency_id = ${agencyId}`.execute(db);
  const yesterday = vientianeDay(new Date(Date.now() - DAY_MS));
  let days = 0;
  for (let at = start; vientianeDay(new Date(at)) < yesterday; at += DAY_MS, days++)
    await dayClosing(db, agencyId, vientianeDay(new Date(at)));
  const [{ closed }] = (
    await sql<{ closed: number }>`SELECT count(DISTINCT day)::int AS closed FROM ledger_day_closings WHERE agency_id = ${agencyId}`.execute(
      db,
    )
  ).rows;
  if (closed !== days)
    throw new Error(`${days - closed} of the ${days} days loaded were not closed: a transaction begun before their end is open`);
  await sql`ANALYZE ledger_day_closings`.execute(db);
  return { counts, longHistoryPlayerId: idOf('a0', 0), seconds: (performance.now() - started) / 1000 };
}
