import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { ErrorCode } from '../../../contract/errors';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_MIN_LENGTH, isIdempotencyKey } from '../../../contract/idempotency';
import { AppError } from '../errors';
import { claimedHash, insertClaim } from './repository';

/**
 * The one idempotency rule of every money action that takes an Idempotency-Key: the key is claimed
 * in its scope, in the transaction that makes the decision, with the hash of the request. The same
 * key and request again is a replay (the caller answers the object as it now is, moving nothing);
 * the same key with another request is 409 IDEMPOTENCY_CONFLICT.
 */

/** Where a key counts: within one agency, one kind of action and, for a player's own actions, one player. */
export interface ClaimScope {
  agencyId: string;
  name: string;
}

const ofPlayer = (kind: string) => (player: { agencyId: string; playerId: string }) => ({
  agencyId: player.agencyId,
  name: `${kind}:${player.playerId}`,
});

export const scopes = {
  /**
   * Every action of the operators' deposit review shares one scope: a key reused for another action
   * is a conflict.
   */
  depositReview: (agencyId: string): ClaimScope => ({ agencyId, name: 'deposit-review' }),
  withdrawalDecisions: (agencyId: string): ClaimScope => ({ agencyId, name: 'withdrawal-decisions' }),
  bonusPoolFunding: (agencyId: string): ClaimScope => ({ agencyId, name: 'bonus-pool-funding' }),
  playerDeposits: ofPlayer('deposits'),
  playerWithdrawals: ofPlayer('withdrawals'),
  playerBreaks: ofPlayer('breaks'),
};

export type Claim = 'new' | 'replay';

/** The Idempotency-Key of a money-moving call, by the one rule of contract; anything else is refused before anything moves. */
export function requireIdempotencyKey(headerValue: unknown): string {
  if (!isIdempotencyKey(headerValue)) {
    throw new AppError(
      400,
      ErrorCode.IDEMPOTENCY_KEY_REQUIRED,
      `Send an Idempotency-Key header of ${IDEMPOTENCY_KEY_MIN_LENGTH} to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters`,
    );
  }
  return headerValue;
}

/**
 * The hash of a request: what a repeat under the same key must match. Parts are joined by NUL as the
 * deposit review's and the withdrawal decisions' hashes were, so the claims copied from their tables
 * (and the ledger's stored transfer hashes, one part each) still match.
 */
export function requestHash(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex');
}

const conflict = () => new AppError(409, ErrorCode.IDEMPOTENCY_CONFLICT, 'This Idempotency-Key was already used for another request');

/**
 * Claims the key in the caller's transaction. Two transactions claiming one key at once take turns
 * on its row: the second waits for the first and then sees its claim (or, if it rolled back, claims it).
 */
export async function claim(trx: Transaction<DB>, scope: ClaimScope, key: string, hash: string): Promise<Claim> {
  if (await insertClaim(trx, scope, key, hash)) return 'new';
  if ((await claimedHash(trx, scope, key)) !== hash) throw conflict();
  return 'replay';
}

/**
 * A read before the transaction, for a replay to be answered before checks the first request passed
 * and a repeat might not pass now: 'replay', 409 for another request, or undefined when not claimed
 * yet (then claim decides, in the transaction).
 */
export async function earlierClaim(db: Database, scope: ClaimScope, key: string, hash: string): Promise<'replay' | undefined> {
  const earlier = await claimedHash(db, scope, key);
  if (earlier === undefined) return undefined;
  if (earlier !== hash) throw conflict();
  return 'replay';
}
