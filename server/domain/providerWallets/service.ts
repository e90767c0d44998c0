import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database';
import { ErrorCode } from '../../../src/contract/errors';
import { ProviderRefusal, ProviderUnavailable, type ProviderClient } from '../../adapters/providers';
import { AppError } from '../errors';
import {
  beginPendingTransfer,
  findAccount,
  postPendingTransfer,
  postTransfer,
  resolveAccount,
  voidPendingTransfer,
  type AccountRef,
  type LedgerTransfer,
  type Settlement,
  type TransferStatus,
  type WithSettlement,
} from '../ledger';
import { claimMember, hasPendingTransfer, markMemberRegistered, memberOf, type PlayerAtProvider } from './repository';

/**
 * A player's credit at the game providers, kept in step with the ledger. Provider calls are never
 * made inside a database transaction: the intent is recorded first (a PENDING ledger transfer with
 * a unique provider ref), then the provider is called, then the outcome is recorded. When the
 * outcome is unknown (timeout, 5xx) the transfer stays PENDING for the reconciler.
 */

export interface WalletDeps {
  db: Database;
  providers: ProviderClient;
}

export interface ProviderTransferResult {
  transferId: string;
  /** The ref the provider knows the transfer by. */
  ref: string;
  /** POSTED: done at the provider. VOIDED: refused there (failureCode says why), money back. PENDING: outcome unknown yet. */
  status: TransferStatus;
  failureCode: string | null;
  /** True when the idempotency key had been used with the same request before. */
  replayed: boolean;
  /** True when this call settled the transfer, its request's withPosting written with a POSTED one. */
  settledNow: boolean;
}

const creditAccount = ({ playerId, provider }: PlayerAtProvider): AccountRef => ({ kind: 'player_credit', playerId, provider });

/** Turns the adapter's failures into API errors: unknown outcome 503, definite refusal by its code. */
export function providerFailure(error: unknown): unknown {
  if (error instanceof ProviderUnavailable)
    return new AppError(503, ErrorCode.PROVIDER_UNAVAILABLE, `The game provider did not answer (${error.operation})`);
  if (error instanceof ProviderRefusal) {
    if (error.code === ErrorCode.UNKNOWN_GAME || error.code === ErrorCode.UNKNOWN_GAME_TAB)
      return new AppError(404, error.code, error.message);
    return new AppError(502, ErrorCode.PROVIDER_UNAVAILABLE, error.message);
  }
  return error;
}

export async function withProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerFailure(error);
  }
}

/**
 * The player's member name at the provider, creating the member there on first use. The name is
 * stored before the provider is asked, so a crash in between finishes with the same name later.
 */
export async function ensureMember(deps: WalletDeps, who: PlayerAtProvider): Promise<string> {
  const { db, providers } = deps;
  const { member, registered } = await claimMember(db, who);
  if (registered) return member;
  await providers.createMember(who.provider, member);
  await markMemberRegistered(db, who);
  return member;
}

/**
 * The player's live credit at the provider, in satang. The ledger's mirror of it is brought in
 * line with play at the provider (wins and losses, as a GAME_RESULT transfer against the house),
 * but only when nothing moved between reading the mirror and reading the provider: no transfer was
 * pending or started meanwhile (the account's version is unchanged), so the difference is play.
 */
export async function readCredit(deps: WalletDeps, who: PlayerAtProvider): Promise<bigint> {
  const { db, providers } = deps;
  const member = await ensureMember(deps, who);
  const account = await findAccount(db, who.agencyId, creditAccount(who));
  const pending = account ? await hasPendingTransfer(db, account.id) : false;
  const live = await providers.balance(who.provider, member);
  if (!pending && live !== (account?.balance ?? 0n)) await syncMirror(db, who, account?.version ?? 0n, live);
  return live;
}

/**
 * The live credit as an operator reads it: a player never made a member of the provider has no
 * wallet there (nothing was ever sent), so reading it creates no member.
 */
export async function peekCredit(deps: WalletDeps, who: PlayerAtProvider): Promise<bigint> {
  const member = await memberOf(deps.db, who);
  return member?.registered ? readCredit(deps, who) : 0n;
}

async function syncMirror(db: Database, who: PlayerAtProvider, seenVersion: bigint, live: bigint) {
  await db.transaction().execute(async (trx) => {
    const account = await resolveAccount(trx, who.agencyId, creditAccount(who));
    const row = await trx
      .selectFrom('ledger_accounts')
      .select(['balance', 'version'])
      .where('id', '=', account.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (BigInt(row.version) !== seenVersion) return;
    const difference = live - BigInt(row.balance);
    if (difference === 0n) return;
    await postTransfer(trx, {
      agencyId: who.agencyId,
      key: `game-result:${account.id}:${seenVersion}`,
      kind: 'GAME_RESULT',
      entries: [
        { account: creditAccount(who), amount: difference },
        { account: { kind: 'game_result', provider: who.provider }, amount: -difference },
      ],
      refs: { playerId: who.playerId, provider: who.provider },
    });
  });
}

function resultOf({ transfer, settledNow }: Settlement, replayed: boolean): ProviderTransferResult {
  const { id, provider, status, failureCode } = transfer;
  return { transferId: id, ref: provider!.ref, status, failureCode, replayed, settledNow };
}

/**
 * Calls the provider for a PENDING transfer and records what it said. A refusal voids the
 * transfer (the held money goes back); an unknown outcome leaves it PENDING.
 */
async function callAndSettle(
  deps: WalletDeps,
  transfer: LedgerTransfer,
  member: string,
  withPosting?: WithSettlement,
): Promise<Settlement> {
  const { db, providers } = deps;
  const { name: provider, ref, direction } = transfer.provider!;
  try {
    await providers.transfer(provider, { ref, member, direction, amount: transfer.pending!.amount });
  } catch (error) {
    if (error instanceof ProviderRefusal) return voidPendingTransfer(db, transfer.agencyId, transfer.id, error.code);
    if (error instanceof ProviderUnavailable) return { transfer, settledNow: false };
    throw error;
  }
  return postPendingTransfer(db, transfer.agencyId, transfer.id, withPosting);
}

export interface ProviderTransferRequest extends PlayerAtProvider {
  /** THB credit in satang, above 0. */
  amount: bigint;
  /** Idempotency key: the same key and request give the first result (and retry a pending one). */
  key: string;
  kind?: string;
  refs?: Record<string, string>;
  /** The ref the provider is to know this transfer by (unique at the provider); a random one if unset. */
  providerRef?: string;
  /** The caller's own record of the transfer, written in the statement that posts it. */
  withPosting?: WithSettlement;
}

function checkAmount(amount: bigint) {
  if (typeof amount !== 'bigint' || amount <= 0n) throw new AppError(400, ErrorCode.VALIDATION_ERROR, 'The amount must be above 0');
}

/**
 * Puts credit into the player's wallet at the provider, paid from the `from` account (for a deposit,
 * what is owed to the player): record PENDING, transfer in with the ref, settle.
 */
export async function sendCreditToProvider(
  deps: WalletDeps,
  request: ProviderTransferRequest & { from: AccountRef },
): Promise<ProviderTransferResult> {
  checkAmount(request.amount);
  const member = await withProvider(() => ensureMember(deps, request));
  return runProviderTransfer(deps, request, member, 'IN', request.from, creditAccount(request), request.kind ?? 'PROVIDER_CREDIT_IN');
}

/**
 * Takes credit out of the player's wallet at the provider into the `to` account (for a withdrawal,
 * the payout clearing account): sync the mirror with the live credit, hold the amount, transfer
 * out with the ref, settle. INSUFFICIENT_CREDIT when the credit does not cover it.
 */
export async function takeCreditFromProvider(
  deps: WalletDeps,
  request: ProviderTransferRequest & { to: AccountRef },
): Promise<ProviderTransferResult> {
  checkAmount(request.amount);
  const member = await withProvider(() => ensureMember(deps, request));
  await withProvider(() => readCredit(deps, request));
  return runProviderTransfer(deps, request, member, 'OUT', creditAccount(request), request.to, request.kind ?? 'PROVIDER_CREDIT_OUT');
}

async function runProviderTransfer(
  deps: WalletDeps,
  request: ProviderTransferRequest,
  member: string,
  direction: 'IN' | 'OUT',
  from: AccountRef,
  to: AccountRef,
  kind: string,
): Promise<ProviderTransferResult> {
  const { transfer, replayed } = await beginPendingTransfer(deps.db, {
    agencyId: request.agencyId,
    key: request.key,
    kind,
    from,
    via: { kind: 'provider_transit', playerId: request.playerId, provider: request.provider },
    to,
    amount: request.amount,
    refs: { ...request.refs, playerId: request.playerId },
    provider: { name: request.provider, ref: request.providerRef ?? randomUUID(), direction },
  });
  if (transfer.status !== 'PENDING') return resultOf({ transfer, settledNow: false }, replayed);
  return resultOf(await callAndSettle(deps, transfer, member, request.withPosting), replayed);
}
