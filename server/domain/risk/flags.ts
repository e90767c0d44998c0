import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import type { Database } from '../../db/database';
import { formatAmount } from '../../../contract/money';
import type { Provider } from '../../../contract/providers';
import {
  FAILED_DEPOSITS_PER_DAY,
  UNSUCCESSFUL_DEPOSIT_STATUSES,
  type FlaggedPlayer,
  type RiskEvidence,
  type RiskFlagKind,
} from '../../../contract/riskFlags';
import { sharedDevices } from '../players';

/** A flag as its evidence raises it, before any review is looked at. */
export interface RaisedFlag {
  kind: RiskFlagKind;
  subject: string;
  players: FlaggedPlayer[];
  raisedAt: Date;
  /** Names the evidence: a review holds while the flag's key is the one it was made on. */
  evidenceKey: string;
  evidence: RiskEvidence;
}

const keyOf = (parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('hex');
const latest = (dates: Date[]) => new Date(Math.max(...dates.map((date) => date.getTime())));

/** Devices more than one player of the agency used (the one shared-device computation). */
async function sharedDeviceFlags(db: Database, agencyId: string): Promise<RaisedFlag[]> {
  return (await sharedDevices(db, agencyId)).map((device) => ({
    kind: 'SHARED_DEVICE',
    subject: device.visitorId,
    players: device.players.map(({ id, username }) => ({ id, username })),
    raisedAt: latest(device.players.map((player) => player.lastSeenAt)),
    // A new player on the device is new evidence; the same players coming back is not.
    evidenceKey: keyOf(device.players.map((player) => player.id).sort()),
    evidence: {
      kind: 'SHARED_DEVICE',
      fingerprint: device.visitorId,
      players: device.players.map((player) => ({ ...player, lastSeenAt: player.lastSeenAt.toISOString() })),
    },
  }));
}

/** Bank account numbers a player holds that other players tried to add (refused ACCOUNT_IN_USED). */
async function bankAccountFlags(db: Database, agencyId: string): Promise<RaisedFlag[]> {
  const rows = await db
    .selectFrom('bank_account_refusals as refusal')
    .innerJoin('players as tried', 'tried.id', 'refusal.player_id')
    .innerJoin('bank_accounts as account', (join) =>
      join
        .onRef('account.agency_id', '=', 'refusal.agency_id')
        .onRef('account.bank', '=', 'refusal.bank')
        .onRef('account.account_number', '=', 'refusal.account_number'),
    )
    .innerJoin('players as holder', 'holder.id', 'account.player_id')
    .select([
      'refusal.id',
      'refusal.bank',
      'refusal.account_number',
      'refusal.created_at',
      'tried.id as tried_id',
      'tried.username as tried_username',
      'holder.id as holder_id',
      'holder.username as holder_username',
    ])
    .where('refusal.agency_id', '=', agencyId)
    .orderBy('refusal.created_at')
    .execute();
  const flags = new Map<string, RaisedFlag & { evidence: { kind: 'BANK_ACCOUNT_IN_USE' } }>();
  for (const row of rows) {
    const subject = `${row.bank}:${row.account_number}`;
    const holder = { id: row.holder_id, username: row.holder_username };
    const flag = flags.get(subject) ?? {
      kind: 'BANK_ACCOUNT_IN_USE' as const,
      subject,
      players: [holder],
      raisedAt: row.created_at,
      evidenceKey: '',
      evidence: { kind: 'BANK_ACCOUNT_IN_USE' as const, bank: row.bank, accountNumber: row.account_number, holder, attempts: [] },
    };
    const tried = { id: row.tried_id, username: row.tried_username };
    flag.evidence.attempts.push({ player: tried, at: row.created_at.toISOString() });
    if (!flag.players.some((player) => player.id === tried.id)) flag.players.push(tried);
    flag.raisedAt = row.created_at;
    flags.set(subject, flag);
  }
  return [...flags.values()].map((flag) => ({
    ...flag,
    // Every new try is new evidence, and so is the account passing to another holder.
    evidenceKey: keyOf([flag.evidence.holder.id, ...flag.evidence.attempts.map((attempt) => `${attempt.player.id}@${attempt.at}`)]),
  }));
}

/**
 * A player's Vientiane day with FAILED_DEPOSITS_PER_DAY or more deposit orders failed, cancelled or
 * expired: the days at the threshold from deposit_failure_days (counted by triggers, migration 0034),
 * then each day's unsuccessful orders through their partial index, by player and time.
 */
async function failedDepositFlags(db: Database, agencyId: string): Promise<RaisedFlag[]> {
  const rows = await db
    .selectFrom('deposit_failure_days as failures')
    .innerJoin('players', 'players.id', 'failures.player_id')
    .crossJoinLateral((eb) =>
      eb
        .selectFrom('deposit_orders')
        .select(['deposit_orders.code', 'deposit_orders.status', 'deposit_orders.amount_kip', 'deposit_orders.created_at'])
        .whereRef('deposit_orders.agency_id', '=', 'failures.agency_id')
        .whereRef('deposit_orders.player_id', '=', 'failures.player_id')
        .where(sql<boolean>`deposit_orders.created_at >= failures.day::timestamp at time zone 'Asia/Vientiane'`)
        .where(sql<boolean>`deposit_orders.created_at < (failures.day + 1)::timestamp at time zone 'Asia/Vientiane'`)
        .where('deposit_orders.status', 'in', UNSUCCESSFUL_DEPOSIT_STATUSES)
        // OFFSET 0 keeps this a scan of its own for each day, its bounds in the index condition. Merged
        // into the join, the planner took most players' few failures for everyone's and read all of
        // a player's failed orders for each of their days, to filter them by day: a player who
        // failed daily for a year made the page take seconds.
        .offset(0)
        .as('failed'),
    )
    .select([
      'failures.player_id',
      'players.username',
      'failed.code',
      'failed.status',
      'failed.amount_kip',
      'failed.created_at',
      sql<string>`failures.day::text`.as('day'),
    ])
    .where('failures.agency_id', '=', agencyId)
    .where('failures.orders', '>=', FAILED_DEPOSITS_PER_DAY)
    .orderBy('failed.created_at')
    .execute();
  const flags = new Map<string, RaisedFlag & { evidence: { kind: 'FAILED_DEPOSITS' } }>();
  for (const row of rows) {
    const subject = `${row.player_id}:${row.day}`;
    const flag = flags.get(subject) ?? {
      kind: 'FAILED_DEPOSITS' as const,
      subject,
      players: [{ id: row.player_id, username: row.username }],
      raisedAt: row.created_at,
      evidenceKey: '',
      evidence: { kind: 'FAILED_DEPOSITS' as const, day: row.day, orders: [] },
    };
    flag.evidence.orders.push({
      code: row.code,
      status: row.status,
      amount: formatAmount(BigInt(row.amount_kip), 'LAK'),
      at: row.created_at.toISOString(),
    });
    flag.raisedAt = row.created_at;
    flags.set(subject, flag);
  }
  return [...flags.values()].map((flag) => ({ ...flag, evidenceKey: keyOf(flag.evidence.orders.map((order) => order.code).sort()) }));
}

/** Withdrawals requested when the stakes bet since the last deposits were below the credit deposited (under 1x turnover). */
async function passThroughFlags(db: Database, agencyId: string): Promise<RaisedFlag[]> {
  const rows = await db
    .selectFrom('withdrawals')
    .select((eb) => [
      'withdrawals.code',
      'withdrawals.provider',
      'withdrawals.amount_satang',
      'withdrawals.deposited_before_satang',
      'withdrawals.turnover_before_satang',
      'withdrawals.created_at',
      'withdrawals.player_id',
      // Each player by key: the planner cannot tell how many withdrawals meet the predicate below
      // (it guesses a third of them), and with a join it read the whole players table to match them.
      eb.selectFrom('players').select('players.username').whereRef('players.id', '=', 'withdrawals.player_id').as('username'),
    ])
    .where('withdrawals.agency_id', '=', agencyId)
    // The partial index's predicate, written as it is there so the planner uses it.
    .where(sql<boolean>`withdrawals.turnover_before_satang < withdrawals.deposited_before_satang`)
    .orderBy('withdrawals.created_at')
    .execute();
  return rows.map((row) => ({
    kind: 'PASS_THROUGH_WITHDRAWAL',
    subject: row.code,
    players: [{ id: row.player_id, username: row.username! }],
    raisedAt: row.created_at,
    // A withdrawal's evidence never changes once it is requested.
    evidenceKey: keyOf([row.code]),
    evidence: {
      kind: 'PASS_THROUGH_WITHDRAWAL',
      withdrawalCode: row.code,
      provider: row.provider as Provider,
      amount: formatAmount(BigInt(row.amount_satang), 'THB'),
      deposited: formatAmount(BigInt(row.deposited_before_satang!), 'THB'),
      turnover: formatAmount(BigInt(row.turnover_before_satang!), 'THB'),
      requestedAt: row.created_at.toISOString(),
    },
  }));
}

/** Self-excluded players with another account registered afterwards on a device they used. */
async function selfExcludedReturnFlags(db: Database, agencyId: string): Promise<RaisedFlag[]> {
  const rows = await db
    .selectFrom('player_breaks as exclusion')
    .innerJoin('players as excluded', 'excluded.id', 'exclusion.player_id')
    .innerJoin('player_fingerprints as used', (join) =>
      join.onRef('used.agency_id', '=', 'exclusion.agency_id').onRef('used.player_id', '=', 'exclusion.player_id'),
    )
    .innerJoin('player_fingerprints as registered', (join) =>
      join
        .onRef('registered.agency_id', '=', 'used.agency_id')
        .onRef('registered.visitor_id', '=', 'used.visitor_id')
        .onRef('registered.player_id', '<>', 'exclusion.player_id')
        .on('registered.source', '=', 'register')
        .onRef('registered.created_at', '>', 'exclusion.starts_at'),
    )
    .innerJoin('players as account', 'account.id', 'registered.player_id')
    .select(({ fn }) => [
      'excluded.id as excluded_id',
      'excluded.username as excluded_username',
      'account.id as account_id',
      'account.username as account_username',
      'registered.visitor_id',
      fn.min('exclusion.starts_at').as('excluded_since'),
      fn.min('registered.created_at').as('registered_at'),
    ])
    .where('exclusion.agency_id', '=', agencyId)
    .where('exclusion.kind', '=', 'SELF_EXCLUSION')
    .groupBy(['excluded.id', 'excluded.username', 'account.id', 'account.username', 'registered.visitor_id'])
    .orderBy('registered_at')
    .execute();
  const flags = new Map<string, RaisedFlag & { evidence: { kind: 'SELF_EXCLUDED_RETURN' } }>();
  for (const row of rows) {
    const registeredAt = new Date(row.registered_at);
    const excludedSince = new Date(row.excluded_since);
    const flag = flags.get(row.excluded_id) ?? {
      kind: 'SELF_EXCLUDED_RETURN' as const,
      subject: row.excluded_id,
      players: [{ id: row.excluded_id, username: row.excluded_username }],
      raisedAt: registeredAt,
      evidenceKey: '',
      evidence: { kind: 'SELF_EXCLUDED_RETURN' as const, excludedSince: excludedSince.toISOString(), accounts: [] },
    };
    flag.evidence.accounts.push({
      id: row.account_id,
      username: row.account_username,
      fingerprint: row.visitor_id,
      registeredAt: registeredAt.toISOString(),
    });
    if (!flag.players.some((player) => player.id === row.account_id))
      flag.players.push({ id: row.account_id, username: row.account_username });
    if (excludedSince.toISOString() < flag.evidence.excludedSince) flag.evidence.excludedSince = excludedSince.toISOString();
    flag.raisedAt = registeredAt;
    flags.set(row.excluded_id, flag);
  }
  return [...flags.values()].map((flag) => ({
    ...flag,
    evidenceKey: keyOf(flag.evidence.accounts.map((account) => `${account.id}@${account.fingerprint}`).sort()),
  }));
}

const FLAGS_OF_KIND: Record<RiskFlagKind, (db: Database, agencyId: string) => Promise<RaisedFlag[]>> = {
  SHARED_DEVICE: sharedDeviceFlags,
  BANK_ACCOUNT_IN_USE: bankAccountFlags,
  FAILED_DEPOSITS: failedDepositFlags,
  PASS_THROUGH_WITHDRAWAL: passThroughFlags,
  SELF_EXCLUDED_RETURN: selfExcludedReturnFlags,
};

/** The agency's flags of one kind, or of every kind. */
export async function raisedFlags(db: Database, agencyId: string, kind?: RiskFlagKind): Promise<RaisedFlag[]> {
  const kinds = kind === undefined ? (Object.keys(FLAGS_OF_KIND) as RiskFlagKind[]) : [kind];
  const lists = await Promise.all(kinds.map((each) => FLAGS_OF_KIND[each](db, agencyId)));
  return lists.flat();
}
