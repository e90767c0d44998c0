import { randomInt } from 'node:crypto';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { ErrorCode } from '../../../contract/errors';
import { checkBankAccountInput, ACCEPTED_ACCOUNT_CURRENCY, type BankAccount } from '../../../contract/bankAccounts';
import type { PlayerBankAccountChange, PlayerStatusResponse } from '../../../contract/adminPlayers';
import { appendAudit, type Actor } from '../audit';
import { AppError } from '../errors';
import { hashPassword } from '../passwords';
import { revokeAllSessions } from './sessionsRepository';
import { lockPlayer, setTemporaryPasswordHash, updatePlayer, type LockedPlayer } from './repository';
import { bankAccountOf, openWithdrawalCode, replaceBankAccount, toBankAccount } from './bankAccountsRepository';

/**
 * What an operator does to a player (the console's players page): each action takes the
 * operator's reason and writes its audit entry in the same transaction as the change.
 */

const statusOf = (row: Pick<LockedPlayer, 'blocked' | 'suspended_at' | 'must_change_password'>): PlayerStatusResponse => ({
  backlisted: row.blocked,
  suspended: row.suspended_at !== null,
  mustChangePassword: row.must_change_password,
});

/** The backlist: a blocked player is refused promotions (PLAYER_BLOCKED); unblocking lets them take one again. */
export async function setBacklisted(
  db: Database,
  agencyId: string,
  playerId: string,
  blocked: boolean,
  actor: Actor,
  reason: string,
): Promise<PlayerStatusResponse> {
  return db.transaction().execute(async (trx) => {
    const player = await lockPlayer(trx, { agencyId, playerId });
    const updated = await updatePlayer(trx, player.id, { blocked });
    await appendAudit(trx, {
      agencyId,
      actor,
      action: blocked ? 'BACKLIST_PLAYER' : 'UNBACKLIST_PLAYER',
      target: player.username,
      reason,
    });
    return statusOf(updated);
  });
}

/** Suspends the player's login and ends every session, so whoever is playing is out at their next call. */
export async function suspendPlayer(
  db: Database,
  agencyId: string,
  playerId: string,
  actor: Actor,
  reason: string,
): Promise<PlayerStatusResponse> {
  return db.transaction().execute(async (trx) => {
    const player = await lockPlayer(trx, { agencyId, playerId });
    // Suspending twice keeps the first time: when the login was first refused.
    const updated = await updatePlayer(trx, player.id, { suspended_at: player.suspended_at ?? new Date() });
    const ended = await revokeAllSessions(trx, agencyId, player.id);
    await appendAudit(trx, {
      agencyId,
      actor,
      action: 'SUSPEND_PLAYER',
      target: player.username,
      reason,
      details: { sessionsEnded: String(ended) },
    });
    return statusOf(updated);
  });
}

/** Lets a suspended player log in again. */
export async function restorePlayer(
  db: Database,
  agencyId: string,
  playerId: string,
  actor: Actor,
  reason: string,
): Promise<PlayerStatusResponse> {
  return db.transaction().execute(async (trx) => {
    const player = await lockPlayer(trx, { agencyId, playerId });
    const updated = await updatePlayer(trx, player.id, { suspended_at: null });
    await appendAudit(trx, { agencyId, actor, action: 'RESTORE_PLAYER', target: player.username, reason });
    return statusOf(updated);
  });
}

/**
 * Support's change of the player's bank account (the player cannot change it alone), under the
 * player's own form's rules and ACCOUNT_IN_USED. Refused while a withdrawal is OPEN: its payout
 * is bound for the account it was asked to.
 */
export async function changeBankAccount(
  db: Database,
  agencyId: string,
  playerId: string,
  change: PlayerBankAccountChange,
  actor: Actor,
): Promise<BankAccount> {
  const checked = checkBankAccountInput({
    bank: change.bank,
    accountNumber: change.accountNumber,
    accountName: change.accountName,
    currency: ACCEPTED_ACCOUNT_CURRENCY,
    owner: true,
  });
  if (!checked.ok) throw new AppError(400, checked.code, `${checked.field}: ${checked.rule}`);
  const { bank, accountNumber, accountName, currency } = checked.value;
  try {
    return await db.transaction().execute(async (trx) => {
      const player = await lockPlayer(trx, { agencyId, playerId });
      const open = await openWithdrawalCode(trx, agencyId, player.id);
      if (open !== undefined) throw new AppError(409, ErrorCode.WITHDRAWAL_OPEN, `Withdrawal ${open} is still open`);
      const before = await bankAccountOf(trx, player.id);
      const row = await replaceBankAccount(trx, agencyId, player.id, { bank, accountNumber, accountName, currency });
      await appendAudit(trx, {
        agencyId,
        actor,
        action: 'CHANGE_BANK_ACCOUNT',
        target: player.username,
        reason: change.reason,
        details: {
          from: before ? `${before.bank} ${before.account_number}` : '',
          to: `${bank} ${accountNumber}`,
        },
      });
      return toBankAccount(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'bank_accounts_number_key')) {
      throw new AppError(409, ErrorCode.ACCOUNT_IN_USED, 'This account is already used by another player');
    }
    throw error;
  }
}

// No 0/O or 1/l/I: the operator reads the password out to the player.
const TEMPORARY_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TEMPORARY_LENGTH = 12;

function temporaryPassword(): string {
  return Array.from({ length: TEMPORARY_LENGTH }, () => TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)]).join('');
}

/**
 * Replaces the password with a generated one, given once to the operator (it is stored only as its
 * argon2id hash and never audited), ends every session, and has the player choose a new password
 * at the next login.
 */
export async function resetPassword(
  db: Database,
  agencyId: string,
  playerId: string,
  actor: Actor,
  reason: string,
): Promise<{ temporaryPassword: string }> {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const player = await lockPlayer(trx, { agencyId, playerId });
    await setTemporaryPasswordHash(trx, player.id, passwordHash);
    const ended = await revokeAllSessions(trx, agencyId, player.id);
    await appendAudit(trx, {
      agencyId,
      actor,
      action: 'RESET_PASSWORD',
      target: player.username,
      reason,
      details: { sessionsEnded: String(ended) },
    });
  });
  return { temporaryPassword: password };
}
