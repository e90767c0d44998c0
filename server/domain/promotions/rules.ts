import { isProvider, type Provider } from '../../../src/contract/providers';
import { parseAmount } from '../../../src/contract/money';
import { ErrorCode } from '../../../src/contract/errors';
import type { TranslatedText } from '../../../src/contract/promotions';
import { LANGUAGES, type Language } from '../../../src/contract/languages';
import { AppError } from '../errors';
import type { AccountRef } from '../ledger';
import type { PromotionRow } from './repository';

/** The promotion rules that need no database: the bonus pool account, liveness, and a new promotion checked field by field. */

export const BONUS_POOL: AccountRef = { kind: 'bonus_pool', currency: 'THB' };
export const CAPITAL_THB: AccountRef = { kind: 'capital', currency: 'THB' };

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A promotion players can take now: ACTIVE and inside its window. */
export const isLive = (row: PromotionRow, now = new Date()) =>
  row.status === 'ACTIVE' && row.starts_at <= now && (row.ends_at === null || row.ends_at > now);

export const refuse = (status: number, code: ErrorCode, message: string) => new AppError(status, code, message);

export const notCancelable = (status: string) =>
  refuse(409, ErrorCode.PROMOTION_USAGE_NOT_CANCELABLE, `A ${status} promotion usage cannot be cancelled`);

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

const invalid = (field: string, rule: string) => new AppError(400, ErrorCode.VALIDATION_ERROR, `${field}: ${rule}`);

function translatedField(value: Record<string, unknown>, field: string): TranslatedText {
  const text = value[field] as Record<string, unknown> | undefined;
  const filled = (language: Language) => typeof text?.[language] === 'string' && text[language].trim() !== '';
  if (typeof text !== 'object' || text === null || !LANGUAGES.every(filled))
    throw invalid(field, 'needs a text in each of lo, cn, vn and th');
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

/**
 * A promotion an operator describes in the API's own shape (Promotion without its id; startsAt,
 * endsAt and status optional), checked field by field: the first mistake is a VALIDATION_ERROR
 * naming the field, and nothing is written.
 */
export function newPromotionFrom(input: unknown): NewPromotion {
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
  if (endsAt && endsAt <= (startsAt ?? new Date())) throw invalid('endsAt', 'must come after startsAt (or now)');
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
