import { LARGE_RATE_MOVE_PERCENT, rateMove, rateProblem } from '../../contract/adminRates';

describe('the rate rule shared by the console and the server', () => {
  it('accepts positive rates with buy at most sell', () => {
    expect(rateProblem('600', '640')).toBeUndefined();
    expect(rateProblem('640', '640')).toBeUndefined();
    expect(rateProblem(' 21000.5 ', '21950.123456')).toBeUndefined();
  });

  it('names what is wrong', () => {
    expect(rateProblem('0', '640')).toBe('BUY_INVALID');
    expect(rateProblem('', '640')).toBe('BUY_INVALID');
    expect(rateProblem('-5', '640')).toBe('BUY_INVALID');
    expect(rateProblem('600', '0.000')).toBe('SELL_INVALID');
    expect(rateProblem('600', '640.1234567')).toBe('SELL_INVALID');
    expect(rateProblem('600', '1e3')).toBe('SELL_INVALID');
    expect(rateProblem('640.5', '640')).toBe('BUY_ABOVE_SELL');
  });

  it('asks again only for a move of more than 5% on either side, compared exactly', () => {
    expect(LARGE_RATE_MOVE_PERCENT).toBe(5);
    const current = { buy: '600', sell: '640' };
    expect(rateMove(current, '630', '640')).toEqual({ percent: 5, large: false });
    expect(rateMove(current, '630.000001', '640')).toMatchObject({ large: true });
    expect(rateMove(current, '600', '648')).toEqual({ percent: 1.25, large: false });
    expect(rateMove(current, '600', '680')).toEqual({ percent: 6.25, large: true });
    expect(rateMove(current, '560', '640')).toEqual({ percent: 6.67, large: true });
    expect(rateMove(null, '1', '100000')).toEqual({ percent: 0, large: false });
  });
});
