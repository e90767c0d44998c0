import type { Database } from '../../server/db/database';
import { createPromotion, fundBonusPool, type NewPromotion } from '../../server/domain/promotions';
import type { Promotion } from '../../contract/promotions';
import { PROVIDERS } from '../../contract/providers';

const everywhere = (text: string) => ({ lo: text, cn: text, vn: text, th: text });

let serial = 0;

/**
 * A promotion of the agency, live from a minute ago: by default 100% of the deposit's credit up to
 * 1,000 THB for a deposit of exactly 64,000 LAK (100 THB at a sell rate of 640), turnover ×2,
 * minimum balance 50 THB, at most 300% of the credit received paid out, credit threshold 10 THB,
 * any player and every provider. Override any field.
 */
export async function createTestPromotion(db: Database, agencyId: string, overrides: Partial<NewPromotion> = {}): Promise<Promotion> {
  serial += 1;
  return createPromotion(db, agencyId, {
    name: everywhere(`Test promotion ${serial}`),
    terms: everywhere(`Terms of test promotion ${serial}`),
    imageUrl: '/images/promotions/first-deposit.svg',
    bonus: { kind: 'PERCENT', percent: 100, capSatang: 1_000_00n },
    depositAmountKip: 64_000n,
    turnoverMultiple: 2,
    minBalanceSatang: 50_00n,
    maxWithdrawPercent: 300,
    creditThresholdSatang: 10_00n,
    firstOrderOnly: false,
    providers: [...PROVIDERS],
    startsAt: new Date(Date.now() - 60_000),
    ...overrides,
  });
}

/** Funds the agency's bonus pool from its capital (1,000,000 THB unless told); returns the pool's balance. */
export async function fundTestBonusPool(
  db: Database,
  agencyId: string,
  satang = 1_000_000_00n,
  key = `test-bonus-pool:${agencyId}`,
): Promise<bigint> {
  return (await fundBonusPool(db, agencyId, satang, key, 'test')).balance;
}
