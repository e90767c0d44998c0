import { parseRiskFlagId, riskFlagId } from '../../contract/riskFlags';

describe('risk flag ids', () => {
  it('name the kind and the subject, which may itself hold colons', () => {
    const id = riskFlagId('BANK_ACCOUNT_IN_USE', 'bcel:010130001234000001');
    expect(id).toBe('BANK_ACCOUNT_IN_USE:bcel:010130001234000001');
    expect(parseRiskFlagId(id)).toEqual({ kind: 'BANK_ACCOUNT_IN_USE', subject: 'bcel:010130001234000001' });
  });

  it.each(['SHARED_DEVICEx', 'SHARED_DEVICE:', 'NO_SUCH_KIND:abc', ':abc', ''])('refuse %p', (id) => {
    expect(parseRiskFlagId(id)).toBeUndefined();
  });
});
