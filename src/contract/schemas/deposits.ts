import { Type, type Static } from 'typebox';
import { DEPOSIT_STATUSES } from '../deposits';
import { PROVIDERS, type Provider } from '../providers';
import { DateTime, Decimal, Nullable, PageOf } from './common';

/** A deposit order; amounts are decimal strings (amount in kip, credits in THB). */
export const DepositOrderSchema = Type.Object({
  code: Type.String(),
  provider: Type.Enum(PROVIDERS),
  amount: Type.String({ description: 'What the player pays, LAK' }),
  credit: Type.String({ description: 'The THB credit the amount buys at the locked sell rate' }),
  rate: Type.String({ description: 'The sell rate (LAK per 1 THB) locked when the order was made' }),
  status: Type.Enum(DEPOSIT_STATUSES),
  createdAt: DateTime,
  expiresAt: DateTime,
  paidAt: Nullable(DateTime),
  promoCredit: Nullable(Type.String({ description: 'With a promotion: the bonus credit; otherwise null' })),
  creditedTotal: Nullable(Type.String({ description: 'With a promotion: the credit in total; otherwise null' })),
});
export type DepositOrder = Static<typeof DepositOrderSchema>;

export const DepositRequestSchema = Type.Object(
  {
    provider: Type.String({ maxLength: 50 }),
    // Any JSON value: an amount is only ever a decimal string, and the domain refuses anything else
    // (a number, over 15 digits) as DEPOSIT_AMOUNT_INVALID rather than letting ajv coerce it.
    amount: Type.Unknown(),
    promotionId: Type.Optional(
      Type.String({ maxLength: 64, description: 'The promotion taken (its usage ACTIVE); the amount must be its set amount' }),
    ),
  },
  { additionalProperties: false },
);
/** What the SPA sends: the schema's fields, with a known provider and a decimal amount. */
export type DepositRequest = Omit<Static<typeof DepositRequestSchema>, 'provider' | 'amount'> & { provider: Provider; amount: string };

export const DepositOrderResponseSchema = Type.Object({ order: DepositOrderSchema });
export type DepositOrderResponse = Static<typeof DepositOrderResponseSchema>;

export const DepositPageSchema = PageOf(DepositOrderSchema);
export type DepositPage = Static<typeof DepositPageSchema>;

export const OpenDepositsSchema = Type.Object({ items: Type.Array(DepositOrderSchema) });

export const DepositPayeeSchema = Type.Object({
  name: Type.String(),
  city: Type.String(),
  bankIin: Type.String(),
  accountNumber: Type.String(),
});
export type DepositPayee = Static<typeof DepositPayeeSchema>;

/** What the page shows to be paid: the order's LaoQR payload and payee. */
export const DepositQrSchema = Type.Object({
  code: Type.String(),
  payload: Type.String(),
  amount: Decimal,
  payee: DepositPayeeSchema,
  expiresAt: DateTime,
  status: Type.Enum(DEPOSIT_STATUSES),
});
export type DepositQr = Static<typeof DepositQrSchema>;

/** POST /api/v2/deposits: the order and, in the same answer, the QR to pay it with. */
export const DepositCreatedSchema = Type.Object({ order: DepositOrderSchema, qr: DepositQrSchema });
export type DepositCreated = Static<typeof DepositCreatedSchema>;

export const DepositLimitsSchema = Type.Object({ minAmount: Decimal, maxAmount: Decimal, expiryMinutes: Type.Integer() });
export type DepositLimits = Static<typeof DepositLimitsSchema>;

export const DepositCodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 25 }) });
