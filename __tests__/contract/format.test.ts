import { displayAmount, displayMoney } from '../../contract/format';

describe('amounts in the Lao locale', () => {
  it('groups thousands with dots and separates decimals with a comma', () => {
    expect(displayAmount('1234.5')).toBe('1.234,50');
    expect(displayAmount('0')).toBe('0,00');
    expect(displayAmount('-987654.32')).toBe('-987.654,32');
    expect(displayAmount(1500000n, 0)).toBe('1.500.000');
    expect(displayAmount(42, 0)).toBe('42');
  });

  it("keeps every digit of amounts beyond a float's precision", () => {
    expect(displayAmount('12345678901234567.89')).toBe('12.345.678.901.234.567,89');
    expect(displayAmount(123456789012345678901n, 0)).toBe('123.456.789.012.345.678.901');
  });

  it('shows text that is not an amount as it came', () => {
    expect(displayAmount('n/a')).toBe('n/a');
  });
});

describe('displayMoney', () => {
  it('takes API decimal strings and bigint minor units alike', () => {
    expect(displayMoney('1500.00', 'THB')).toBe('1.500,00 THB');
    expect(displayMoney(150_000n, 'THB')).toBe('1.500,00 THB');
    expect(displayMoney(-6_25n, 'THB')).toBe('-6,25 THB');
    expect(displayMoney(741_353n, 'LAK')).toBe('741.353 LAK');
    expect(displayMoney('100000', 'LAK')).toBe('100.000 LAK');
  });
});
