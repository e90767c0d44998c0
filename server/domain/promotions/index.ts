export { livePromotions, allPromotions, findPromotion, setPromotionStatus, createPromotion } from './repository';
export {
  usingPromotion,
  usagesOf,
  usageCountsOf,
  usedUsageAt,
  endUsageByWithdrawal,
  endUsageByRefund,
  reopenUsageAfterWithdrawal,
  type UsageForWithdrawal,
} from './usageRepository';
export { BONUS_POOL, newPromotionFrom, type NewPromotion } from './rules';
export {
  fundBonusPool,
  bonusPoolBalance,
  type FundingAudit,
  liveCredit,
  liveTurnover,
  usePromotion,
  promotionForDeposit,
  creditPromotionBonus,
  recheckUsage,
  cancelUsage,
} from './service';
export { PROMOTION_USAGE } from './lifecycle';
