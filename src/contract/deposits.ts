import { object, string } from 'yup';
import { isProvider, type Provider } from './providers';
import { parseAmount } from './money';

/**
 * Deposits by LaoQR, as the API and the site both see them. A deposit order's code is the bill
 * number its QR carries. OPEN until paid (PAID), then SUCCESS once the credit is at the provider;
 * or CANCELED by the player, EXPIRED unpaid, FAILED when the payment did not match the order.
 */
export const DEPOSIT_STATUSES = ['OPEN', 'PAID', 'SUCCESS', 'CANCELED', 'EXPIRED', 'FAILED'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** A deposit order; amounts are decimal strings (amount in kip, credits in THB). */
export interface DepositOrder {
  code: string;
  provider: Provider;
  /** What the player pays, LAK. */
  amount: string;
  /** The THB credit the amount buys at the locked sell rate. */
  credit: string;
  /** The sell rate (LAK per 1 THB) locked when the order was made. */
  rate: string;
  status: DepositStatus;
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
  /** With a promotion: the bonus credit and the credit in total; otherwise null. */
  promoCredit: string | null;
  creditedTotal: string | null;
}

export interface DepositRequest {
  provider: Provider;
  amount: string;
  /** The promotion the player has taken (its usage is ACTIVE); the amount must be its set amount. */
  promotionId?: string;
}

export interface DepositOrderResponse {
  order: DepositOrder;
}

export interface DepositPage {
  items: DepositOrder[];
  page: number;
  pageSize: number;
  total: number;
}

export interface DepositPayee {
  name: string;
  city: string;
  bankIin: string;
  accountNumber: string;
}

/** GET /api/v2/deposits/laoqr/{code}: what the page shows to be paid. */
export interface DepositQr {
  code: string;
  payload: string;
  amount: string;
  payee: DepositPayee;
  expiresAt: string;
  status: DepositStatus;
}

export interface DepositLimits {
  minAmount: string;
  maxAmount: string;
  expiryMinutes: number;
}

export type DepositAmountCheck = { ok: true; kip: bigint } | { ok: false; code: 'DEPOSIT_AMOUNT_INVALID' | 'DEPOSIT_AMOUNT_OUT_OF_RANGE' };

/** The amount a player typed: whole kip (no decimals, no separators) within the bounds. */
export function checkDepositAmount(text: unknown, min: bigint, max: bigint): DepositAmountCheck {
  const kip = parseAmount(typeof text === 'string' ? text.trim() : text, 'LAK');
  if (kip === undefined || kip <= 0n) return { ok: false, code: 'DEPOSIT_AMOUNT_INVALID' };
  if (kip < min || kip > max) return { ok: false, code: 'DEPOSIT_AMOUNT_OUT_OF_RANGE' };
  return { ok: true, kip };
}

/**
 * The deposit form: a known provider and an amount checkDepositAmount accepts. Each message is
 * its translation key in the `deposit` namespace.
 */
export function depositFormSchema(min: bigint, max: bigint) {
  return object({
    provider: string()
      .required('validation.providerRequired')
      .test('known-provider', 'validation.providerRequired', (value) => isProvider(value)),
    amount: string()
      .trim()
      .required('validation.amountRequired')
      .test('deposit-amount', 'validation.amountInvalid', (value, context) => {
        const checked = checkDepositAmount(value, min, max);
        if (checked.ok) return true;
        const message = checked.code === 'DEPOSIT_AMOUNT_INVALID' ? 'validation.amountInvalid' : 'validation.amountOutOfRange';
        return context.createError({ message });
      }),
  });
}

/** POST /api/v2/deposits: the order and, in the same answer, the QR to pay it with. */
export interface DepositCreated {
  order: DepositOrder;
  qr: DepositQr;
}
