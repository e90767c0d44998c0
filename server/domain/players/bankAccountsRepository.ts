import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { BankAccount } from '../../../contract/bankAccounts';
import type { Currency } from '../../../contract/money';

/** The players' bank accounts (one per player, one player per account number) and the refused tries to add one. */

export type AccountRow = { id: string; bank: string; account_number: string; account_name: string; currency: string; created_at: Date };

type AccountInput = { bank: string; accountNumber: string; accountName: string; currency: string };

const COLUMNS = ['id', 'bank', 'account_number', 'account_name', 'currency', 'created_at'] as const;

export const toBankAccount = (row: AccountRow): BankAccount => ({
  id: row.id,
  bank: row.bank,
  accountNumber: row.account_number,
  accountName: row.account_name,
  currency: row.currency as Currency,
  createdAt: row.created_at.toISOString(),
});

/** The player's bank accounts, oldest first. */
export async function playerBankAccounts(db: Database, agencyId: string, playerId: string): Promise<AccountRow[]> {
  return db
    .selectFrom('bank_accounts')
    .select(COLUMNS)
    .where('agency_id', '=', agencyId)
    .where('player_id', '=', playerId)
    .orderBy('created_at')
    .execute();
}

export async function hasBankAccount(db: Database, agencyId: string, playerId: string): Promise<boolean> {
  const existing = await db
    .selectFrom('bank_accounts')
    .select('id')
    .where('agency_id', '=', agencyId)
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  return existing !== undefined;
}

/** Adds the player's account; a unique violation names which rule refused it (bank_accounts_player_key or _number_key). */
export async function insertBankAccount(db: Database, agencyId: string, playerId: string, account: AccountInput): Promise<AccountRow> {
  const { bank, accountNumber, accountName, currency } = account;
  return db
    .insertInto('bank_accounts')
    .values({ agency_id: agencyId, player_id: playerId, bank, account_number: accountNumber, account_name: accountName, currency })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Keeps a try to add an account number another player holds, for the operators' risk flags. */
export async function recordRefusedAccount(
  db: Database,
  agencyId: string,
  playerId: string,
  account: { bank: string; accountNumber: string },
): Promise<void> {
  await db
    .insertInto('bank_account_refusals')
    .values({ agency_id: agencyId, player_id: playerId, bank: account.bank, account_number: account.accountNumber })
    .execute();
}

/** The code of the player's OPEN withdrawal, if there is one. */
export async function openWithdrawalCode(trx: Transaction<DB>, agencyId: string, playerId: string): Promise<string | undefined> {
  const open = await trx
    .selectFrom('withdrawals')
    .select('code')
    .where('agency_id', '=', agencyId)
    .where('player_id', '=', playerId)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();
  return open?.code;
}

export async function bankAccountOf(trx: Transaction<DB>, playerId: string): Promise<{ bank: string; account_number: string } | undefined> {
  return trx.selectFrom('bank_accounts').select(['bank', 'account_number']).where('player_id', '=', playerId).executeTakeFirst();
}

/** Writes the player's account, replacing the one the player has (bank_accounts_player_key). */
export async function replaceBankAccount(
  trx: Transaction<DB>,
  agencyId: string,
  playerId: string,
  account: AccountInput,
): Promise<AccountRow> {
  const { bank, accountNumber, accountName, currency } = account;
  return trx
    .insertInto('bank_accounts')
    .values({ agency_id: agencyId, player_id: playerId, bank, account_number: accountNumber, account_name: accountName, currency })
    .onConflict((oc) =>
      oc.constraint('bank_accounts_player_key').doUpdateSet({ bank, account_number: accountNumber, account_name: accountName, currency }),
    )
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}
