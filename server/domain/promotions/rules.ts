import { checkNewPromotion, type NewPromotion } from '../../../contract/adminPromotions';
import { ErrorCode } from '../../../contract/errors';
import { AppError } from '../errors';
import type { AccountRef } from '../ledger';
import { promotionProblemText } from './problemText';
import type { PromotionRow } from './repository';

/** The promotion rules that need no database: the bonus pool account, liveness, and a new promotion checked field by field. */

export type { NewPromotion };

export const BONUS_POOL: AccountRef = { kind: 'bonus_pool', currency: 'THB' };
export const CAPITAL_THB: AccountRef = { kind: 'capital', currency: 'THB' };

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A promotion players can take now: ACTIVE and inside its window. */
export const isLive = (row: PromotionRow, now = new Date()) =>
  row.status === 'ACTIVE' && row.starts_at <= now && (row.ends_at === null || row.ends_at > now);

export const refuse = (status: number, code: ErrorCode, message: string) => new AppError(status, code, message);

export const notCancelable = (status: string) =>
  refuse(409, ErrorCode.PROMOTION_USAGE_NOT_CANCELABLE, `A ${status} promotion usage cannot be cancelled`);

/**
 * The one rule a new promotion is checked by (contract), refusing its problems as a
 * VALIDATION_ERROR whose message names each field, one sentence each; nothing is written.
 */
export function newPromotionFrom(input: unknown, now = new Date()): NewPromotion {
  const check = checkNewPromotion(input, now);
  if (!check.ok) throw new AppError(400, ErrorCode.VALIDATION_ERROR, check.problems.map(promotionProblemText).join('; '));
  return check.promotion;
}
