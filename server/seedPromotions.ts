import type { Database } from './db/database';
import type { Agency } from './domain/agencies';
import { createPromotion, fundBonusPool, type NewPromotion } from './domain/promotions';

/**
 * The demo agency's promotions (names carry no amounts: the cards write the bonus, cap and percent
 * as live text in the Lao format), priced at its demo sell rate of 640 LAK per THB (the set deposit
 * amounts buy 1.000, 200, 5.000 and 10.000 THB of credit), and its bonus pool of 500.000 THB.
 */
export const DEMO_PROMOTIONS: NewPromotion[] = [
  {
    name: { lo: 'ໂບນັດຝາກຄັ້ງທຳອິດ', cn: '首存奖金', vn: 'Thưởng nạp lần đầu', th: 'โบนัสฝากครั้งแรก' },
    terms: {
      lo: 'ສຳລັບສະມາຊິກໃໝ່ທີ່ຍັງບໍ່ເຄີຍຝາກເງິນ. ຝາກ 640.000 ກີບ ຮັບໂບນັດ 100% ຂອງເຄຣດິດ ສູງສຸດ 1.000 ບາດ. ຕ້ອງມີຍອດເທີນໂອເວີ 5 ເທົ່າຂອງເຄຣດິດທີ່ໄດ້ຮັບກ່ອນຖອນ, ຍອດຄົງເຫຼືອຂັ້ນຕ່ຳ 300 ບາດ, ຖອນໄດ້ສູງສຸດ 300% ຂອງເຄຣດິດທີ່ໄດ້ຮັບ.',
      cn: '仅限从未存款的新会员。存入640.000基普，获得存款额度100%的奖金，最高1.000泰铢。提款前需完成所得额度5倍的流水，最低余额300泰铢，最高可提取所得额度的300%。',
      vn: 'Dành cho thành viên mới chưa từng nạp tiền. Nạp 640.000 LAK nhận thưởng 100% tín dụng, tối đa 1.000 THB. Cần đạt doanh thu cược gấp 5 lần tín dụng nhận được trước khi rút, số dư tối thiểu 300 THB, rút tối đa 300% tín dụng nhận được.',
      th: 'สำหรับสมาชิกใหม่ที่ยังไม่เคยฝากเงิน ฝาก 640.000 กีบ รับโบนัส 100% ของเครดิต สูงสุด 1.000 บาท ต้องทำยอดเทิร์นโอเวอร์ 5 เท่าของเครดิตที่ได้รับก่อนถอน ยอดคงเหลือขั้นต่ำ 300 บาท ถอนได้สูงสุด 300% ของเครดิตที่ได้รับ',
    },
    imageUrl: '/images/promotions/first-deposit.svg',
    bonus: { kind: 'PERCENT', percent: 100, capSatang: 1_000_00n },
    depositAmountKip: 640_000n,
    turnoverMultiple: 5,
    minBalanceSatang: 300_00n,
    maxWithdrawPercent: 300,
    creditThresholdSatang: 20_00n,
    firstOrderOnly: true,
    providers: ['alphabet', 'askmebet', 'betflix', 'gclub', 'gclub_live'],
    sortOrder: 1,
  },
  {
    name: { lo: 'ໂບນັດປະຈຳວັນ', cn: '每日奖金', vn: 'Thưởng mỗi ngày', th: 'โบนัสรายวัน' },
    terms: {
      lo: 'ຝາກ 128.000 ກີບ ຮັບໂບນັດເພີ່ມ 50 ບາດ. ຕ້ອງມີຍອດເທີນໂອເວີ 3 ເທົ່າຂອງເຄຣດິດທີ່ໄດ້ຮັບກ່ອນຖອນ, ຍອດຄົງເຫຼືອຂັ້ນຕ່ຳ 100 ບາດ, ຖອນໄດ້ສູງສຸດ 200% ຂອງເຄຣດິດທີ່ໄດ້ຮັບ.',
      cn: '存入128.000基普，额外获得50泰铢奖金。提款前需完成所得额度3倍的流水，最低余额100泰铢，最高可提取所得额度的200%。',
      vn: 'Nạp 128.000 LAK nhận thêm 50 THB. Cần đạt doanh thu cược gấp 3 lần tín dụng nhận được trước khi rút, số dư tối thiểu 100 THB, rút tối đa 200% tín dụng nhận được.',
      th: 'ฝาก 128.000 กีบ รับโบนัสเพิ่ม 50 บาท ต้องทำยอดเทิร์นโอเวอร์ 3 เท่าของเครดิตที่ได้รับก่อนถอน ยอดคงเหลือขั้นต่ำ 100 บาท ถอนได้สูงสุด 200% ของเครดิตที่ได้รับ',
    },
    imageUrl: '/images/promotions/daily-bonus.svg',
    bonus: { kind: 'FIXED', amountSatang: 50_00n },
    depositAmountKip: 128_000n,
    turnoverMultiple: 3,
    minBalanceSatang: 100_00n,
    maxWithdrawPercent: 200,
    creditThresholdSatang: 10_00n,
    firstOrderOnly: false,
    providers: ['alphabet', 'askmebet', 'betflix', 'gclub', 'gclub_live'],
    sortOrder: 2,
  },
  {
    name: { lo: 'ໂບນັດສະລັອດ', cn: '老虎机奖金', vn: 'Thưởng slot', th: 'โบนัสสล็อต' },
    terms: {
      lo: 'ສຳລັບເກມສະລັອດຂອງ alphabet, askmebet ແລະ betflix. ຝາກ 3.200.000 ກີບ ຮັບໂບນັດ 10% ສູງສຸດ 500 ບາດ. ຕ້ອງມີຍອດເທີນໂອເວີ 2 ເທົ່າກ່ອນຖອນ, ຍອດຄົງເຫຼືອຂັ້ນຕ່ຳ 1.000 ບາດ, ຖອນໄດ້ສູງສຸດ 500% ຂອງເຄຣດິດທີ່ໄດ້ຮັບ.',
      cn: '适用于alphabet、askmebet和betflix的老虎机游戏。存入3.200.000基普，获得10%奖金，最高500泰铢。提款前需完成2倍流水，最低余额1.000泰铢，最高可提取所得额度的500%。',
      vn: 'Áp dụng cho slot của alphabet, askmebet và betflix. Nạp 3.200.000 LAK nhận thưởng 10%, tối đa 500 THB. Cần đạt doanh thu cược gấp 2 lần trước khi rút, số dư tối thiểu 1.000 THB, rút tối đa 500% tín dụng nhận được.',
      th: 'สำหรับเกมสล็อตของ alphabet, askmebet และ betflix ฝาก 3.200.000 กีบ รับโบนัส 10% สูงสุด 500 บาท ต้องทำยอดเทิร์นโอเวอร์ 2 เท่าก่อนถอน ยอดคงเหลือขั้นต่ำ 1.000 บาท ถอนได้สูงสุด 500% ของเครดิตที่ได้รับ',
    },
    imageUrl: '/images/promotions/slots-bonus.svg',
    bonus: { kind: 'PERCENT', percent: 10, capSatang: 500_00n },
    depositAmountKip: 3_200_000n,
    turnoverMultiple: 2,
    minBalanceSatang: 1_000_00n,
    maxWithdrawPercent: 500,
    creditThresholdSatang: 20_00n,
    firstOrderOnly: false,
    providers: ['alphabet', 'askmebet', 'betflix'],
    sortOrder: 3,
  },
  {
    name: { lo: 'ໂບນັດຄາສິໂນສົດ', cn: '真人娱乐场奖金', vn: 'Thưởng sòng bài trực tiếp', th: 'โบนัสคาสิโนสด' },
    terms: {
      lo: 'ສຳລັບ gclub ແລະ gclub_live. ຝາກ 6.400.000 ກີບ ຮັບໂບນັດ 20% ສູງສຸດ 2.000 ບາດ. ຕ້ອງມີຍອດເທີນໂອເວີ 4 ເທົ່າກ່ອນຖອນ, ຍອດຄົງເຫຼືອຂັ້ນຕ່ຳ 2.000 ບາດ, ຖອນໄດ້ສູງສຸດ 300% ຂອງເຄຣດິດທີ່ໄດ້ຮັບ.',
      cn: '适用于gclub和gclub_live。存入6.400.000基普，获得20%奖金，最高2.000泰铢。提款前需完成4倍流水，最低余额2.000泰铢，最高可提取所得额度的300%。',
      vn: 'Áp dụng cho gclub và gclub_live. Nạp 6.400.000 LAK nhận thưởng 20%, tối đa 2.000 THB. Cần đạt doanh thu cược gấp 4 lần trước khi rút, số dư tối thiểu 2.000 THB, rút tối đa 300% tín dụng nhận được.',
      th: 'สำหรับ gclub และ gclub_live ฝาก 6.400.000 กีบ รับโบนัส 20% สูงสุด 2.000 บาท ต้องทำยอดเทิร์นโอเวอร์ 4 เท่าก่อนถอน ยอดคงเหลือขั้นต่ำ 2.000 บาท ถอนได้สูงสุด 300% ของเครดิตที่ได้รับ',
    },
    imageUrl: '/images/promotions/live-casino.svg',
    bonus: { kind: 'PERCENT', percent: 20, capSatang: 2_000_00n },
    depositAmountKip: 6_400_000n,
    turnoverMultiple: 4,
    minBalanceSatang: 2_000_00n,
    maxWithdrawPercent: 300,
    creditThresholdSatang: 50_00n,
    firstOrderOnly: false,
    providers: ['gclub', 'gclub_live'],
    sortOrder: 4,
  },
];

export const DEMO_BONUS_POOL_SATANG = 500_000_00n;

/** Seeds the promotions while the agency has none, and funds the bonus pool once (the ledger key makes a restart move nothing). */
export async function seedDemoPromotions(db: Database, agency: Agency): Promise<void> {
  const existing = await db.selectFrom('promotions').select('id').where('agency_id', '=', agency.id).limit(1).executeTakeFirst();
  if (!existing) for (const promotion of DEMO_PROMOTIONS) await createPromotion(db, agency.id, promotion);
  await fundBonusPool(db, agency.id, DEMO_BONUS_POOL_SATANG, 'seed:demo-bonus-pool', 'seed');
}
