import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { prepared, type Database } from '../../db/database';
import type { Provider } from '../../../contract/providers';
import { SandboxError } from '../errors';
import { payoutFor, spinReels, isSymbol, type SlotSymbol } from './slot';

/** The sandbox provider's own records: members, wallets, transfers by ref, bets, game sessions. */

export type SandboxTransferOutcome = { status: 'SUCCESS'; balance: bigint } | { status: 'FAILED'; code: string };

export const SESSION_HOURS = 4;
/** Recorded for a ref that was asked about before any transfer with it arrived: it can never run later. */
export const REF_CLOSED = 'REF_CLOSED';

const hashToken = (token: string) => createHash('sha256').update(token).digest();

/** The member and its empty wallet in one statement; false when the member existed (nothing written). */
export async function createMember(db: Database, provider: Provider, member: string): Promise<boolean> {
  const wallet = await db
    .with('created', (qb) =>
      qb
        .insertInto('sandbox_provider_members')
        .values({ provider, member })
        .onConflict((oc) => oc.doNothing())
        .returning(['provider', 'member']),
    )
    .insertInto('sandbox_provider_wallets')
    .columns(['provider', 'member'])
    .expression((eb) => eb.selectFrom('created').select(['provider', 'member']))
    .returning('member')
    .executeTakeFirst();
  return wallet !== undefined;
}

export async function walletBalance(db: Database, provider: Provider, member: string): Promise<bigint> {
  const wallet = await db
    .selectFrom('sandbox_provider_wallets')
    .select('balance')
    .where('provider', '=', provider)
    .where('member', '=', member)
    .executeTakeFirst();
  if (!wallet) throw new SandboxError(404, 'MEMBER_NOT_FOUND', `No member ${member}`);
  return BigInt(wallet.balance);
}

/**
 * Runs a transfer exactly once per ref. The first request with a ref decides its outcome (done, or
 * refused for a reason) and every later request with the same ref gets that same outcome; the same
 * ref with another member, direction or amount is a conflict. A first request is one statement: it
 * locks the wallet, records the ref with its outcome and moves the balance when it is done.
 */
export async function applyTransfer(
  db: Database,
  provider: Provider,
  request: { ref: string; member: string; direction: 'IN' | 'OUT'; amount: bigint },
): Promise<SandboxTransferOutcome> {
  const { ref, member, direction, amount } = request;
  const change = direction === 'IN' ? amount : -amount;
  const { rows } = await sql<{ status: 'SUCCESS' | 'FAILED'; failure_code: string | null; balance: string | null }>`${prepared}
    WITH wallet AS (
      SELECT balance FROM sandbox_provider_wallets WHERE provider = ${provider} AND member = ${member} FOR UPDATE
    ),
    verdict AS (
      SELECT CASE
        WHEN EXISTS (SELECT FROM wallet WHERE balance + ${change}::bigint >= 0) THEN NULL
        WHEN EXISTS (SELECT FROM sandbox_provider_members WHERE provider = ${provider} AND member = ${member}) THEN 'INSUFFICIENT_BALANCE'
        ELSE 'MEMBER_NOT_FOUND'
      END AS code
    ),
    recorded AS (
      INSERT INTO sandbox_provider_transfers (provider, ref, member, direction, amount, status, failure_code)
      SELECT ${provider}, ${ref}, ${member}, ${direction}, ${amount}::bigint, CASE WHEN code IS NULL THEN 'SUCCESS' ELSE 'FAILED' END, code
      FROM verdict
      ON CONFLICT (provider, ref) DO NOTHING
      RETURNING status, failure_code
    ),
    moved AS (
      UPDATE sandbox_provider_wallets SET balance = balance + ${change}::bigint
      WHERE provider = ${provider} AND member = ${member} AND EXISTS (SELECT FROM recorded WHERE status = 'SUCCESS')
      RETURNING balance
    )
    SELECT recorded.status, recorded.failure_code, moved.balance FROM recorded LEFT JOIN moved ON true`.execute(db);
  const first = rows[0];
  if (first)
    return first.status === 'SUCCESS'
      ? { status: 'SUCCESS', balance: BigInt(first.balance as string) }
      : { status: 'FAILED', code: first.failure_code as string };
  const earlier = await db
    .selectFrom('sandbox_provider_transfers')
    .selectAll()
    .where('provider', '=', provider)
    .where('ref', '=', ref)
    .executeTakeFirstOrThrow();
  if (earlier.direction === 'NONE') return { status: 'FAILED', code: REF_CLOSED };
  if (earlier.member !== member || earlier.direction !== direction || BigInt(earlier.amount) !== amount) {
    throw new SandboxError(409, 'REF_CONFLICT', `Ref ${ref} was used for another transfer`);
  }
  if (earlier.status === 'FAILED') return { status: 'FAILED', code: earlier.failure_code ?? 'FAILED' };
  return { status: 'SUCCESS', balance: await walletBalance(db, provider, member) };
}

/**
 * The outcome of a ref. A ref never seen is closed on the spot, so a request with it that is still
 * travelling can no longer run: "not found" stays true for good.
 */
export async function transferStatus(
  db: Database,
  provider: Provider,
  ref: string,
): Promise<{ status: 'SUCCESS' | 'FAILED' | 'NOT_FOUND'; code?: string }> {
  await db
    .insertInto('sandbox_provider_transfers')
    .values({ provider, ref, member: '', direction: 'NONE', amount: 0n, status: 'FAILED', failure_code: REF_CLOSED })
    .onConflict((oc) => oc.columns(['provider', 'ref']).doNothing())
    .execute();
  const row = await db
    .selectFrom('sandbox_provider_transfers')
    .select(['direction', 'status', 'failure_code'])
    .where('provider', '=', provider)
    .where('ref', '=', ref)
    .executeTakeFirstOrThrow();
  if (row.direction === 'NONE') return { status: 'NOT_FOUND' };
  return row.status === 'SUCCESS' ? { status: 'SUCCESS' } : { status: 'FAILED', code: row.failure_code ?? 'FAILED' };
}

export async function openSession(
  db: Database,
  provider: Provider,
  member: string,
  gameCode: string | null,
  language: string,
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db
    .insertInto('sandbox_provider_sessions')
    .values({
      token_hash: hashToken(token),
      provider,
      member,
      game_code: gameCode,
      language,
      expires_at: new Date(Date.now() + SESSION_HOURS * 3600_000),
    })
    .execute();
  return token;
}

export interface GameSession {
  provider: Provider;
  member: string;
  gameCode: string | null;
  language: string;
}

export async function findSession(db: Database, provider: Provider, token: string): Promise<GameSession | undefined> {
  if (token.length > 100) return undefined;
  const row = await db
    .selectFrom('sandbox_provider_sessions')
    .select(['member', 'game_code', 'language'])
    .where('token_hash', '=', hashToken(token))
    .where('provider', '=', provider)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row && { provider, member: row.member, gameCode: row.game_code, language: row.language };
}

export interface SpinResult {
  reels: SlotSymbol[];
  stake: bigint;
  payout: bigint;
  balance: bigint;
}

/**
 * One bet: the stake leaves the wallet and the payout comes back in the same transaction, and the
 * bet is recorded as turnover. Reels rigged by a test are used first, in order.
 */
export async function spin(db: Database, session: GameSession, gameCode: string, stake: bigint): Promise<SpinResult> {
  return db.transaction().execute(async (trx) => {
    const wallet = await trx
      .selectFrom('sandbox_provider_wallets')
      .select(['balance', 'rigged_spins'])
      .where('provider', '=', session.provider)
      .where('member', '=', session.member)
      .forUpdate()
      .executeTakeFirst();
    if (!wallet) throw new SandboxError(404, 'MEMBER_NOT_FOUND', 'No such member');
    if (BigInt(wallet.balance) < stake) throw new SandboxError(409, 'INSUFFICIENT_BALANCE', 'The balance does not cover the stake');
    const [rigged, ...rest] = wallet.rigged_spins;
    const reels = rigged && rigged.length === 3 && rigged.every(isSymbol) ? rigged : spinReels();
    const payout = payoutFor(reels, stake);
    const updated = await trx
      .updateTable('sandbox_provider_wallets')
      .set({ balance: sql`balance - ${stake}::bigint + ${payout}::bigint`, rigged_spins: JSON.stringify(rigged ? rest : []) })
      .where('provider', '=', session.provider)
      .where('member', '=', session.member)
      .returning('balance')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('sandbox_provider_bets')
      .values({ provider: session.provider, member: session.member, game_code: gameCode, stake, payout, reels: JSON.stringify(reels) })
      .execute();
    return { reels, stake, payout, balance: BigInt(updated.balance) };
  });
}

export async function rigSpins(db: Database, provider: Provider, member: string, reels: SlotSymbol[][]): Promise<void> {
  const updated = await db
    .updateTable('sandbox_provider_wallets')
    .set({ rigged_spins: JSON.stringify(reels) })
    .where('provider', '=', provider)
    .where('member', '=', member)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw new SandboxError(404, 'MEMBER_NOT_FOUND', `No member ${member}`);
}

/** The member's turnover: the sum of stakes bet since a moment (or ever). */
export async function turnover(
  db: Database,
  provider: Provider,
  member: string,
  since: Date | undefined,
): Promise<{ turnover: bigint; bets: number }> {
  let query = db
    .selectFrom('sandbox_provider_bets')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<string>('stake'), sql<string>`0`).as('turnover'), eb.fn.countAll<string>().as('bets')])
    .where('provider', '=', provider)
    .where('member', '=', member);
  if (since) query = query.where('created_at', '>=', since);
  const row = await query.executeTakeFirstOrThrow();
  return { turnover: BigInt(row.turnover), bets: Number(row.bets) };
}

export interface TransferLogEntry {
  ref: string;
  member: string;
  direction: 'IN' | 'OUT';
  amount: bigint;
  status: 'SUCCESS' | 'FAILED';
  code: string | null;
  createdAt: Date;
  /** Where the next page starts: the entry's time in microseconds and its ref. */
  cursor: string;
}

/**
 * The provider's transfer log, as a provider's back office exports it for reconciling: every
 * transfer it received (done or refused) recorded in [since, until), or the one with a ref, oldest
 * first, a page at a time after a cursor. Refs only asked about (closed unseen) moved nothing and
 * are left out.
 */
export async function transferLog(
  db: Database,
  provider: Provider,
  query: { since?: Date; until?: Date; ref?: string; after?: { micros: string; ref: string }; limit: number },
): Promise<TransferLogEntry[]> {
  const micros = sql<string>`(extract(epoch FROM created_at) * 1000000)::bigint`;
  let select = db
    .selectFrom('sandbox_provider_transfers')
    .select(['ref', 'member', 'direction', 'amount', 'status', 'failure_code', 'created_at', micros.as('micros')])
    .where('provider', '=', provider)
    .where('direction', '<>', 'NONE');
  if (query.ref !== undefined) select = select.where('ref', '=', query.ref);
  if (query.since) select = select.where('created_at', '>=', query.since);
  if (query.until) select = select.where('created_at', '<', query.until);
  if (query.after) select = select.where(sql<boolean>`(${micros}, ref) > (${query.after.micros}::bigint, ${query.after.ref})`);
  const rows = await select.orderBy('created_at').orderBy('ref').limit(query.limit).execute();
  return rows.map((row) => ({
    ref: row.ref,
    member: row.member,
    direction: row.direction as 'IN' | 'OUT',
    amount: BigInt(row.amount),
    status: row.status,
    code: row.failure_code,
    createdAt: row.created_at,
    cursor: `${row.micros}:${row.ref}`,
  }));
}
