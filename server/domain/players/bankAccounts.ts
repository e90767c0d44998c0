import type { Database } from '../../db/database';
import { AppError } from '../errors';
import { ErrorCode } from '../../../contract/errors';
import { checkBankAccountInput, type BankAccount } from '../../../contract/bankAccounts';
import { isUniqueViolation } from '../../db/errors';
import { hasBankAccount, insertBankAccount, playerBankAccounts, recordRefusedAccount, toBankAccount } from './bankAccountsRepository';

/** The player's bank accounts (at most one today), oldest first. */
export async function bankAccountsOf(db: Database, agencyId: string, playerId: string): Promise<BankAccount[]> {
  const rows = await playerBankAccounts(db, agencyId, playerId);
  return rows.map(toBankAccount);
}

/**
 * Adds the player's bank account after the form's rules (contract/bankAccounts.ts). A player
 * has one account (BANK_ACCOUNT_EXISTS), and an account belongs to one player of the agency
 * (ACCOUNT_IN_USED, and the try is kept for the risk flags). Both are unique indexes, so of two
 * requests racing only one is saved.
 */
export async function addBankAccount(db: Database, agencyId: string, playerId: string, body: unknown): Promise<BankAccount> {
  const checked = checkBankAccountInput(body);
  if (!checked.ok) throw new AppError(400, checked.code, `${checked.field}: ${checked.rule}`);
  const { bank, accountNumber, accountName, currency } = checked.value;

  if (await hasBankAccount(db, agencyId, playerId)) throw accountExists();

  try {
    const row = await insertBankAccount(db, agencyId, playerId, { bank, accountNumber, accountName, currency });
    return toBankAccount(row);
  } catch (error) {
    if (isUniqueViolation(error, 'bank_accounts_player_key')) throw accountExists();
    if (isUniqueViolation(error, 'bank_accounts_number_key')) {
      // Kept for the operators' risk flags; the refusal changes nothing else.
      await recordRefusedAccount(db, agencyId, playerId, { bank, accountNumber });
      throw new AppError(409, ErrorCode.ACCOUNT_IN_USED, 'This account is already used by another player');
    }
    throw error;
  }
}

const accountExists = () =>
  new AppError(409, ErrorCode.BANK_ACCOUNT_EXISTS, 'The player already has a bank account; support can change it');
