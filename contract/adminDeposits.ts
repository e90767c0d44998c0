import { ReasonSchema as Reason } from './admin';
import { Type, type Static } from 'typebox';
import { DEPOSIT_STATUSES } from './deposits';
import { pageQueryFields } from './page';
import { PROVIDERS } from './providers';

/**
 * The operators' deposit review (/api/v2/admin/deposits): deposits searched and opened with their QR,
 * webhook events and ledger transfers; payments no order could take (unmatched), credited to a
 * player or refunded to the payer; deposits left PAID whose credit the provider did not take,
 * retried or refunded. Amounts are decimal strings (kip for LAK, baht for THB).
 */

const DateTime = Type.String({ format: 'date-time' });
const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableDateTime = Type.Union([DateTime, Type.Null()]);
/** A calendar day in Laos (Asia/Vientiane). */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const UNMATCHED_PAYMENT_STATUSES = ['UNRESOLVED', 'RESOLVED'] as const;
export const UNMATCHED_PAYMENT_RESOLUTIONS = ['CREDITED', 'REFUNDING', 'REFUNDED'] as const;
export type UnmatchedPaymentResolution = (typeof UNMATCHED_PAYMENT_RESOLUTIONS)[number];

/**
 * A payment no open order could take. rate and credit: the THB sell rate in force when it was
 * paid and the THB it buys at that rate (null when the agency had no rate then), what a credit to
 * a player gives.
 */
export const UnmatchedPaymentSchema = Type.Object({
  id: Type.String(),
  billNumber: Type.String(),
  reason: Type.String(),
  amount: Type.String(),
  transactionId: Type.String(),
  paidAt: DateTime,
  status: Type.Enum(UNMATCHED_PAYMENT_STATUSES),
  rate: NullableString,
  credit: NullableString,
  resolution: Type.Union([Type.Enum(UNMATCHED_PAYMENT_RESOLUTIONS), Type.Null()]),
  /** The deposit order a credit made for the player. */
  creditedDeposit: NullableString,
  resolvedBy: NullableString,
  resolutionReason: NullableString,
  resolvedAt: NullableDateTime,
});
export type UnmatchedPayment = Static<typeof UnmatchedPaymentSchema>;

export const UnmatchedPaymentQuerySchema = Type.Object(
  { status: Type.Optional(Type.Enum(UNMATCHED_PAYMENT_STATUSES)) },
  { additionalProperties: false },
);

export const UnmatchedPaymentParamsSchema = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const DepositCodeParamsSchema = Type.Object({ code: Type.String({ minLength: 1, maxLength: 25 }) });

/** POST .../unmatched/{id}/credit: the player (by id) and provider the payment's kip is credited to. */
export const UnmatchedCreditSchema = Type.Object(
  { playerId: Type.String({ format: 'uuid' }), provider: Type.String({ maxLength: 50 }), reason: Reason },
  { additionalProperties: false },
);
export type UnmatchedCredit = Static<typeof UnmatchedCreditSchema>;

/** POST .../refund and .../retry-credit: the operator's reason, for the audit log. */
export const DepositReviewReasonSchema = Type.Object({ reason: Reason }, { additionalProperties: false });
export type DepositReviewReason = Static<typeof DepositReviewReasonSchema>;

export const DEPOSIT_REFUND_STATUSES = ['PENDING', 'PAID', 'FAILED'] as const;

/** A refund to the payer through the gateway: PENDING until the gateway answers. */
export const DepositRefundSchema = Type.Object({
  ref: Type.String(),
  amount: Type.String(),
  status: Type.Enum(DEPOSIT_REFUND_STATUSES),
  failureReason: NullableString,
  createdAt: DateTime,
  completedAt: NullableDateTime,
});
export type DepositRefund = Static<typeof DepositRefundSchema>;

export const UnmatchedPaymentResponseSchema = Type.Object({
  payment: UnmatchedPaymentSchema,
  refund: Type.Union([DepositRefundSchema, Type.Null()]),
});
export type UnmatchedPaymentResponse = Static<typeof UnmatchedPaymentResponseSchema>;

/** ?code=&player=&status=&from=&to=: code and player (username) match a part; from and to are days in Laos, both included. */
export const AgencyDepositQuerySchema = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 25 })),
    player: Type.Optional(Type.String({ maxLength: 64 })),
    status: Type.Optional(Type.Enum(DEPOSIT_STATUSES)),
    from: Type.Optional(Day),
    to: Type.Optional(Day),
    ...pageQueryFields(20),
  },
  { additionalProperties: false },
);
export type AgencyDepositQuery = Static<typeof AgencyDepositQuerySchema>;

/** A deposit order as the operator sees it; stuck: PAID with its credit refused or failed at the provider. */
export const AgencyDepositSchema = Type.Object({
  code: Type.String(),
  player: Type.String(),
  playerId: Type.String(),
  provider: Type.Enum(PROVIDERS),
  amount: Type.String(),
  paidAmount: NullableString,
  credit: Type.String(),
  promoCredit: NullableString,
  rate: Type.String(),
  status: Type.Enum(DEPOSIT_STATUSES),
  failureCode: NullableString,
  transactionId: NullableString,
  createdAt: DateTime,
  expiresAt: DateTime,
  paidAt: NullableDateTime,
  creditedAt: NullableDateTime,
  stuck: Type.Boolean(),
});
export type AgencyDeposit = Static<typeof AgencyDepositSchema>;

export const AgencyDepositPageSchema = Type.Object({
  items: Type.Array(AgencyDepositSchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});
export type AgencyDepositPage = Static<typeof AgencyDepositPageSchema>;

export const WebhookEventSchema = Type.Object({
  eventId: Type.String(),
  receivedAt: DateTime,
  transactionId: NullableString,
  amount: NullableString,
  paidAt: NullableDateTime,
});

export const LedgerEntryViewSchema = Type.Object({ account: Type.String(), currency: Type.String(), amount: Type.String() });

export const LedgerTransferViewSchema = Type.Object({
  key: Type.String(),
  kind: Type.String(),
  status: Type.String(),
  failureCode: NullableString,
  createdAt: DateTime,
  entries: Type.Array(LedgerEntryViewSchema),
});
export type LedgerTransferView = Static<typeof LedgerTransferViewSchema>;

/** GET /admin/deposits/{code}: the order, its QR payload (null when the agency cannot make one now), events, transfers, refund. */
export const DepositDetailSchema = Type.Object({
  deposit: AgencyDepositSchema,
  qrPayload: NullableString,
  webhookEvents: Type.Array(WebhookEventSchema),
  transfers: Type.Array(LedgerTransferViewSchema),
  refund: Type.Union([DepositRefundSchema, Type.Null()]),
  /** The unmatched payment this deposit was made from, when an operator credited one. */
  fromUnmatchedPayment: NullableString,
});
export type DepositDetail = Static<typeof DepositDetailSchema>;

/** GET /admin/deposits/players?username=: players whose username contains the text, to credit a payment to. */
export const DepositPlayerQuerySchema = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export const DepositPlayerSchema = Type.Object({ id: Type.String(), username: Type.String() });
export type DepositPlayer = Static<typeof DepositPlayerSchema>;
