import { Type, type Static } from 'typebox';
import { ReasonSchema } from './admin';
import { LANGUAGES, type Language } from './languages';
import { parseAmount } from './money';
import { PROMOTION_STATUSES, PromotionSchema, type TranslatedText } from './promotions';
import { isProvider, type Provider } from './providers';

/**
 * The operator console's promotions and bonus pool (docs/promotions.md): the one rule a new
 * promotion is checked by, for the command line, the admin API and the console's form alike, and
 * the wire shapes of /api/v2/admin/promotions and /api/v2/admin/bonus-pool.
 */

/** A new promotion as the rule reads it: amounts in satang and kip. */
export interface NewPromotion {
  name: TranslatedText;
  terms: TranslatedText;
  imageUrl: string;
  bonus: { kind: 'FIXED'; amountSatang: bigint } | { kind: 'PERCENT'; percent: number; capSatang: bigint };
  depositAmountKip: bigint;
  turnoverMultiple: number;
  minBalanceSatang: bigint;
  maxWithdrawPercent: number;
  creditThresholdSatang: bigint;
  firstOrderOnly: boolean;
  providers: Provider[];
  startsAt?: Date;
  endsAt?: Date | null;
  status?: 'ACTIVE' | 'INACTIVE';
  sortOrder?: number;
}

/** The first mistake of a described promotion: the field (dotted, like bonus.cap or name.th) and the rule it breaks. */
export interface PromotionMistake {
  field: string;
  rule: string;
}

export type PromotionCheck = { ok: true; promotion: NewPromotion } | { ok: false; mistake: PromotionMistake };

class Mistake extends Error {
  constructor(readonly mistake: PromotionMistake) {
    super(`${mistake.field}: ${mistake.rule}`);
  }
}

const invalid = (field: string, rule: string) => new Mistake({ field, rule });

function translatedField(value: Record<string, unknown>, field: string): TranslatedText {
  const text = value[field] as Record<string, unknown> | undefined;
  if (typeof text !== 'object' || text === null) throw invalid(field, 'needs a text in each of lo, cn, vn and th');
  const missing = LANGUAGES.find((language: Language) => typeof text[language] !== 'string' || text[language].trim() === '');
  if (missing) throw invalid(`${field}.${missing}`, 'needs a text in each of lo, cn, vn and th');
  return Object.fromEntries(LANGUAGES.map((language) => [language, (text[language] as string).trim()])) as TranslatedText;
}

function amountField(field: string, currency: 'THB' | 'LAK', from: unknown, least = 1n): bigint {
  const parsed = parseAmount(from, currency);
  if (parsed === undefined || parsed < least) {
    const example = currency === 'THB' ? '"50.00"' : '"64000"';
    throw invalid(field, `must be a ${currency} amount${least > 0n ? ' above 0' : ''} as a string, like ${example}`);
  }
  return parsed;
}

function wholeField(field: string, min: number, max: number, from: unknown): number {
  if (typeof from !== 'number' || !Number.isInteger(from) || from < min || from > max)
    throw invalid(field, `must be a whole number from ${min} to ${max}`);
  return from;
}

function dateField(value: Record<string, unknown>, field: string): Date | undefined {
  if (value[field] === undefined || value[field] === null) return undefined;
  const parsed = typeof value[field] === 'string' ? new Date(value[field]) : undefined;
  if (!parsed || Number.isNaN(parsed.getTime())) throw invalid(field, 'must be an ISO date-time, like "2026-12-01T00:00:00+07:00"');
  return parsed;
}

function bonusFrom(input: unknown): NewPromotion['bonus'] {
  if (typeof input !== 'object' || input === null)
    throw invalid('bonus', 'must be {"kind": "FIXED", "amount"} or {"kind": "PERCENT", "percent", "cap"}');
  const bonus = input as Record<string, unknown>;
  if (bonus.kind === 'FIXED') return { kind: 'FIXED', amountSatang: amountField('bonus.amount', 'THB', bonus.amount) };
  if (bonus.kind !== 'PERCENT') throw invalid('bonus.kind', 'must be FIXED or PERCENT');
  return {
    kind: 'PERCENT',
    percent: wholeField('bonus.percent', 1, 1000, bonus.percent),
    capSatang: amountField('bonus.cap', 'THB', bonus.cap),
  };
}

function promotionFrom(input: unknown, now: Date): NewPromotion {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw invalid('promotion', 'must be a JSON object');
  const value = input as Record<string, unknown>;
  const bonus = bonusFrom(value.bonus);
  const providers = value.providers;
  if (!Array.isArray(providers) || providers.length === 0 || !providers.every(isProvider)) {
    throw invalid('providers', 'must list one or more of alphabet, askmebet, betflix, gclub, gclub_live');
  }
  if (typeof value.imageUrl !== 'string' || !/^(\/|https:\/\/)\S+$/.test(value.imageUrl))
    throw invalid('imageUrl', 'must be a path on this site or an https URL');
  if (value.firstOrderOnly !== undefined && typeof value.firstOrderOnly !== 'boolean')
    throw invalid('firstOrderOnly', 'must be true or false');
  if (value.status !== undefined && value.status !== 'ACTIVE' && value.status !== 'INACTIVE')
    throw invalid('status', 'must be ACTIVE or INACTIVE');
  const startsAt = dateField(value, 'startsAt');
  const endsAt = dateField(value, 'endsAt');
  if (endsAt && endsAt <= (startsAt ?? now)) throw invalid('endsAt', 'must come after startsAt (or now)');
  return {
    name: translatedField(value, 'name'),
    terms: translatedField(value, 'terms'),
    imageUrl: value.imageUrl,
    bonus,
    depositAmountKip: amountField('depositAmount', 'LAK', value.depositAmount),
    turnoverMultiple: wholeField('turnoverMultiple', 0, 100, value.turnoverMultiple),
    minBalanceSatang: amountField('minBalance', 'THB', value.minBalance, 0n),
    maxWithdrawPercent: wholeField('maxWithdrawPercent', 1, 10_000, value.maxWithdrawPercent),
    creditThresholdSatang: amountField('creditThreshold', 'THB', value.creditThreshold),
    firstOrderOnly: value.firstOrderOnly === true,
    providers: [...new Set(providers)],
    startsAt,
    endsAt: endsAt ?? null,
    status: value.status,
  };
}

/**
 * A promotion described in the API's own shape (Promotion without its id; startsAt, endsAt and
 * status optional), checked field by field: the first mistake names its field.
 */
export function checkNewPromotion(input: unknown, now = new Date()): PromotionCheck {
  try {
    return { ok: true, promotion: promotionFrom(input, now) };
  } catch (failure) {
    if (failure instanceof Mistake) return { ok: false, mistake: failure.mistake };
    throw failure;
  }
}

/** A promotion as the console lists it: with how many usages players have taken of it. */
export const AdminPromotionSchema = Type.Intersect([PromotionSchema, Type.Object({ usages: Type.Integer({ minimum: 0 }) })]);
export type AdminPromotion = Static<typeof AdminPromotionSchema>;

export const AdminPromotionsSchema = Type.Object({ promotions: Type.Array(AdminPromotionSchema) });
export type AdminPromotions = Static<typeof AdminPromotionsSchema>;

/** POST /admin/promotions: the promotion as the CLI's JSON file describes it, checked by checkNewPromotion. */
export const PromotionCreationSchema = Type.Object({ promotion: Type.Unknown(), reason: ReasonSchema });
export type PromotionCreation = Static<typeof PromotionCreationSchema>;

export const PromotionIdParamsSchema = Type.Object({ id: Type.String() });

export const PromotionStatusChangeSchema = Type.Object({
  status: Type.Enum(PROMOTION_STATUSES),
  reason: ReasonSchema,
});
export type PromotionStatusChange = Static<typeof PromotionStatusChangeSchema>;

export const AdminPromotionResponseSchema = Type.Object({ promotion: PromotionSchema });
export type AdminPromotionResponse = Static<typeof AdminPromotionResponseSchema>;

/** The bonus pool's balance in THB (a decimal string), from the ledger. */
export const BonusPoolSchema = Type.Object({ balance: Type.String() });
export type BonusPool = Static<typeof BonusPoolSchema>;

/** POST /admin/bonus-pool/fund with an Idempotency-Key header: THB of the operator's capital into the pool. */
export const BonusPoolFundingSchema = Type.Object({ amount: Type.String({ maxLength: 30 }), reason: ReasonSchema });
export type BonusPoolFunding = Static<typeof BonusPoolFundingSchema>;

/** The pool after the funding; replayed when the key had moved the money already. */
export const BonusPoolFundedSchema = Type.Object({ balance: Type.String(), replayed: Type.Boolean() });
export type BonusPoolFunded = Static<typeof BonusPoolFundedSchema>;
