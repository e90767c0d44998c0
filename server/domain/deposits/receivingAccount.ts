import type { Database } from '../../db/database';
import { announceAgencyChange } from '../../db/changes';
import { ErrorCode } from '../../../contract/errors';
import { AppError } from '../errors';
import { appendAudit, type Actor } from '../audit';
import { receivingAccountOf, setReceivingAccount, type ReceivingAccount } from './repository';

/** What an operator may change of the receiving account: any of its fields; the rest stay as stored. */
export type ReceivingAccountChange = Partial<ReceivingAccount> & { reason?: string };

/**
 * The operator changes the agency's receiving account and its LaoQR merchant id (MID): the fields
 * given replace the stored ones (an agency with no account yet gives all four of bank IIN, account,
 * merchant name and city). A value LaoQR cannot carry is refused with nothing changed
 * (MERCHANT_ID_INVALID for the MID, VALIDATION_ERROR for the rest). Audited with the change, in
 * one transaction. Orders already open keep their order; their QR is built with the new account.
 */
export async function updateReceivingAccount(
  db: Database,
  agencyId: string,
  { reason, ...change }: ReceivingAccountChange,
  actor: Actor,
): Promise<Required<ReceivingAccount>> {
  return db.transaction().execute(async (trx) => {
    const stored = await receivingAccountOf(trx, agencyId);
    const given = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as ReceivingAccountChange;
    const next = { merchantId: null, ...stored, ...given };
    const { bankIin, accountNumber, merchantName, merchantCity, merchantId } = next;
    if (bankIin === undefined || accountNumber === undefined || merchantName === undefined || merchantCity === undefined) {
      throw new AppError(
        400,
        ErrorCode.VALIDATION_ERROR,
        'The agency has no receiving account yet: give the bank IIN, account number, merchant name and merchant city',
      );
    }
    const account = { bankIin, accountNumber, merchantName, merchantCity, merchantId };
    await setReceivingAccount(trx, agencyId, account);
    await appendAudit(trx, {
      agencyId,
      actor,
      action: 'SET_RECEIVING_ACCOUNT',
      target: merchantId ?? undefined,
      reason: reason?.trim(),
      details: { bankIin, accountNumber, merchantName, merchantCity, merchantId: merchantId ?? '' },
    });
    await announceAgencyChange(trx, agencyId);
    return account;
  });
}
