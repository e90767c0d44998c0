import { randomUUID } from 'node:crypto';
import { retryingDeadlocks } from '../../db/errors';
import { settledValue } from '../../db/inGroups';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { ErrorCode } from '../../../contract/errors';
import { ProviderRefusal, ProviderUnavailable, type ProviderClient } from '../../adapters/providers';
import { AppError } from '../errors';
import {
  beginPendingTransfers,
  findAccount,
  postPendingTransfers,
  postTransfer,
  lockAccount,
  voidPendingTransfer,
  type AccountRef,
  type LedgerTransfer,
  type LedgerTrx,
  type TransferResult,
  type Settlement,
  type TransferStatus,
  type WithSettlement,
} from '../ledger';
import { claimMembers, hasPendingTransfer, markMemberRegistered, memberOf, type PlayerAtProvider } from './repository';

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
  /** True when this call settled the transfer, the caller's withPosting written with a POSTED one. */
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

type Settled<T> = PromiseSettledResult<T>;

/**
 * The players' member names at the providers, creating each member there on first use; answers
 * each with its name or with what the provider said. The names are stored before the provider is
 * asked, so a crash in between finishes with the same name later.
 */
export async function ensureMembers(deps: WalletDeps, whos: PlayerAtProvider[]): Promise<Array<Settled<string>>> {
  const { db, providers } = deps;
  const claimed = await claimMembers(db, whos);
  // A player named twice (two deposits at once) is created at the provider once.
  const creations = new Map<string, Promise<void>>();
  return Promise.all(
    claimed.map(async ({ member, registered }, index): Promise<Settled<string>> => {
      if (registered) return { status: 'fulfilled', value: member };
      const who = whos[index];
      let creation = creations.get(member);
      if (!creation) {
        creation = providers.createMember(who.provider, member).then(() => markMemberRegistered(db, who));
        creations.set(member, creation);
      }
      try {
        await creation;
        return { status: 'fulfilled', value: member };
      } catch (reason) {
        return { status: 'rejected', reason };
      }
    }),
  );
}

/** The player's member name at the provider, as ensureMembers gives it; the provider's failure is thrown. */
export async function ensureMember(deps: WalletDeps, who: PlayerAtProvider): Promise<string> {
  const [member] = await ensureMembers(deps, [who]);
  return settledValue(member);
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
    const account = await lockAccount(trx, who.agencyId, creditAccount(who));
    if (account.version !== seenVersion) return;
    const difference = live - account.balance;
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

export interface ProviderTransferRequest extends PlayerAtProvider {
  /** THB credit in satang, above 0. */
  amount: bigint;
  /** Idempotency key: the same key and request give the first result (and retry a pending one). */
  key: string;
  kind?: string;
  refs?: Record<string, string>;
  /** The ref the provider is to know this transfer by (unique at the provider); a random one if unset. */
  providerRef?: string;
}

function checkAmount(amount: bigint) {
  if (typeof amount !== 'bigint' || amount <= 0n) throw new AppError(400, ErrorCode.VALIDATION_ERROR, 'The amount must be above 0');
}

export type CreditRequest = ProviderTransferRequest & { from: AccountRef };

const creditTransfer = (request: CreditRequest, member = ''): ProviderTransfer => ({
  request,
  member,
  direction: 'IN',
  from: request.from,
  to: creditAccount(request),
  kind: request.kind ?? 'PROVIDER_CREDIT_IN',
});

/**
 * Puts credit into the players' wallets at the providers, each paid from its `from` account (for a
 * deposit, what is owed to the player), several of one agency together: record them PENDING, send
 * each with its ref, settle; each statement serves all of them. `withPosting`, the caller's own
 * record of the credits, is written in the statement that posts them. Answers each with its result
 * or its error.
 */
export async function sendCreditsToProvider(
  deps: WalletDeps,
  requests: CreditRequest[],
  withPosting?: WithSettlement,
): Promise<Array<Settled<ProviderTransferResult>>> {
  requests.forEach(({ amount }) => checkAmount(amount));
  const members = await ensureMembers(deps, requests);
  const results: Array<Settled<ProviderTransferResult>> = [];
  const ready: number[] = [];
  members.forEach((member, index) => {
    if (member.status === 'rejected') results[index] = { status: 'rejected', reason: providerFailure(member.reason) };
    else ready.push(index);
  });
  const sent = await runProviderTransfers(
    deps,
    withPosting,
    ready.map((index) => creditTransfer(requests[index], (members[index] as PromiseFulfilledResult<string>).value)),
  );
  ready.forEach((index, position) => (results[index] = sent[position]));
  return results;
}

/**
 * Records the intents of credits (PENDING ledger transfers with their provider refs) in the
 * caller's transaction, where the decision to credit is taken, so nothing can decide otherwise
 * about the same money before it commits. A key recorded before answers its transfer as it stands.
 * sendRecordedCredits makes the calls once the transaction has committed.
 */
export async function recordCredits(trx: LedgerTrx, requests: CreditRequest[]): Promise<TransferResult[]> {
  requests.forEach(({ amount }) => checkAmount(amount));
  return beginProviderTransfers(
    trx,
    requests.map((request) => creditTransfer(request)),
  );
}

/**
 * Sends credits recorded by recordCredits (their transaction committed) to the providers and
 * settles them as sendCreditsToProvider does; a transfer settled before is answered as it is.
 */
export async function sendRecordedCredits(
  deps: WalletDeps,
  recorded: TransferResult[],
  withPosting?: WithSettlement,
): Promise<Array<Settled<ProviderTransferResult>>> {
  const toSend = recorded.flatMap(({ transfer }, index) => (transfer.status === 'PENDING' ? [index] : []));
  const members = await ensureMembers(
    deps,
    toSend.map((index) => {
      const { transfer } = recorded[index];
      return { agencyId: transfer.agencyId, playerId: transfer.refs.playerId, provider: transfer.provider!.name };
    }),
  );
  const results: Array<Settled<ProviderTransferResult>> = [];
  const memberOfIndex = new Map<number, string>();
  for (const [position, index] of toSend.entries()) {
    const member = members[position];
    if (member.status === 'fulfilled') {
      memberOfIndex.set(index, member.value);
      continue;
    }
    const { transfer, replayed } = recorded[index];
    const who = { agencyId: transfer.agencyId, playerId: transfer.refs.playerId, provider: transfer.provider!.name };
    // A ref is only ever sent for a registered member: with none, nothing moved at the provider, so the outcome is known.
    if ((await memberOf(deps.db, who))?.registered) results[index] = { status: 'rejected', reason: providerFailure(member.reason) };
    else {
      const voided = await voidPendingTransfer(deps.db, transfer.agencyId, transfer.id, 'MEMBER_NOT_CREATED');
      results[index] = { status: 'fulfilled', value: resultOf(voided, replayed) };
    }
  }
  const ready = recorded.flatMap((_, index) => (results[index] === undefined ? [index] : []));
  const sent = await sendBegun(
    deps,
    withPosting,
    ready.map((index) => recorded[index]),
    ready.map((index) => memberOfIndex.get(index) ?? ''),
  );
  ready.forEach((index, position) => (results[index] = sent[position]));
  return results;
}

/** Puts credit into one player's wallet at the provider, as sendCreditsToProvider does; its error is thrown. */
export async function sendCreditToProvider(deps: WalletDeps, request: CreditRequest): Promise<ProviderTransferResult> {
  const [result] = await sendCreditsToProvider(deps, [request]);
  return settledValue(result);
}

/**
 * The caller's check that must hold when the money is recorded (a limit counted under the player's
 * lock): it runs first in the transaction that begins the transfer, and what it throws records nothing.
 */
export type BeforeBegin = (trx: LedgerTrx) => Promise<void>;

/**
 * Takes credit out of the player's wallet at the provider into the `to` account (for a withdrawal,
 * the payout clearing account): sync the mirror with the live credit, hold the amount, transfer
 * out with the ref, settle. INSUFFICIENT_CREDIT when the credit does not cover it.
 */
export async function takeCreditFromProvider(
  deps: WalletDeps,
  request: ProviderTransferRequest & { to: AccountRef },
  beforeBegin?: BeforeBegin,
): Promise<ProviderTransferResult> {
  checkAmount(request.amount);
  const member = await withProvider(() => ensureMember(deps, request));
  await withProvider(() => readCredit(deps, request));
  const kind = request.kind ?? 'PROVIDER_CREDIT_OUT';
  const [result] = await runProviderTransfers(
    deps,
    undefined,
    [{ request, member, direction: 'OUT', from: creditAccount(request), to: request.to, kind }],
    beforeBegin,
  );
  return settledValue(result);
}

/** A transfer at a provider to run: the request, its player's member there and the ledger accounts it moves between (from, to) and its kind. */
interface ProviderTransfer {
  request: ProviderTransferRequest;
  member: string;
  direction: 'IN' | 'OUT';
  from: AccountRef;
  to: AccountRef;
  kind: string;
}

/** What the provider said to one transfer: done, refused (with its code), or no answer. */
type ProviderAnswer = { said: 'done' } | { said: 'refused'; code: string } | { said: 'nothing' };

async function askProvider(deps: WalletDeps, transfer: LedgerTransfer, member: string): Promise<ProviderAnswer> {
  const { name: provider, ref, direction } = transfer.provider!;
  try {
    await deps.providers.transfer(provider, { ref, member, direction, amount: transfer.pending!.amount });
    return { said: 'done' };
  } catch (error) {
    if (error instanceof ProviderRefusal) return { said: 'refused', code: error.code };
    if (error instanceof ProviderUnavailable) return { said: 'nothing' };
    throw error;
  }
}

/** The intents of transfers at the providers: PENDING ledger transfers with unique provider refs, in one statement. */
function beginProviderTransfers(executor: Kysely<DB>, transfers: ProviderTransfer[]): Promise<TransferResult[]> {
  return beginPendingTransfers(
    executor,
    transfers.map(({ request, direction, from, to, kind }) => ({
      agencyId: request.agencyId,
      key: request.key,
      kind,
      from,
      via: { kind: 'provider_transit', playerId: request.playerId, provider: request.provider },
      to,
      amount: request.amount,
      refs: { ...request.refs, playerId: request.playerId },
      provider: { name: request.provider, ref: request.providerRef ?? randomUUID(), direction },
    })),
  );
}

/**
 * Runs transfers at the providers, several of one agency together: their intents, then each
 * provider call, then the outcomes (sendBegun). A key used before answers with its transfer as it
 * stands, or retries it while it is PENDING. `beforeBegin` runs in the intents' transaction, before them.
 */
async function runProviderTransfers(
  deps: WalletDeps,
  withPosting: WithSettlement | undefined,
  transfers: ProviderTransfer[],
  beforeBegin?: BeforeBegin,
): Promise<Array<Settled<ProviderTransferResult>>> {
  if (transfers.length === 0) return [];
  const begun = beforeBegin
    ? await deps.db.transaction().execute(async (trx) => {
        await beforeBegin(trx);
        return beginProviderTransfers(trx, transfers);
      })
    : await beginProviderTransfers(deps.db, transfers);
  return sendBegun(
    deps,
    withPosting,
    begun,
    transfers.map(({ member }) => member),
  );
}

/**
 * Asks the providers to run the PENDING transfers of one agency (each player's member given), then
 * records the outcomes: those done posted in one statement with the caller's withPosting, each
 * refusal voided (the held money goes back), an unknown outcome left PENDING for the reconciler.
 */
async function sendBegun(
  deps: WalletDeps,
  withPosting: WithSettlement | undefined,
  begun: TransferResult[],
  members: string[],
): Promise<Array<Settled<ProviderTransferResult>>> {
  if (begun.length === 0) return [];
  const { db } = deps;
  const answers = await Promise.allSettled(
    begun.map(({ transfer }, index) =>
      transfer.status === 'PENDING' ? askProvider(deps, transfer, members[index]) : Promise.resolve(undefined),
    ),
  );
  const done = begun.flatMap(({ transfer }, index) => {
    const answer = answers[index];
    return answer.status === 'fulfilled' && answer.value?.said === 'done' ? [transfer.id] : [];
  });
  // Two senders of one transfer (the webhook and the player's check) may settle it at once and
  // deadlock; the settlement is one statement, idempotent, so it is simply run again.
  const settlements = await retryingDeadlocks(() => postPendingTransfers(db, begun[0].transfer.agencyId, done, withPosting));
  const posted = new Map(settlements.map((settlement) => [settlement.transfer.id, settlement]));
  const results: Array<Settled<ProviderTransferResult>> = [];
  for (const [index, { transfer, replayed }] of begun.entries()) {
    const answer = answers[index];
    if (answer.status === 'rejected') results.push(answer);
    else if (answer.value?.said === 'refused') {
      const voided = await voidPendingTransfer(db, transfer.agencyId, transfer.id, answer.value.code);
      results.push({ status: 'fulfilled', value: resultOf(voided, replayed) });
    } else results.push({ status: 'fulfilled', value: resultOf(posted.get(transfer.id) ?? { transfer, settledNow: false }, replayed) });
  }
  return results;
}
