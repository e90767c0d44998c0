import { createHash } from 'node:crypto';
import type { Database } from '../../db/database';
import { formatAmount } from '../../../contract/money';
import type { Provider } from '../../../contract/providers';
import type { FlaggedPlayer, RiskEvidence, RiskFlagKind } from '../../../contract/riskFlags';
import { sharedDevices } from '../players';
import { bankAccountRefusals, failedDepositsOnFailedDays, passThroughWithdrawals, selfExcludedReturns } from './repository';

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
  const rows = await bankAccountRefusals(db, agencyId);
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

/** A player's Vientiane day with FAILED_DEPOSITS_PER_DAY or more deposit orders failed, cancelled or expired. */
async function failedDepositFlags(db: Database, agencyId: string): Promise<RaisedFlag[]> {
  const rows = await failedDepositsOnFailedDays(db, agencyId);
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
  const rows = await passThroughWithdrawals(db, agencyId);
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
  const rows = await selfExcludedReturns(db, agencyId);
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
