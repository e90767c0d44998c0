import fc from 'fast-check';
import {
  bonusFor,
  bonusOfPromotion,
  checkPromotionWithdrawal,
  turnoverRequiredFor,
  type PromotionWithdrawalTerms,
} from '../../contract/promotions';

// Amounts are compared as strings: jest's workers cannot carry a bigint in a failed expect back to
// the runner, which would hide the failure's message.
const s = (value: bigint) => value.toString();

describe('bonusOfPromotion', () => {
  it('reads the wire terms in THB and gives what bonusFor gives', () => {
    expect(s(bonusOfPromotion({ kind: 'FIXED', amount: '50.00' }, 1n))).toBe('5000');
    expect(s(bonusOfPromotion({ kind: 'PERCENT', percent: 10, cap: '100.00' }, 156_25n))).toBe('1562');
    expect(s(bonusOfPromotion({ kind: 'PERCENT', percent: 50, cap: '100.00' }, 1_000_00n))).toBe('10000');
  });
});

describe('bonusFor', () => {
  it('gives a fixed bonus whatever the deposit', () => {
    expect(s(bonusFor({ kind: 'FIXED', amountSatang: 50_00n }, 1n))).toBe('5000');
    expect(s(bonusFor({ kind: 'FIXED', amountSatang: 50_00n }, 1_000_000_00n))).toBe('5000');
  });

  it('gives the percent rounded down, up to the cap', () => {
    const tenPercent = { kind: 'PERCENT' as const, percent: 10, capSatang: 500_00n };
    expect(s(bonusFor(tenPercent, 1_234_59n))).toBe('12345');
    expect(s(bonusFor(tenPercent, 5_000_00n))).toBe('50000');
    expect(s(bonusFor(tenPercent, 5_000_01n))).toBe('50000');
    expect(s(bonusFor(tenPercent, 9n))).toBe('0');
  });

  it('never exceeds the cap nor the percent of the credit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        (percent, cap, credit) => {
          const bonus = bonusFor({ kind: 'PERCENT', percent, capSatang: cap }, credit);
          return (
            bonus <= cap && bonus * 100n <= credit * BigInt(percent) && (bonus === cap || (bonus + 1n) * 100n > credit * BigInt(percent))
          );
        },
      ),
    );
  });
});

describe('turnoverRequiredFor', () => {
  it('is the credit received times the multiple, 0 for none', () => {
    expect(s(turnoverRequiredFor(200_00n, 3))).toBe('60000');
    expect(s(turnoverRequiredFor(200_00n, 0))).toBe('0');
  });
});

describe('checkPromotionWithdrawal', () => {
  const terms: PromotionWithdrawalTerms = {
    bonusSatang: 100_00n,
    creditReceivedSatang: 200_00n,
    minBalanceSatang: 150_00n,
    maxWithdrawPercent: 150,
    turnoverMet: false,
  };

  it('refuses a credit not above the bonus, below the minimum balance, or not withdrawn whole, in that order', () => {
    expect(checkPromotionWithdrawal(terms, 100_00n, 50_00n)).toEqual({ ok: false, code: 'PROMOTION_CREDIT_TOO_LOW' });
    expect(checkPromotionWithdrawal(terms, 149_99n, 50_00n)).toEqual({ ok: false, code: 'PROMOTION_MIN_BALANCE' });
    expect(checkPromotionWithdrawal(terms, 150_00n, 149_99n)).toEqual({ ok: false, code: 'PROMOTION_WITHDRAW_WHOLE_CREDIT' });
  });

  it('refuses a withdrawal whose cap rounds down to nothing, rather than keep the whole credit', () => {
    const tiny = { ...terms, bonusSatang: 0n, minBalanceSatang: 0n, creditReceivedSatang: 99n, maxWithdrawPercent: 1, turnoverMet: true };
    expect(checkPromotionWithdrawal(tiny, 50_00n, 50_00n)).toEqual({ ok: false, code: 'PROMOTION_CREDIT_TOO_LOW' });
    expect(checkPromotionWithdrawal({ ...tiny, creditReceivedSatang: 100n }, 50_00n, 50_00n)).toEqual({
      ok: true,
      paidSatang: 1n,
      retainedSatang: 49_99n,
    });
  });

  it('deducts the bonus while the turnover is not met, and caps the payout at the percent of the credit received', () => {
    const deducted = checkPromotionWithdrawal(terms, 250_00n, 250_00n);
    expect(deducted.ok && [s(deducted.paidSatang), s(deducted.retainedSatang)]).toEqual(['15000', '10000']);
    const capped = checkPromotionWithdrawal({ ...terms, turnoverMet: true }, 500_00n, 500_00n);
    expect(capped.ok && [s(capped.paidSatang), s(capped.retainedSatang)]).toEqual(['30000', '20000']);
    const both = checkPromotionWithdrawal(terms, 1_000_00n, 1_000_00n);
    expect(both.ok && [s(both.paidSatang), s(both.retainedSatang)]).toEqual(['30000', '70000']);
  });

  it('splits the whole credit into paid and retained, paid never above the cap nor the credit less an unearned bonus', () => {
    const anyTerms = fc.record({
      bonusSatang: fc.bigInt({ min: 0n, max: 10n ** 9n }),
      creditReceivedSatang: fc.bigInt({ min: 1n, max: 10n ** 10n }),
      minBalanceSatang: fc.bigInt({ min: 0n, max: 10n ** 10n }),
      maxWithdrawPercent: fc.integer({ min: 1, max: 1000 }),
      turnoverMet: fc.boolean(),
    });
    fc.assert(
      fc.property(anyTerms, fc.bigInt({ min: 0n, max: 10n ** 11n }), (t, credit) => {
        const result = checkPromotionWithdrawal(t, credit, credit);
        const cap = (t.creditReceivedSatang * BigInt(t.maxWithdrawPercent)) / 100n;
        // Refused: not above the bonus, under the minimum balance, or a cap that pays nothing.
        const refusal =
          credit <= t.bonusSatang
            ? 'PROMOTION_CREDIT_TOO_LOW'
            : credit < t.minBalanceSatang
              ? 'PROMOTION_MIN_BALANCE'
              : cap === 0n
                ? 'PROMOTION_CREDIT_TOO_LOW'
                : undefined;
        if (!result.ok) return result.code === refusal;
        if (refusal !== undefined) return false;
        const earned = t.turnoverMet ? credit : credit - t.bonusSatang;
        return (
          result.paidSatang + result.retainedSatang === credit &&
          result.paidSatang >= 0n &&
          result.paidSatang <= cap &&
          result.paidSatang <= earned &&
          (result.paidSatang === cap || result.paidSatang === earned)
        );
      }),
    );
  });

  it('refuses any amount but the whole credit once the credit passes the other rules', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 150_00n, max: 10n ** 10n }), fc.bigInt({ min: 1n, max: 10n ** 10n }), (credit, amount) => {
        fc.pre(amount !== credit);
        const result = checkPromotionWithdrawal(terms, credit, amount);
        return !result.ok && result.code === 'PROMOTION_WITHDRAW_WHOLE_CREDIT';
      }),
    );
  });
});
