import { Type, type Static } from 'typebox';
import { PROVIDERS, type Provider } from './providers';
import { AmountInput, parseAmount } from './money';
import { pageQueryFields } from './page';
import { providerAndAmountSchema } from './moneyForms';

/**
 * Deposits by LaoQR, as the API and the site both see them. A deposit order's code is the bill
 * number its QR carries. OPEN until paid (PAID), then SUCCESS once the credit is at the provider;
 * or CANCELED by the player, EXPIRED unpaid, FAILED when the payment did not match the order.
 */
export const DEPOSIT_STATUSES = ['OPEN', 'PAID', 'SUCCESS', 'CANCELED', 'EXPIRED', 'FAILED'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

const Decimal = Type.String();
const NullableDecimal = Type.Union([Type.String(), Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });

/** A deposit order; amounts are decimal strings (amount in kip, credits in THB). */
export const DepositOrderSchema = Type.Object({
  code: Type.String(),
  provider: Type.Enum(PROVIDERS),
  /** What the player pays, LAK. */
  amount: Decimal,
  /** The THB credit the amount buys at the locked sell rate. */
  credit: Decimal,
  /** The sell rate (LAK per 1 THB) locked when the order was made. */
  rate: Decimal,
  status: Type.Enum(DEPOSIT_STATUSES),
  createdAt: DateTime,
  expiresAt: DateTime,
  paidAt: Type.Union([DateTime, Type.Null()]),
  /** With a promotion: the bonus credit and the credit in total; otherwise null. */
  promoCredit: NullableDecimal,
  creditedTotal: NullableDecimal,
});
export type DepositOrder = Static<typeof DepositOrderSchema>;

/** POST /api/v2/deposits. An amount that is not whole kip as a decimal string is DEPOSIT_AMOUNT_INVALID. */
export const DepositRequestBodySchema = Type.Object(
  { provider: Type.String({ maxLength: 50 }), amount: AmountInput, promotionId: Type.Optional(Type.String({ maxLength: 64 })) },
  { additionalProperties: false },
);

export interface DepositRequest {
  provider: Provider;
  amount: string;
  /** The promotion the player has taken (its usage is ACTIVE); the amount must be its set amount. */
  promotionId?: string;
}

export const DepositOrderResponseSchema = Type.Object({ order: DepositOrderSchema });
export type DepositOrderResponse = Static<typeof DepositOrderResponseSchema>;

/** ?page=&pageSize=, and `after`: the code of the last order of the page before, to read the page by keyset. */
export const DepositPageQuerySchema = Type.Object(
  { ...pageQueryFields(10), after: Type.Optional(Type.String({ minLength: 1, maxLength: 25 })) },
  { additionalProperties: false },
);
export type DepositPageQuery = Static<typeof DepositPageQuerySchema>;

export const DepositPageSchema = Type.Object({
  items: Type.Array(DepositOrderSchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
  /** The `after` that asks for the following page; null on the last page. */
  next: Type.Union([Type.String(), Type.Null()]),
});
export type DepositPage = Static<typeof DepositPageSchema>;

export const DepositOpenSchema = Type.Object({ items: Type.Array(DepositOrderSchema) });

export const DepositCodeParamsSchema = Type.Object({ code: Type.String({ minLength: 1, maxLength: 25 }) });

export const DepositPayeeSchema = Type.Object({
  name: Type.String(),
  city: Type.String(),
  bankIin: Type.String(),
  accountNumber: Type.String(),
  /** The agency's LaoQR merchant id (MID), as the QR carries it in tag 38 sub-tag 04. */
  merchantId: Type.String(),
});
export type DepositPayee = Static<typeof DepositPayeeSchema>;

/** GET /api/v2/deposits/laoqr/{code}: what the page shows to be paid. */
export const DepositQrSchema = Type.Object({
  code: Type.String(),
  payload: Type.String(),
  amount: Decimal,
  payee: DepositPayeeSchema,
  expiresAt: DateTime,
  status: Type.Enum(DEPOSIT_STATUSES),
});
export type DepositQr = Static<typeof DepositQrSchema>;

/** The agency's bounds on one order, in kip, and how long its QR may be paid. Not a player's own deposit limits. */
export const DepositBoundsSchema = Type.Object({ minAmount: Decimal, maxAmount: Decimal, expiryMinutes: Type.Integer() });
export type DepositBounds = Static<typeof DepositBoundsSchema>;

export type DepositAmountCheck = { ok: true; kip: bigint } | { ok: false; code: 'DEPOSIT_AMOUNT_INVALID' | 'DEPOSIT_AMOUNT_OUT_OF_RANGE' };

/** An amount of whole kip above 0 (no decimals, no separators, no spaces), bounds aside. */
export function parseDepositAmount(text: unknown): bigint | undefined {
  const kip = parseAmount(text, 'LAK');
  return kip === undefined || kip <= 0n ? undefined : kip;
}

/** An amount of whole kip (no decimals, no separators, no spaces) within the bounds. */
export function checkDepositAmount(text: unknown, min: bigint, max: bigint): DepositAmountCheck {
  const kip = parseDepositAmount(text);
  if (kip === undefined) return { ok: false, code: 'DEPOSIT_AMOUNT_INVALID' };
  if (kip < min || kip > max) return { ok: false, code: 'DEPOSIT_AMOUNT_OUT_OF_RANGE' };
  return { ok: true, kip };
}

/** POST /api/v2/deposits: the order and, in the same answer, the QR to pay it with. */
export const DepositCreatedSchema = Type.Object({ order: DepositOrderSchema, qr: DepositQrSchema });
export type DepositCreated = Static<typeof DepositCreatedSchema>;

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
