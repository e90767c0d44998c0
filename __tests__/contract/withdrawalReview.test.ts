import { approvalsNeededFor, fourEyesAmountProblem } from '../../contract/withdrawalReview';

describe('the four-eyes amount', () => {
  it.each([[null], ['0'], ['10000'], ['10000.5'], ['10000.50']])('accepts %p', (value) => {
    expect(fourEyesAmountProblem(value)).toBeUndefined();
  });

  it.each([[''], ['-1'], ['10.001'], ['1e5'], ['12,50'], [' 10'], ['abc'], ['1.']])('refuses %p', (value) => {
    expect(fourEyesAmountProblem(value)).toBe('INVALID_AMOUNT');
  });

  it('asks two approvals at or above the amount, one below it or when off', () => {
    expect(approvalsNeededFor(999_999n, 1_000_000n)).toBe(1);
    expect(approvalsNeededFor(1_000_000n, 1_000_000n)).toBe(2);
    expect(approvalsNeededFor(2_000_000n, 1_000_000n)).toBe(2);
    expect(approvalsNeededFor(2_000_000n, null)).toBe(1);
    expect(approvalsNeededFor(1n, 0n)).toBe(2);
  });
});
