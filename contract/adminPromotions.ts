import { Type, type Static } from 'typebox';
import { ReasonSchema } from './admin';
import { LANGUAGES, type Language } from './languages';
import { AmountInput, parseAmount } from './money';
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

/**
 * What the rule found wrong with one field of a described promotion: the field (dotted, like
 * bonus.cap or name.th), the problem, and what its words need. The console says it in the
 * operator's language (admin.json), the command line and the API in English: the problem, never
 * its words, is shared.
 */
export type PromotionProblem =
  | { field: string; problem: 'NOT_AN_OBJECT' | 'REQUIRED' | 'BONUS_SHAPE' | 'PROVIDERS' | 'IMAGE_URL' | 'TRUE_OR_FALSE' }
  | { field: string; problem: 'DATE_TIME' | 'END_IN_PAST' | 'END_NOT_AFTER_START' }
  | { field: string; problem: 'ONE_OF'; params: { choices: string } }
  | { field: string; problem: 'AMOUNT' | 'AMOUNT_OR_ZERO'; params: { currency: 'THB' | 'LAK' } }
  | { field: string; problem: 'WHOLE_NUMBER'; params: { min: number; max: number } };

export type PromotionCheck = { ok: true; promotion: NewPromotion } | { ok: false; problems: PromotionProblem[] };

/** Checks field by field, writing down each field's problem and reading on, so all are named at once. */
class Reading {
  readonly problems: PromotionProblem[] = [];

  refuse(problem: PromotionProblem): undefined {
    this.problems.push(problem);
    return undefined;
  }

  translated(value: Record<string, unknown>, field: string): TranslatedText | undefined {
    const text = value[field] as Record<string, unknown> | undefined;
    if (typeof text !== 'object' || text === null) return this.refuse({ field, problem: 'REQUIRED' });
    const missing = LANGUAGES.filter((language: Language) => typeof text[language] !== 'string' || text[language].trim() === '');
    for (const language of missing) this.refuse({ field: `${field}.${language}`, problem: 'REQUIRED' });
    if (missing.length > 0) return undefined;
    return Object.fromEntries(LANGUAGES.map((language) => [language, (text[language] as string).trim()])) as TranslatedText;
  }

  amount(field: string, currency: 'THB' | 'LAK', from: unknown, orZero = false): bigint | undefined {
    const parsed = parseAmount(from, currency);
    if (parsed === undefined || parsed < (orZero ? 0n : 1n))
      return this.refuse({ field, problem: orZero ? 'AMOUNT_OR_ZERO' : 'AMOUNT', params: { currency } });
    return parsed;
  }

  whole(field: string, min: number, max: number, from: unknown): number | undefined {
    if (typeof from !== 'number' || !Number.isInteger(from) || from < min || from > max)
      return this.refuse({ field, problem: 'WHOLE_NUMBER', params: { min, max } });
    return from;
  }

  /** null when not given; undefined when given wrong. */
  date(value: Record<string, unknown>, field: string): Date | null | undefined {
    if (value[field] === undefined || value[field] === null) return null;
    const parsed = typeof value[field] === 'string' ? new Date(value[field]) : undefined;
    if (!parsed || Number.isNaN(parsed.getTime())) return this.refuse({ field, problem: 'DATE_TIME' });
    return parsed;
  }

  bonus(input: unknown): NewPromotion['bonus'] | undefined {
    if (typeof input !== 'object' || input === null) return this.refuse({ field: 'bonus', problem: 'BONUS_SHAPE' });
    const bonus = input as Record<string, unknown>;
    if (bonus.kind === 'FIXED') {
      const amountSatang = this.amount('bonus.amount', 'THB', bonus.amount);
      return amountSatang === undefined ? undefined : { kind: 'FIXED', amountSatang };
    }
    if (bonus.kind !== 'PERCENT') return this.refuse({ field: 'bonus.kind', problem: 'ONE_OF', params: { choices: 'FIXED, PERCENT' } });
    const percent = this.whole('bonus.percent', 1, 1000, bonus.percent);
    const capSatang = this.amount('bonus.cap', 'THB', bonus.cap);
    return percent === undefined || capSatang === undefined ? undefined : { kind: 'PERCENT', percent, capSatang };
  }

  /** The window: an end, when given, after the start (or now) and not already past. */
  window(value: Record<string, unknown>, now: Date) {
    const startsAt = this.date(value, 'startsAt');
    const endsAt = this.date(value, 'endsAt');
    if (endsAt && endsAt <= now) this.refuse({ field: 'endsAt', problem: 'END_IN_PAST' });
    else if (endsAt && startsAt && endsAt <= startsAt) this.refuse({ field: 'endsAt', problem: 'END_NOT_AFTER_START' });
    return { startsAt: startsAt ?? undefined, endsAt };
  }
}

/**
 * A promotion described in the API's own shape (Promotion without its id; startsAt, endsAt and
 * status optional), checked field by field: every field's problem is named, in the form's order.
 */
export function checkNewPromotion(input: unknown, now = new Date()): PromotionCheck {
  const reading = new Reading();
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, problems: [{ field: 'promotion', problem: 'NOT_AN_OBJECT' }] };
  }
  const value = input as Record<string, unknown>;
  const name = reading.translated(value, 'name');
  const terms = reading.translated(value, 'terms');
  const { imageUrl, providers, firstOrderOnly, status } = value;
  if (typeof imageUrl !== 'string' || !/^(\/|https:\/\/)\S+$/.test(imageUrl)) reading.refuse({ field: 'imageUrl', problem: 'IMAGE_URL' });
  const bonus = reading.bonus(value.bonus);
  const depositAmountKip = reading.amount('depositAmount', 'LAK', value.depositAmount);
  const turnoverMultiple = reading.whole('turnoverMultiple', 0, 100, value.turnoverMultiple);
  const minBalanceSatang = reading.amount('minBalance', 'THB', value.minBalance, true);
  const maxWithdrawPercent = reading.whole('maxWithdrawPercent', 1, 10_000, value.maxWithdrawPercent);
  const creditThresholdSatang = reading.amount('creditThreshold', 'THB', value.creditThreshold);
  if (!Array.isArray(providers) || providers.length === 0 || !providers.every(isProvider))
    reading.refuse({ field: 'providers', problem: 'PROVIDERS' });
  if (firstOrderOnly !== undefined && typeof firstOrderOnly !== 'boolean')
    reading.refuse({ field: 'firstOrderOnly', problem: 'TRUE_OR_FALSE' });
  if (status !== undefined && status !== 'ACTIVE' && status !== 'INACTIVE')
    reading.refuse({ field: 'status', problem: 'ONE_OF', params: { choices: 'ACTIVE, INACTIVE' } });
  const { startsAt, endsAt } = reading.window(value, now);
  if (reading.problems.length > 0) return { ok: false, problems: reading.problems };
  return {
    ok: true,
    promotion: {
      name: name!,
      terms: terms!,
      imageUrl: imageUrl as string,
      bonus: bonus!,
      depositAmountKip: depositAmountKip!,
      turnoverMultiple: turnoverMultiple!,
      minBalanceSatang: minBalanceSatang!,
      maxWithdrawPercent: maxWithdrawPercent!,
      creditThresholdSatang: creditThresholdSatang!,
      firstOrderOnly: firstOrderOnly === true,
      providers: [...new Set(providers as Provider[])],
      startsAt,
      endsAt: endsAt ?? null,
      status: status as NewPromotion['status'],
    },
  };
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
export const BonusPoolFundingSchema = Type.Object({ amount: AmountInput, reason: ReasonSchema });
export type BonusPoolFunding = Static<typeof BonusPoolFundingSchema>;

/** The pool after the funding; replayed when the key had moved the money already. */
export const BonusPoolFundedSchema = Type.Object({ balance: Type.String(), replayed: Type.Boolean() });
export type BonusPoolFunded = Static<typeof BonusPoolFundedSchema>;
