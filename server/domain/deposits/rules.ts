import { randomBytes } from 'node:crypto';
import { ErrorCode } from '../../../contract/errors';
import { buildLaoQr } from '../../../contract/laoqr';
import { formatAmount } from '../../../contract/money';
import type { DepositQr } from '../../../contract/deposits';
import { AppError } from '../errors';
import type { AccountRef } from '../ledger';
import type { OrderRow, SettingsRow } from './repository';

/** The deposit rules that need no database: codes, the QR and why a payment is unmatched. */

/** A refused provider transfer is tried again with a new ledger key this many times in all. */
export const MAX_CREDIT_ATTEMPTS = 5;

export const cash: AccountRef = { kind: 'agency_cash', currency: 'LAK' };
export const owedTo = (playerId: string): AccountRef => ({ kind: 'owed_to_player', playerId, currency: 'THB' });

/** A code unlike any other: D, the date, and 8 random letters and digits (15 characters, a valid bill number). */
export function newCode(now = new Date()): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const random = [...randomBytes(8)].map((byte) => alphabet[byte % alphabet.length]).join('');
  const date = now.toISOString().slice(2, 10).replace(/-/g, '');
  return `D${date}${random}`;
}

export const creditKey = (code: string, attempt: number) => `deposit:${code}:credit:${attempt}`;

/** Deposit settings a QR can be made from: a receiving account with its LaoQR merchant id (MID). */
export type PayableSettings = SettingsRow & { merchant_id: string };

/**
 * The agency's settings when they can make a deposit QR. No receiving account: DEPOSIT_UNAVAILABLE.
 * No MID: MERCHANT_ID_REQUIRED ("MID required"), 503 because only the operator
 * can fix it; the message leads with the Lao words the site shows for the code.
 */
export function payableSettings(settings: SettingsRow | undefined): PayableSettings {
  if (!settings) throw new AppError(503, ErrorCode.DEPOSIT_UNAVAILABLE, 'The agency has no receiving account');
  if (settings.merchant_id === null) {
    throw new AppError(
      503,
      ErrorCode.MERCHANT_ID_REQUIRED,
      'ຍັງບໍ່ສາມາດຝາກເງິນໄດ້: ຕົວແທນຍັງບໍ່ໄດ້ຕັ້ງລະຫັດຮ້ານຄ້າ (MID) ກະລຸນາຕິດຕໍ່ຝ່າຍບໍລິການ ' +
        '(the agency has not set its LaoQR merchant id yet; deposits are closed until it does)',
    );
  }
  return settings as PayableSettings;
}

/** What the page shows to be paid: the LaoQR payload of the order, paying the agency's receiving account under its MID. */
export function qrOf(row: OrderRow, settings: PayableSettings): DepositQr {
  const payload = buildLaoQr({
    bankIin: settings.bank_iin,
    accountNumber: settings.account_number,
    merchantId: settings.merchant_id,
    merchantCategoryCode: settings.merchant_category_code,
    amountKip: BigInt(row.amount_kip),
    merchantName: settings.merchant_name,
    merchantCity: settings.merchant_city,
    billNumber: row.code,
  });
  return {
    code: row.code,
    payload,
    amount: formatAmount(BigInt(row.amount_kip), 'LAK'),
    payee: {
      name: settings.merchant_name,
      city: settings.merchant_city,
      bankIin: settings.bank_iin,
      accountNumber: settings.account_number,
      merchantId: settings.merchant_id,
    },
    expiresAt: row.expires_at.toISOString(),
    status: row.status,
  };
}

export type UnmatchedReason = 'AMOUNT_MISMATCH' | 'ORDER_CANCELED' | 'ORDER_EXPIRED' | 'ORDER_CLOSED' | 'UNKNOWN_BILL' | 'PLAYER_ON_BREAK';

/**
 * Why a payment cannot pay its order (the order as locked, whether it was payable then, and whether
 * its player's break had not ended when the payment was made).
 */
export function unmatchedReason(order: OrderRow | undefined, payable: boolean, onBreak: boolean): UnmatchedReason {
  if (!order) return 'UNKNOWN_BILL';
  if (onBreak) return 'PLAYER_ON_BREAK';
  if (payable) return 'AMOUNT_MISMATCH';
  if (order.status === 'CANCELED') return 'ORDER_CANCELED';
  return order.status === 'OPEN' || order.status === 'EXPIRED' ? 'ORDER_EXPIRED' : 'ORDER_CLOSED';
}
