import type { Database } from '../../db/database';
import { AppError } from '../errors';
import { ErrorCode } from '../../../contract/errors';
import { checkBankAccountInput, type BankAccount } from '../../../contract/bankAccounts';
import type { Currency } from '../../../contract/money';
import { isUniqueViolation } from '../../db/errors';

type AccountRow = { id: string; bank: string; account_number: string; account_name: string; currency: string; created_at: Date };

const COLUMNS = ['id', 'bank', 'account_number', 'account_name', 'currency', 'created_at'] as const;

const toBankAccount = (row: AccountRow): BankAccount => ({
  id: row.id,
  bank: row.bank,
  accountNumber: row.account_number,
  accountName: row.account_name,
  currency: row.currency as Currency,
  createdAt: row.created_at.toISOString(),
});

/** The player's bank accounts (at most one today), oldest first. */
export async function bankAccountsOf(db: Database, agencyId: string, playerId: string): Promise<BankAccount[]> {
  const rows = await db
    .selectFrom('bank_accounts')
    .select(COLUMNS)
    .where('agency_id', '=', agencyId)
    .where('player_id', '=', playerId)
    .orderBy('created_at')
    .execute();
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

  const existing = await db
    .selectFrom('bank_accounts')
    .select('id')
    .where('agency_id', '=', agencyId)
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  if (existing) throw accountExists();

  try {
    const row = await db
      .insertInto('bank_accounts')
      .values({ agency_id: agencyId, player_id: playerId, bank, account_number: accountNumber, account_name: accountName, currency })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toBankAccount(row);
  } catch (error) {
    if (isUniqueViolation(error, 'bank_accounts_player_key')) throw accountExists();
    if (isUniqueViolation(error, 'bank_accounts_number_key')) {
      // Kept for the operators' risk flags; the refusal changes nothing else.
      await db
        .insertInto('bank_account_refusals')
        .values({ agency_id: agencyId, player_id: playerId, bank, account_number: accountNumber })
        .execute();
      throw new AppError(409, ErrorCode.ACCOUNT_IN_USED, 'This account is already used by another player');
    }
    throw error;
  }
}

const accountExists = () =>
  new AppError(409, ErrorCode.BANK_ACCOUNT_EXISTS, 'The player already has a bank account; support can change it');
