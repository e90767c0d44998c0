import { providerAndAmountSchema } from './moneyForms';
import { parseAmount } from './money';

/**
 * Deposits by LaoQR, as the API and the site both see them. A deposit order's code is the bill
 * number its QR carries. OPEN until paid (PAID), then SUCCESS once the credit is at the provider;
 * or CANCELED by the player, EXPIRED unpaid, FAILED when the payment did not match the order.
 */
export const DEPOSIT_STATUSES = ['OPEN', 'PAID', 'SUCCESS', 'CANCELED', 'EXPIRED', 'FAILED'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export type {
  DepositCreated,
  DepositLimits,
  DepositOrder,
  DepositOrderResponse,
  DepositPage,
  DepositPayee,
  DepositQr,
  DepositRequest,
} from './schemas/deposits';

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
  return providerAndAmountSchema((amount) => {
    const checked = checkDepositAmount(amount, min, max);
    if (checked.ok) return undefined;
    return checked.code === 'DEPOSIT_AMOUNT_INVALID' ? 'validation.amountInvalid' : 'validation.amountOutOfRange';
  });
}
