/** Promotions and usages as the API gives them, for the web and machine tests (nock answers). */
import type { Promotion, PromotionUsage, PromotionUsageStatus } from '../../contract/promotions';

/** A 100% bonus up to 500 THB for a deposit of 100.000 LAK, at AskMeBet or Betflix. */
export const PROMOTION: Promotion = {
  id: 'promo-welcome',
  name: { lo: 'ໂບນັດຕ້ອນຮັບ 100%', cn: '欢迎奖金 100%', vn: 'Thưởng chào mừng 100%', th: 'โบนัสต้อนรับ 100%' },
  terms: {
    lo: 'ເງື່ອນໄຂ: ຝາກ 100.000 ກີບ ຮັບໂບນັດ 100%',
    cn: '条款：存款 100.000 基普获得 100% 奖金',
    vn: 'Điều khoản: nạp 100.000 LAK nhận thưởng 100%',
    th: 'เงื่อนไข: ฝาก 100.000 กีบ รับโบนัส 100%',
  },
  imageUrl: '/images/promotions/welcome.webp',
  bonus: { kind: 'PERCENT', percent: 100, cap: '500.00' },
  depositAmount: '100000',
  turnoverMultiple: 5,
  minBalance: '100.00',
  maxWithdrawPercent: 150,
  creditThreshold: '5.00',
  firstOrderOnly: true,
  providers: ['askmebet', 'betflix'],
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: null,
  status: 'ACTIVE',
};

/** A fixed 50 THB bonus for 50.000 LAK, at GClub only. */
export const SECOND_PROMOTION: Promotion = {
  ...PROMOTION,
  id: 'promo-daily',
  name: { lo: 'ໂບນັດປະຈຳວັນ', cn: '每日奖金', vn: 'Thưởng hằng ngày', th: 'โบนัสประจำวัน' },
  bonus: { kind: 'FIXED', amount: '50.00' },
  depositAmount: '50000',
  turnoverMultiple: 0,
  firstOrderOnly: false,
  providers: ['gclub'],
};

/** A usage of PROMOTION at AskMeBet in a status; USED and later carry the credited deposit of 156.25 THB + 156.25 bonus. */
export function usageWith(status: PromotionUsageStatus, fields: Partial<PromotionUsage> = {}): PromotionUsage {
  const credited = status !== 'ACTIVE' && status !== 'INACTIVE';
  return {
    usageId: 'usage-1',
    promotionId: PROMOTION.id,
    promotionName: PROMOTION.name,
    provider: 'askmebet',
    status,
    depositCode: credited ? 'D260101ABCDEFGH' : null,
    depositCredit: credited ? '156.25' : null,
    bonus: credited ? '156.25' : null,
    creditReceived: credited ? '312.50' : null,
    turnoverRequired: credited ? '1562.50' : null,
    turnover: credited ? '200.00' : null,
    createdAt: '2026-03-04T05:06:07.000Z',
    usedAt: credited ? '2026-03-04T05:20:00.000Z' : null,
    endedAt: status === 'SUCCESS' || status === 'CANCELED' ? '2026-03-05T08:09:10.000Z' : null,
    endReason: status === 'SUCCESS' ? 'TURNOVER_MET' : status === 'CANCELED' ? 'CANCELED' : null,
    ...fields,
  };
}
