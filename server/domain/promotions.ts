import { sql, type Selectable } from 'kysely';
import type { Database } from '../db/database';
import type { PromotionTables } from '../db/schema';
import { ErrorCode } from '../../src/contract/errors';
import { formatAmount, parseAmount } from '../../src/contract/money';
import { isProvider, type Provider } from '../../src/contract/providers';
import {
  bonusFor,
  turnoverRequiredFor,
  type Promotion,
  type PromotionUsage,
  type PromotionUsageEndReason,
  type PromotionUsagePage,
  type PromotionUsageStatus,
  type TranslatedText,
} from '../../src/contract/promotions';
import { AppError } from './errors';
import { bankAccountsOf } from './bankAccounts';
import { isBlocked } from './players';
import { postTransfer, resolveAccount, type AccountRef, type LedgerTrx } from './ledger';
import { ensureMember, readCredit, takeCreditFromProvider, withProvider, type WalletDeps } from './providerWallets';
import { isUniqueViolation } from '../db/errors';

/**
 * Promotions (docs/promotions.md): a player takes one promotion at a time for one provider (a
 * usage, ACTIVE), deposits its set amount and gets the bonus from the agency's bonus pool with the
 * deposit's credit (USED), then plays the turnover. A recheck, a withdrawal or a cancel ends it.
 * Every rule refuses with a code and changes nothing; the one-in-progress rule is also a unique
 * index, so two "use" calls racing give one usage.
 */

type PromotionRow = Selectable<PromotionTables['promotions']>;
type UsageRow = Selectable<PromotionTables['promotion_usages']>;

export interface PlayerRef {
  agencyId: string;
  playerId: string;
}

export const BONUS_POOL: AccountRef = { kind: 'bonus_pool', currency: 'THB' };
const CAPITAL_THB: AccountRef = { kind: 'capital', currency: 'THB' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const thb = (value: string | null) => (value === null ? null : formatAmount(BigInt(value), 'THB'));

export function bonusOf(row: PromotionRow) {
  return row.bonus_kind === 'FIXED'
    ? { kind: 'FIXED' as const, amountSatang: BigInt(row.bonus_amount_satang!) }
    : { kind: 'PERCENT' as const, percent: row.bonus_percent!, capSatang: BigInt(row.bonus_cap_satang!) };
}

export function toPromotion(row: PromotionRow): Promotion {
  const bonus = bonusOf(row);
  return {
    id: row.id,
    name: row.name,
    terms: row.terms,
    imageUrl: row.image_url,
    bonus: bonus.kind === 'FIXED' ? { kind: 'FIXED', amount: formatAmount(bonus.amountSatang, 'THB') } : { kind: 'PERCENT', percent: bonus.percent, cap: formatAmount(bonus.capSatang, 'THB') },
    depositAmount: formatAmount(BigInt(row.deposit_amount_kip), 'LAK'),
    turnoverMultiple: row.turnover_multiple,
    minBalance: formatAmount(BigInt(row.min_balance_satang), 'THB'),
    maxWithdrawPercent: row.max_withdraw_percent,
    creditThreshold: formatAmount(BigInt(row.credit_threshold_satang), 'THB'),
    firstOrderOnly: row.first_order_only,
    providers: row.providers.filter(isProvider),
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
    status: row.status,
  };
}

/** A promotion players can take now: ACTIVE and inside its window. */
const isLive = (row: PromotionRow, now = new Date()) => row.status === 'ACTIVE' && row.starts_at <= now && (row.ends_at === null || row.ends_at > now);

/** The agency's promotions players can take now, in the agency's order, then newest first. */
export async function livePromotions(db: Database, agencyId: string): Promise<Promotion[]> {
  const rows = await db
    .selectFrom('promotions')
    .selectAll()
    .where('agency_id', '=', agencyId)
    .where('status', '=', 'ACTIVE')
    .where('starts_at', '<=', sql<Date>`now()`)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now()`)]))
    .orderBy('sort_order')
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toPromotion);
}

/** Every promotion of the agency (for the operator), in list order. */
export async function allPromotions(db: Database, agencyId: string): Promise<Promotion[]> {
  const rows = await db.selectFrom('promotions').selectAll().where('agency_id', '=', agencyId).orderBy('sort_order').orderBy('created_at', 'desc').execute();
  return rows.map(toPromotion);
}

async function promotionRow(db: Database | LedgerTrx, agencyId: string, promotionId: string): Promise<PromotionRow> {
  const row = UUID.test(promotionId)
    ? await db.selectFrom('promotions').selectAll().where('agency_id', '=', agencyId).where('id', '=', promotionId).executeTakeFirst()
    : undefined;
  if (!row) throw new AppError(404, ErrorCode.NOT_FOUND, `No promotion ${promotionId}`);
  return row;
}

/** One of the agency's promotions, live or not (the detail page). */
export async function findPromotion(db: Database, agencyId: string, promotionId: string): Promise<Promotion> {
  return toPromotion(await promotionRow(db, agencyId, promotionId));
}

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
 * A promotion an operator describes in the API's own shape (Promotion without its id; startsAt,
 * endsAt and status optional), checked field by field: the first mistake is a VALIDATION_ERROR
 * naming the field, and nothing is written.
 */
export function newPromotionFrom(input: unknown): NewPromotion {
  const invalid = (field: string, rule: string) => new AppError(400, ErrorCode.VALIDATION_ERROR, `${field}: ${rule}`);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw invalid('promotion', 'must be a JSON object');
  const value = input as Record<string, unknown>;
  const translated = (field: string): TranslatedText => {
    const text = value[field] as Record<string, unknown> | undefined;
    const languages = ['lo', 'cn', 'vn', 'th'] as const;
    if (typeof text !== 'object' || text === null || !languages.every((language) => typeof text[language] === 'string' && (text[language] as string).trim() !== '')) {
      throw invalid(field, 'needs a text in each of lo, cn, vn and th');
    }
    return Object.fromEntries(languages.map((language) => [language, (text[language] as string).trim()])) as TranslatedText;
  };
  const amount = (field: string, currency: 'THB' | 'LAK', from: unknown = value[field], least = 1n): bigint => {
    const parsed = parseAmount(from, currency);
    if (parsed === undefined || parsed < least) {
      throw invalid(field, `must be a ${currency} amount${least > 0n ? ' above 0' : ''} as a string, like ${currency === 'THB' ? '"50.00"' : '"64000"'}`);
    }
    return parsed;
  };
  const whole = (field: string, min: number, max: number, from: unknown = value[field]): number => {
    if (typeof from !== 'number' || !Number.isInteger(from) || from < min || from > max) throw invalid(field, `must be a whole number from ${min} to ${max}`);
    return from;
  };
  const date = (field: string): Date | undefined => {
    if (value[field] === undefined || value[field] === null) return undefined;
    const parsed = typeof value[field] === 'string' ? new Date(value[field] as string) : undefined;
    if (!parsed || Number.isNaN(parsed.getTime())) throw invalid(field, 'must be an ISO date-time, like "2026-12-01T00:00:00+07:00"');
    return parsed;
  };
  const bonusInput = value.bonus as Record<string, unknown> | undefined;
  if (typeof bonusInput !== 'object' || bonusInput === null) throw invalid('bonus', 'must be {"kind": "FIXED", "amount"} or {"kind": "PERCENT", "percent", "cap"}');
  const bonus: NewPromotion['bonus'] =
    bonusInput.kind === 'FIXED'
      ? { kind: 'FIXED', amountSatang: amount('bonus.amount', 'THB', bonusInput.amount) }
      : bonusInput.kind === 'PERCENT'
        ? { kind: 'PERCENT', percent: whole('bonus.percent', 1, 1000, bonusInput.percent), capSatang: amount('bonus.cap', 'THB', bonusInput.cap) }
        : (() => {
            throw invalid('bonus.kind', 'must be FIXED or PERCENT');
          })();
  const providers = value.providers;
  if (!Array.isArray(providers) || providers.length === 0 || !providers.every(isProvider)) throw invalid('providers', 'must list one or more of alphabet, askmebet, betflix, gclub, gclub_live');
  if (typeof value.imageUrl !== 'string' || !/^(\/|https:\/\/)\S+$/.test(value.imageUrl)) throw invalid('imageUrl', 'must be a path on this site or an https URL');
  if (value.firstOrderOnly !== undefined && typeof value.firstOrderOnly !== 'boolean') throw invalid('firstOrderOnly', 'must be true or false');
  if (value.status !== undefined && value.status !== 'ACTIVE' && value.status !== 'INACTIVE') throw invalid('status', 'must be ACTIVE or INACTIVE');
  const startsAt = date('startsAt');
  const endsAt = date('endsAt');
  if (endsAt && endsAt <= (startsAt ?? new Date())) throw invalid('endsAt', 'must come after startsAt (or now)');
  return {
    name: translated('name'),
    terms: translated('terms'),
    imageUrl: value.imageUrl,
    bonus,
    depositAmountKip: amount('depositAmount', 'LAK'),
    turnoverMultiple: whole('turnoverMultiple', 0, 100),
    minBalanceSatang: amount('minBalance', 'THB', value.minBalance, 0n),
    maxWithdrawPercent: whole('maxWithdrawPercent', 1, 10_000),
    creditThresholdSatang: amount('creditThreshold', 'THB'),
    firstOrderOnly: value.firstOrderOnly === true,
    providers: [...new Set(providers)],
    startsAt,
    endsAt: endsAt ?? null,
    status: value.status,
  };
}

/** Switches a promotion on or off for new takers; usages already taken go on under its rules. */
export async function setPromotionStatus(db: Database, agencyId: string, promotionId: string, status: 'ACTIVE' | 'INACTIVE'): Promise<Promotion> {
  const row = await promotionRow(db, agencyId, promotionId);
  const updated = await db.updateTable('promotions').set({ status }).where('agency_id', '=', agencyId).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
  return toPromotion(updated);
}

export async function createPromotion(db: Database, agencyId: string, input: NewPromotion): Promise<Promotion> {
  const row = await db
    .insertInto('promotions')
    .values({
      agency_id: agencyId,
      name: JSON.stringify(input.name),
      terms: JSON.stringify(input.terms),
      image_url: input.imageUrl,
      bonus_kind: input.bonus.kind,
      bonus_amount_satang: input.bonus.kind === 'FIXED' ? input.bonus.amountSatang : null,
      bonus_percent: input.bonus.kind === 'PERCENT' ? input.bonus.percent : null,
      bonus_cap_satang: input.bonus.kind === 'PERCENT' ? input.bonus.capSatang : null,
      deposit_amount_kip: input.depositAmountKip,
      turnover_multiple: input.turnoverMultiple,
      min_balance_satang: input.minBalanceSatang,
      max_withdraw_percent: input.maxWithdrawPercent,
      credit_threshold_satang: input.creditThresholdSatang,
      first_order_only: input.firstOrderOnly,
      providers: input.providers,
      starts_at: input.startsAt ?? new Date(),
      ends_at: input.endsAt ?? null,
      status: input.status ?? 'ACTIVE',
      sort_order: input.sortOrder ?? 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPromotion(row);
}

/** Moves the operator's own THB into the bonus pool; the key makes a repeated command move it once. */
export async function fundBonusPool(db: Database, agencyId: string, satang: bigint, key: string, by: string): Promise<bigint> {
  if (satang <= 0n) throw new AppError(400, ErrorCode.INVALID_AMOUNT, 'The amount to fund must be above 0');
  return db.transaction().execute(async (trx) => {
    await postTransfer(trx, {
      agencyId,
      key,
      kind: 'BONUS_POOL_FUNDING',
      entries: [
        { account: CAPITAL_THB, amount: -satang },
        { account: BONUS_POOL, amount: satang },
      ],
      refs: { by },
    });
    const pool = await resolveAccount(trx, agencyId, BONUS_POOL);
    const row = await trx.selectFrom('ledger_accounts').select('balance').where('id', '=', pool.id).executeTakeFirstOrThrow();
    return BigInt(row.balance);
  });
}

const usageColumns = [
  'promotion_usages.id',
  'promotion_usages.agency_id',
  'promotion_usages.player_id',
  'promotion_usages.promotion_id',
  'promotion_usages.provider',
  'promotion_usages.status',
  'promotion_usages.deposit_order_id',
  'promotion_usages.deposit_credit_satang',
  'promotion_usages.bonus_satang',
  'promotion_usages.credit_received_satang',
  'promotion_usages.turnover_required_satang',
  'promotion_usages.turnover_satang',
  'promotion_usages.turnover_since',
  'promotion_usages.cancel_take_satang',
  'promotion_usages.cancel_attempt',
  'promotion_usages.created_at',
  'promotion_usages.used_at',
  'promotion_usages.ended_at',
  'promotion_usages.end_reason',
] as const;

type UsageView = UsageRow & { promotion_name: TranslatedText; deposit_code: string | null };

/** Usages with their promotion's name and the code of the deposit that took them. */
function usages(db: Database | LedgerTrx, who: PlayerRef) {
  return db
    .selectFrom('promotion_usages')
    .innerJoin('promotions', 'promotions.id', 'promotion_usages.promotion_id')
    .leftJoin('deposit_orders', (join) =>
      join.on((eb) =>
        eb.or([
          eb('deposit_orders.id', '=', eb.ref('promotion_usages.deposit_order_id')),
          // Before payment the usage names no order yet; its open order names the usage.
          eb.and([
            eb('promotion_usages.deposit_order_id', 'is', null),
            eb('deposit_orders.promotion_usage_id', '=', eb.ref('promotion_usages.id')),
            eb('deposit_orders.status', '=', 'OPEN'),
            eb('deposit_orders.expires_at', '>', sql<Date>`now()`),
          ]),
        ]),
      ),
    )
    .select(usageColumns)
    .select(['promotions.name as promotion_name', 'deposit_orders.code as deposit_code'])
    .where('promotion_usages.agency_id', '=', who.agencyId)
    .where('promotion_usages.player_id', '=', who.playerId);
}

export function toUsage(row: UsageView): PromotionUsage {
  return {
    usageId: row.id,
    promotionId: row.promotion_id,
    promotionName: row.promotion_name,
    provider: row.provider as Provider,
    status: row.status,
    depositCode: row.deposit_code,
    depositCredit: thb(row.deposit_credit_satang),
    bonus: thb(row.bonus_satang),
    creditReceived: thb(row.credit_received_satang),
    turnoverRequired: thb(row.turnover_required_satang),
    turnover: thb(row.turnover_satang),
    createdAt: row.created_at.toISOString(),
    usedAt: row.used_at?.toISOString() ?? null,
    endedAt: row.ended_at?.toISOString() ?? null,
    endReason: row.end_reason,
  };
}

async function usageInProgress(db: Database | LedgerTrx, who: PlayerRef): Promise<UsageView | undefined> {
  return usages(db, who).where('promotion_usages.status', 'in', ['ACTIVE', 'USED']).executeTakeFirst() as Promise<UsageView | undefined>;
}

async function usageById(db: Database | LedgerTrx, who: PlayerRef, usageId: string): Promise<UsageView> {
  const row = UUID.test(usageId) ? ((await usages(db, who).where('promotion_usages.id', '=', usageId).executeTakeFirst()) as UsageView | undefined) : undefined;
  if (!row) throw new AppError(404, ErrorCode.NOT_FOUND, `No promotion usage ${usageId}`);
  return row;
}

/** GET /players/promotions/using: the usage in progress, or null. */
export async function usingPromotion(db: Database, who: PlayerRef): Promise<PromotionUsage | null> {
  const row = await usageInProgress(db, who);
  return row ? toUsage(row) : null;
}

/** GET /promotions/usages: the player's usages, newest first, optionally of one status. */
export async function usagesOf(db: Database, who: PlayerRef, page: number, pageSize: number, status?: PromotionUsageStatus): Promise<PromotionUsagePage> {
  const scoped = db
    .selectFrom('promotion_usages')
    .where('agency_id', '=', who.agencyId)
    .where('player_id', '=', who.playerId)
    .$if(status !== undefined, (q) => q.where('status', '=', status!));
  const [rows, count] = await Promise.all([
    usages(db, who)
      .$if(status !== undefined, (q) => q.where('promotion_usages.status', '=', status!))
      .orderBy('promotion_usages.created_at', 'desc')
      .orderBy('promotion_usages.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    scoped.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: (rows as UsageView[]).map(toUsage), page, pageSize, total: Number(count.total) };
}

/** The player's live credit at the provider (satang); a provider that does not answer is 503. */
export function liveCredit(deps: WalletDeps, who: PlayerRef, provider: Provider): Promise<bigint> {
  return withProvider(() => readCredit(deps, { ...who, provider }));
}

/** The stakes the player bet at the provider since a moment (satang), from the provider's bet records. */
export async function liveTurnover(deps: WalletDeps, who: PlayerRef, provider: Provider, since: Date): Promise<bigint> {
  const member = await withProvider(() => ensureMember(deps, { ...who, provider }));
  const { turnover } = await withProvider(() => deps.providers.turnover(provider, member, since));
  return turnover;
}

const refuse = (status: number, code: ErrorCode, message: string) => new AppError(status, code, message);


/** POST /promotions/use: the rules in the order docs/promotions.md lists them, then a new ACTIVE usage. */
export async function usePromotion(deps: WalletDeps, who: PlayerRef, request: { promotionId: string; providerId: string }): Promise<PromotionUsage> {
  const { db } = deps;
  if (!isProvider(request.providerId)) throw refuse(400, ErrorCode.UNKNOWN_PROVIDER, `No game provider ${request.providerId}`);
  const provider = request.providerId;
  const promotion = await promotionRow(db, who.agencyId, request.promotionId);
  if (await isBlocked(db, who.agencyId, who.playerId)) throw refuse(403, ErrorCode.PLAYER_BLOCKED, 'This account is blocked from receiving promotions');
  if ((await bankAccountsOf(db, who.agencyId, who.playerId)).length === 0) throw refuse(409, ErrorCode.BANK_ACCOUNT_REQUIRED, 'Add a bank account before taking a promotion');
  if (!isLive(promotion)) throw refuse(409, ErrorCode.PROMOTION_INACTIVE, 'This promotion is not available now');
  if (!promotion.providers.includes(provider)) throw refuse(422, ErrorCode.PROMOTION_PROVIDER_NOT_ALLOWED, `This promotion is not for ${provider}`);
  if (await usageInProgress(db, who)) throw refuse(409, ErrorCode.PROMOTION_USAGE, 'A promotion is in use already: finish or cancel it first');
  const taken = await db
    .selectFrom('promotion_usages')
    .select('id')
    .where('agency_id', '=', who.agencyId)
    .where('player_id', '=', who.playerId)
    .where('promotion_id', '=', promotion.id)
    .where('bonus_satang', 'is not', null)
    .executeTakeFirst();
  if (taken) throw refuse(409, ErrorCode.PROMOTION_ALREADY_USED, 'You have used this promotion already');
  if (promotion.first_order_only) {
    const deposited = await db
      .selectFrom('deposit_orders')
      .select('id')
      .where('agency_id', '=', who.agencyId)
      .where('player_id', '=', who.playerId)
      .where('status', '=', 'SUCCESS')
      .executeTakeFirst();
    if (deposited) throw refuse(409, ErrorCode.PROMOTION_ONLY_FOR_FIRST_ORDER, 'This promotion is for a first deposit only');
  }
  const open = await db
    .selectFrom('deposit_orders')
    .select('id')
    .where('agency_id', '=', who.agencyId)
    .where('player_id', '=', who.playerId)
    .where('status', '=', 'OPEN')
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (open) throw refuse(409, ErrorCode.CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN, 'Close the open deposit order to take a promotion');
  if ((await liveCredit(deps, who, provider)) >= BigInt(promotion.credit_threshold_satang)) {
    throw refuse(409, ErrorCode.PROMOTION_CREDIT_USED, `The credit at ${provider} must be below ${formatAmount(BigInt(promotion.credit_threshold_satang), 'THB')} THB`);
  }
  try {
    const created = await db
      .insertInto('promotion_usages')
      .values({ agency_id: who.agencyId, player_id: who.playerId, promotion_id: promotion.id, provider })
      .returning('id')
      .executeTakeFirstOrThrow();
    return toUsage(await usageById(db, who, created.id));
  } catch (error) {
    if (isUniqueViolation(error, 'promotion_usages_one_in_progress')) throw refuse(409, ErrorCode.PROMOTION_USAGE, 'A promotion is in use already');
    throw error;
  }
}

async function endUsage(db: Database | LedgerTrx, usage: { id: string; agency_id: string }, from: PromotionUsageStatus, to: PromotionUsageStatus, reason: PromotionUsageEndReason, turnover?: bigint) {
  return db
    .updateTable('promotion_usages')
    .set({ status: to, end_reason: reason, ended_at: sql<Date>`now()`, ...(turnover === undefined ? {} : { turnover_satang: turnover }) })
    .where('agency_id', '=', usage.agency_id)
    .where('id', '=', usage.id)
    .where('status', '=', from)
    .returning('id')
    .executeTakeFirst();
}

async function promotionOf(db: Database | LedgerTrx, usage: { agency_id: string; promotion_id: string }): Promise<PromotionRow> {
  return db.selectFrom('promotions').selectAll().where('agency_id', '=', usage.agency_id).where('id', '=', usage.promotion_id).executeTakeFirstOrThrow();
}

/**
 * The promotion rules of a new deposit (SPEC.md section 5). With an ACTIVE usage the order takes
 * it: same provider, the set amount, the credit below the threshold; the usage's id is returned to
 * link the order. With a USED usage: another provider is refused, the same provider with credit
 * still at or above the threshold is refused, and below it the usage ends (the promotion's credit
 * is spent) and the deposit goes ahead without one.
 */
export async function promotionForDeposit(deps: WalletDeps, who: PlayerRef, provider: Provider, amountKip: bigint, promotionId: string | undefined): Promise<string | null> {
  const usage = await usageInProgress(deps.db, who);
  if (!usage) {
    if (promotionId !== undefined) throw refuse(409, ErrorCode.PROMOTION_INACTIVE, 'Take the promotion first, then deposit');
    return null;
  }
  const promotion = await promotionOf(deps.db, usage);
  const threshold = BigInt(promotion.credit_threshold_satang);
  if (usage.status === 'ACTIVE') {
    if (promotionId !== undefined && promotionId !== usage.promotion_id) throw refuse(409, ErrorCode.PROMOTION_USAGE, 'Another promotion is taken: deposit for that one or cancel it');
    if (provider !== usage.provider) throw refuse(409, ErrorCode.PROMOTION_USAGE, `The promotion taken is for ${usage.provider}`);
    if (amountKip !== BigInt(promotion.deposit_amount_kip)) {
      throw refuse(409, ErrorCode.PROMOTION_DEPOSIT_AMOUNT, `Deposit exactly ${formatAmount(BigInt(promotion.deposit_amount_kip), 'LAK')} LAK for this promotion`);
    }
    if ((await liveCredit(deps, who, provider)) >= threshold) throw refuse(409, ErrorCode.PROMOTION_CREDIT_USED, `The credit at ${provider} must be below ${formatAmount(threshold, 'THB')} THB`);
    return usage.id;
  }
  if (promotionId !== undefined || provider !== usage.provider) throw refuse(409, ErrorCode.PROMOTION_USAGE, `A promotion is in use at ${usage.provider}`);
  if ((await liveCredit(deps, who, provider)) >= threshold) {
    throw refuse(409, ErrorCode.PROMOTION_CREDIT_USED, `A promotion is in use: deposit again once the credit is below ${formatAmount(threshold, 'THB')} THB`);
  }
  await endUsage(deps.db, usage, 'USED', 'SUCCESS', 'CREDIT_BELOW_THRESHOLD');
  return null;
}

/**
 * At payment, in the payment's transaction: the bonus of the order's usage (still ACTIVE) moves
 * from the bonus pool to what the agency owes the player, beside the deposit's credit, and the
 * usage becomes USED with its turnover counted from now. When the pool cannot cover the bonus the
 * deposit is credited without it and the usage ends INACTIVE: a player's paid money is never held
 * back for a bonus. Returns the bonus credited (null: none).
 */
export async function creditPromotionBonus(trx: LedgerTrx, order: { id: string; agency_id: string; code: string; player_id: string; credit_satang: string; promotion_usage_id: string | null }): Promise<bigint | null> {
  if (order.promotion_usage_id === null) return null;
  const usage = await trx
    .selectFrom('promotion_usages')
    .selectAll()
    .where('agency_id', '=', order.agency_id)
    .where('id', '=', order.promotion_usage_id)
    .forUpdate()
    .executeTakeFirst();
  if (!usage || usage.status !== 'ACTIVE') return null;
  const promotion = await promotionOf(trx, usage);
  const credit = BigInt(order.credit_satang);
  const bonus = bonusFor(bonusOf(promotion), credit);
  const pool = await resolveAccount(trx, order.agency_id, BONUS_POOL);
  const { balance } = await trx.selectFrom('ledger_accounts').select('balance').where('id', '=', pool.id).forUpdate().executeTakeFirstOrThrow();
  if (BigInt(balance) < bonus) {
    console.warn(`promotion usage ${usage.id}: the bonus pool holds ${formatAmount(BigInt(balance), 'THB')} THB, short of the ${formatAmount(bonus, 'THB')} THB bonus of deposit ${order.code}; credited without it`);
    await endUsage(trx, usage, 'ACTIVE', 'INACTIVE', 'PROMOTION_ENDED');
    return null;
  }
  if (bonus > 0n) {
    await postTransfer(trx, {
      agencyId: order.agency_id,
      key: `deposit:${order.code}:bonus`,
      kind: 'PROMOTION_BONUS',
      entries: [
        { account: BONUS_POOL, amount: -bonus },
        { account: { kind: 'owed_to_player', playerId: order.player_id, currency: 'THB' }, amount: bonus },
      ],
      refs: { deposit: order.code, usage: usage.id, playerId: order.player_id },
    });
  }
  const received = credit + bonus;
  await trx
    .updateTable('promotion_usages')
    .set({
      status: 'USED',
      deposit_order_id: order.id,
      deposit_credit_satang: credit,
      bonus_satang: bonus,
      credit_received_satang: received,
      turnover_required_satang: turnoverRequiredFor(received, promotion.turnover_multiple),
      turnover_satang: 0n,
      turnover_since: sql<Date>`now()`,
      used_at: sql<Date>`now()`,
    })
    .where('agency_id', '=', order.agency_id)
    .where('id', '=', usage.id)
    .execute();
  return bonus;
}

/**
 * POST /promotions/usages/recheck. ACTIVE: ends INACTIVE when its promotion is no longer live and
 * no deposit for it is open. USED: reads the bets since the bonus; the turnover met, or the credit
 * fallen below the threshold, ends it SUCCESS; else the turnover so far is kept. Both reads come
 * before any change, so a provider that does not answer (503) leaves everything as it was.
 */
export async function recheckUsage(deps: WalletDeps, who: PlayerRef): Promise<PromotionUsage | null> {
  const { db } = deps;
  const usage = await usageInProgress(db, who);
  if (!usage) return null;
  const promotion = await promotionOf(db, usage);
  if (usage.status === 'ACTIVE') {
    if (!isLive(promotion) && usage.deposit_code === null) await endUsage(db, usage, 'ACTIVE', 'INACTIVE', 'PROMOTION_ENDED');
  } else {
    const provider = usage.provider as Provider;
    const turnover = await liveTurnover(deps, who, provider, usage.turnover_since!);
    if (turnover >= BigInt(usage.turnover_required_satang!)) {
      await endUsage(db, usage, 'USED', 'SUCCESS', 'TURNOVER_MET', turnover);
    } else if ((await liveCredit(deps, who, provider)) < BigInt(promotion.credit_threshold_satang)) {
      await endUsage(db, usage, 'USED', 'SUCCESS', 'CREDIT_BELOW_THRESHOLD', turnover);
    } else {
      await db.updateTable('promotion_usages').set({ turnover_satang: turnover }).where('agency_id', '=', who.agencyId).where('id', '=', usage.id).where('status', '=', 'USED').execute();
    }
  }
  return toUsage(await usageById(db, who, usage.id));
}

const notCancelable = (status: string) => refuse(409, ErrorCode.PROMOTION_USAGE_NOT_CANCELABLE, `A ${status} promotion usage cannot be cancelled`);

/**
 * POST /promotions/usages/cancel. ACTIVE: cancelled unless its deposit order is open. USED: the
 * bonus is forfeited: what is left of it (the bonus, or less when the credit has fallen below it)
 * is taken back from the provider into the bonus pool, then the usage is CANCELED. The amount and
 * attempt are recorded before the provider is called, so a retry replays the same ledger transfer;
 * a refusal (the credit moved meanwhile) clears them for the next try.
 */
export async function cancelUsage(deps: WalletDeps, who: PlayerRef, usageId: string): Promise<PromotionUsage> {
  const { db } = deps;
  const usage = await usageById(db, who, usageId);
  if (usage.status === 'ACTIVE') {
    if (usage.deposit_code !== null) throw refuse(409, ErrorCode.OPEN_ORDER, 'Cancel or finish the open deposit order first');
    if (!(await endUsage(db, usage, 'ACTIVE', 'CANCELED', 'CANCELED'))) throw notCancelable('finished');
    return toUsage(await usageById(db, who, usage.id));
  }
  if (usage.status !== 'USED') throw notCancelable(usage.status);
  const provider = usage.provider as Provider;
  const credit = usage.cancel_take_satang === null ? await liveCredit(deps, who, provider) : 0n;

  const claim = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('promotion_usages').selectAll().where('agency_id', '=', who.agencyId).where('id', '=', usage.id).forUpdate().executeTakeFirstOrThrow();
    if (row.status !== 'USED') throw notCancelable(row.status);
    if (row.cancel_take_satang !== null) return { take: BigInt(row.cancel_take_satang), attempt: row.cancel_attempt };
    const bonus = BigInt(row.bonus_satang!);
    const take = credit < bonus ? credit : bonus;
    if (take === 0n) {
      await endUsage(trx, row, 'USED', 'CANCELED', 'CANCELED');
      return null;
    }
    const attempt = row.cancel_attempt + 1;
    await trx.updateTable('promotion_usages').set({ cancel_take_satang: take, cancel_attempt: attempt }).where('agency_id', '=', who.agencyId).where('id', '=', row.id).execute();
    return { take, attempt };
  });

  if (claim) {
    const taken = await takeCreditFromProvider(deps, {
      ...who,
      provider,
      amount: claim.take,
      key: `promotion-cancel:${usage.id}:${claim.attempt}`,
      kind: 'PROMOTION_FORFEIT',
      to: BONUS_POOL,
      refs: { usage: usage.id },
      providerRef: `PC-${usage.id}-${claim.attempt}`,
    });
    if (taken.status === 'PENDING') throw refuse(503, ErrorCode.PROVIDER_UNAVAILABLE, 'The game provider did not answer; cancel again to finish');
    if (taken.status === 'VOIDED') {
      await db
        .updateTable('promotion_usages')
        .set({ cancel_take_satang: null })
        .where('agency_id', '=', who.agencyId)
        .where('id', '=', usage.id)
        .where('status', '=', 'USED')
        .where('cancel_attempt', '=', claim.attempt)
        .execute();
      throw refuse(409, ErrorCode.INSUFFICIENT_CREDIT, 'The credit changed while cancelling; try again');
    }
    if (!(await endUsage(db, usage, 'USED', 'CANCELED', 'CANCELED'))) throw notCancelable('finished');
  }
  return toUsage(await usageById(db, who, usage.id));
}

/** What a withdrawal with a promotion in use needs to know about it. */
export interface UsageForWithdrawal {
  usageId: string;
  bonusSatang: bigint;
  creditReceivedSatang: bigint;
  turnoverRequiredSatang: bigint;
  turnoverSince: Date;
  minBalanceSatang: bigint;
  maxWithdrawPercent: number;
}

/** The player's USED usage when it is for this provider; the withdrawal rules apply only then. */
export async function usedUsageAt(db: Database, who: PlayerRef, provider: Provider): Promise<UsageForWithdrawal | null> {
  const row = await db
    .selectFrom('promotion_usages')
    .innerJoin('promotions', 'promotions.id', 'promotion_usages.promotion_id')
    .select([
      'promotion_usages.id',
      'promotion_usages.bonus_satang',
      'promotion_usages.credit_received_satang',
      'promotion_usages.turnover_required_satang',
      'promotion_usages.turnover_since',
      'promotions.min_balance_satang',
      'promotions.max_withdraw_percent',
    ])
    .where('promotion_usages.agency_id', '=', who.agencyId)
    .where('promotion_usages.player_id', '=', who.playerId)
    .where('promotion_usages.status', '=', 'USED')
    .where('promotion_usages.provider', '=', provider)
    .executeTakeFirst();
  if (!row) return null;
  return {
    usageId: row.id,
    bonusSatang: BigInt(row.bonus_satang!),
    creditReceivedSatang: BigInt(row.credit_received_satang!),
    turnoverRequiredSatang: BigInt(row.turnover_required_satang!),
    turnoverSince: row.turnover_since!,
    minBalanceSatang: BigInt(row.min_balance_satang),
    maxWithdrawPercent: row.max_withdraw_percent,
  };
}

/** A withdrawal under the usage's rules was recorded: the usage ends, the promotion's credit withdrawn. */
export async function endUsageByWithdrawal(db: Database | LedgerTrx, agencyId: string, usageId: string): Promise<void> {
  await endUsage(db, { id: usageId, agency_id: agencyId }, 'USED', 'SUCCESS', 'WITHDRAWN');
}

/**
 * That withdrawal was rejected or failed and its whole credit goes back: the usage is in use
 * again, unless the player has taken another promotion since.
 */
export async function reopenUsageAfterWithdrawal(trx: LedgerTrx, agencyId: string, usageId: string): Promise<void> {
  const usage = await trx.selectFrom('promotion_usages').select(['player_id', 'status', 'end_reason']).where('agency_id', '=', agencyId).where('id', '=', usageId).forUpdate().executeTakeFirst();
  if (!usage || usage.status !== 'SUCCESS' || usage.end_reason !== 'WITHDRAWN') return;
  const other = await usageInProgress(trx, { agencyId, playerId: usage.player_id });
  if (other) return;
  await trx.updateTable('promotion_usages').set({ status: 'USED', end_reason: null, ended_at: null }).where('agency_id', '=', agencyId).where('id', '=', usageId).execute();
}
