import { Type, type Static } from 'typebox';
import { PageOf, pageQueryFields } from './page';
import { PROVIDERS, type Provider } from './providers';
import { parseAmount } from './money';

/**
 * Promotions: a deposit bonus a player takes for one provider, with the
 * turnover, balance and withdrawal rules that hold while it is in use. Amounts are decimal strings
 * (THB credit with 2 decimals, LAK in whole kip); the pure rules below work in satang and kip as
 * bigint and are used by the server, which decides, and by the pages, which preview.
 */

/** A text in each interface language (LANGUAGES). */
export const TranslatedTextSchema = Type.Object({ lo: Type.String(), cn: Type.String(), vn: Type.String(), th: Type.String() });
export type TranslatedText = Static<typeof TranslatedTextSchema>;

const NullableString = Type.Union([Type.String(), Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });
const NullableDateTime = Type.Union([DateTime, Type.Null()]);

export const PROMOTION_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** A fixed bonus in THB, or a percent of the deposit's credit with a cap in THB. */
export const PromotionBonusSchema = Type.Union([
  Type.Object({ kind: Type.Literal('FIXED'), amount: Type.String() }),
  Type.Object({ kind: Type.Literal('PERCENT'), percent: Type.Integer(), cap: Type.String() }),
]);
export type PromotionBonus = Static<typeof PromotionBonusSchema>;

export const PromotionSchema = Type.Object({
  id: Type.String(),
  name: TranslatedTextSchema,
  terms: TranslatedTextSchema,
  /** A path or URL of the card picture. */
  imageUrl: Type.String(),
  bonus: PromotionBonusSchema,
  /** The set deposit amount in LAK: the deposit that takes the promotion must be exactly this. */
  depositAmount: Type.String(),
  /** Turnover needed = credit received (deposit credit + bonus) × this; 0 means none. */
  turnoverMultiple: Type.Integer(),
  /** THB the credit must at least be to withdraw while the promotion is in use. */
  minBalance: Type.String(),
  /** At most this percent of the credit received is paid out; the excess returns to the agency. */
  maxWithdrawPercent: Type.Integer(),
  /**
   * THB below which a provider's credit counts as spent: taking the promotion and its deposit need
   * the credit below it, and a recheck that finds the credit below it ends the usage.
   */
  creditThreshold: Type.String(),
  /** Only for a player who has never had a successful deposit. */
  firstOrderOnly: Type.Boolean(),
  /** The providers the bonus may be taken for. */
  providers: Type.Array(Type.Enum(PROVIDERS)),
  startsAt: DateTime,
  /** null: no end. */
  endsAt: NullableDateTime,
  status: Type.Enum(PROMOTION_STATUSES),
});
export type Promotion = Static<typeof PromotionSchema>;

export const PromotionListResponseSchema = Type.Object({ promotions: Type.Array(PromotionSchema) });
export type PromotionListResponse = Static<typeof PromotionListResponseSchema>;

export const PromotionResponseSchema = Type.Object({ promotion: PromotionSchema });
export type PromotionResponse = Static<typeof PromotionResponseSchema>;

export const PromotionIdParamsSchema = Type.Object({ promotionId: Type.String({ maxLength: 64 }) });

/**
 * ACTIVE: taken, waiting for the deposit of the set amount. USED: that deposit is credited with the
 * bonus and the turnover runs. SUCCESS: ended (turnover met, credit spent, or withdrawn).
 * CANCELED: given up by the player (a bonus already credited is forfeited). INACTIVE: the
 * promotion ended or was switched off before the deposit was made.
 */
export const PROMOTION_USAGE_STATUSES = ['ACTIVE', 'INACTIVE', 'USED', 'SUCCESS', 'CANCELED'] as const;
export type PromotionUsageStatus = (typeof PROMOTION_USAGE_STATUSES)[number];

/** A usage in one of these is the player's one promotion at a time. */
export const PROMOTION_USAGE_IN_PROGRESS: readonly PromotionUsageStatus[] = ['ACTIVE', 'USED'];

export const PROMOTION_USAGE_END_REASONS = ['TURNOVER_MET', 'CREDIT_BELOW_THRESHOLD', 'WITHDRAWN', 'CANCELED', 'PROMOTION_ENDED'] as const;
export type PromotionUsageEndReason = (typeof PROMOTION_USAGE_END_REASONS)[number];

export const PromotionUsageSchema = Type.Object({
  usageId: Type.String(),
  promotionId: Type.String(),
  promotionName: TranslatedTextSchema,
  provider: Type.Enum(PROVIDERS),
  status: Type.Enum(PROMOTION_USAGE_STATUSES),
  /** The deposit order that took the promotion; null while none has been made. */
  depositCode: NullableString,
  /** THB: the deposit's own credit, the bonus, and their sum; null until the deposit is credited. */
  depositCredit: NullableString,
  bonus: NullableString,
  creditReceived: NullableString,
  /** THB of bets needed and made since the bonus was credited (as of the last recheck). */
  turnoverRequired: NullableString,
  turnover: NullableString,
  createdAt: DateTime,
  usedAt: NullableDateTime,
  endedAt: NullableDateTime,
  endReason: Type.Union([Type.Enum(PROMOTION_USAGE_END_REASONS), Type.Null()]),
});
export type PromotionUsage = Static<typeof PromotionUsageSchema>;

/** What the pages send; the server takes any provider id and refuses an unknown one itself. */
export interface PromotionUseRequest {
  promotionId: string;
  providerId: Provider;
}

export const PromotionUseBodySchema = Type.Object(
  { promotionId: Type.String({ maxLength: 64 }), providerId: Type.String({ maxLength: 50 }) },
  { additionalProperties: false },
);

export const PromotionUsageResponseSchema = Type.Object({ usage: PromotionUsageSchema });
export type PromotionUsageResponse = Static<typeof PromotionUsageResponseSchema>;

/** GET /players/promotions/using and POST /promotions/usages/recheck: the usage in progress, if any. */
export const PromotionUsingResponseSchema = Type.Object({ usage: Type.Union([PromotionUsageSchema, Type.Null()]) });
export type PromotionUsingResponse = Static<typeof PromotionUsingResponseSchema>;

export const PromotionUsageCancelBodySchema = Type.Object({ usageId: Type.String({ maxLength: 64 }) }, { additionalProperties: false });

export const PromotionUsagePageSchema = PageOf(PromotionUsageSchema);
export type PromotionUsagePage = Static<typeof PromotionUsagePageSchema>;

export const PromotionUsageQuerySchema = Type.Object(
  { ...pageQueryFields(10), status: Type.Optional(Type.Enum(PROMOTION_USAGE_STATUSES)) },
  { additionalProperties: false },
);

/** The bonus a deposit credit earns: the fixed amount, or the percent rounded down and capped. */
export function bonusFor(
  bonus: { kind: 'FIXED'; amountSatang: bigint } | { kind: 'PERCENT'; percent: number; capSatang: bigint },
  depositCreditSatang: bigint,
): bigint {
  if (bonus.kind === 'FIXED') return bonus.amountSatang;
  const earned = (depositCreditSatang * BigInt(bonus.percent)) / 100n;
  return earned < bonus.capSatang ? earned : bonus.capSatang;
}

/** bonusFor on the wire's terms (THB as text): what a taken promotion adds to a deposit's credit. */
export function bonusOfPromotion(bonus: PromotionBonus, depositCreditSatang: bigint): bigint {
  return bonusFor(
    bonus.kind === 'FIXED'
      ? { kind: 'FIXED', amountSatang: parseAmount(bonus.amount, 'THB') ?? 0n }
      : { kind: 'PERCENT', percent: bonus.percent, capSatang: parseAmount(bonus.cap, 'THB') ?? 0n },
    depositCreditSatang,
  );
}

/** The bets in satang a usage needs: credit received × the turnover multiple. */
export function turnoverRequiredFor(creditReceivedSatang: bigint, turnoverMultiple: number): bigint {
  return creditReceivedSatang * BigInt(turnoverMultiple);
}

/** What a usage in use holds against a withdrawal, in satang. */
export interface PromotionWithdrawalTerms {
  bonusSatang: bigint;
  creditReceivedSatang: bigint;
  minBalanceSatang: bigint;
  maxWithdrawPercent: number;
  turnoverMet: boolean;
}

export type PromotionWithdrawalCheck =
  | { ok: true; paidSatang: bigint; retainedSatang: bigint }
  | { ok: false; code: 'PROMOTION_WITHDRAW_WHOLE_CREDIT' | 'PROMOTION_MIN_BALANCE' | 'PROMOTION_CREDIT_TOO_LOW' };

/**
 * The withdrawal rules while a promotion is in use, in the order a player can
 * act on them: the credit must exceed the bonus, reach the minimum balance, and be withdrawn whole.
 * Of the credit taken, the bonus is deducted when the turnover is not met, and at most
 * maxWithdrawPercent of the credit received is paid; the rest (retained) returns to the agency.
 */
export function checkPromotionWithdrawal(
  terms: PromotionWithdrawalTerms,
  creditSatang: bigint,
  amountSatang: bigint,
): PromotionWithdrawalCheck {
  if (creditSatang <= terms.bonusSatang) return { ok: false, code: 'PROMOTION_CREDIT_TOO_LOW' };
  if (creditSatang < terms.minBalanceSatang) return { ok: false, code: 'PROMOTION_MIN_BALANCE' };
  if (amountSatang !== creditSatang) return { ok: false, code: 'PROMOTION_WITHDRAW_WHOLE_CREDIT' };
  const afterBonus = terms.turnoverMet ? creditSatang : creditSatang - terms.bonusSatang;
  const cap = (terms.creditReceivedSatang * BigInt(terms.maxWithdrawPercent)) / 100n;
  const paidSatang = afterBonus < cap ? afterBonus : cap;
  // A cap that rounds down to nothing would take the whole credit and pay none of it.
  if (paidSatang === 0n) return { ok: false, code: 'PROMOTION_CREDIT_TOO_LOW' };
  return { ok: true, paidSatang, retainedSatang: creditSatang - paidSatang };
}
