import fc from 'fast-check';
import {
  LAPNET_AID,
  LaoQrError,
  buildLaoQr,
  crc16CcittFalse,
  crcHex,
  parseLaoQr,
  parseTlv,
  readEmvPayload,
  tlv,
  type LaoQrBill,
  type LaoQrProblem,
} from '../../contract/laoqr';

/**
 * Payloads published with their CRCs: the example of the EMVCo merchant-presented QR specification
 * (its tag 64 holds Chinese text, so the CRC runs over UTF-8), the test vectors of the promptpay-qr
 * package (Thai PromptPay, tag 29), and LaoQR codes from LAPNet members (tag 38 with LAPNet's AID):
 * a BCEL OnePay merchant QR and a personal LAPNet QR.
 */
const EMVCO_SPEC_EXAMPLE =
  '00020101021229300012D156000000000510A93FO3230Q31280012D15600000001030812345678520441115802CN5914BEST TRANSPORT6007BEIJING' +
  '64200002ZH0104最佳运输0202北京540523.7253031565502016233030412340603***0708A60086670902ME91320016A0112233449988770708123456786304A13A';
const PROMPTPAY_VECTORS = [
  '00020101021129370016A000000677010111011300668012345675802TH530376463046197',
  '00020101021129370016A000000677010111011300668912345675802TH5303764630429C1',
  '00020101021129370016A000000677010111021311111111111115802TH530376463047B5A',
  '00020101021129370016A000000677010111021301234567890125802TH530376463040CBD',
  '00020101021129390016A00000067701011103150123456789012345802TH530376463049781',
  '00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469',
];
const BCEL_ONEPAY_MERCHANT =
  '00020101021115312738041800520446mch19B73F61B9E038570016A00526628466257701082771041802030020314mch19B73F61B9E' +
  '5204569153034185802LA5916AKAPHON XAYYABED6002VT62120208586625406304C735';
const LAPNET_PERSONAL = '00020101021138580016A00526628466257701080000041802030010315I90BYP17BC295VZ53034185802LA630491B3';
const PUBLISHED = [EMVCO_SPEC_EXAMPLE, ...PROMPTPAY_VECTORS, BCEL_ONEPAY_MERCHANT, LAPNET_PERSONAL];

const bill: LaoQrBill = {
  bankIin: '27710418',
  accountNumber: '0101000123456789',
  merchantCategoryCode: '7995',
  amountKip: 100_000n,
  merchantName: 'CHAMPA GAMES',
  merchantCity: 'VIENTIANE',
  billNumber: 'D7K2M9QX4P',
};

/** Builds a payload from raw fields with a correct CRC, to test rules beyond the checksum. */
function withCrc(...fields: string[]): string {
  const body = fields.join('') + '6304';
  return body + crcHex(body);
}

const lapnetAccount = (parts: { iin?: string; account?: string; aid?: string } = {}) =>
  tlv(
    '38',
    tlv('00', parts.aid ?? LAPNET_AID) +
      (parts.iin === '' ? '' : tlv('01', parts.iin ?? '27710418')) +
      tlv('02', '002') +
      (parts.account === '' ? '' : tlv('03', parts.account ?? '0101000123456789')),
  );

/** The fields of the bill above, tag by tag, so a test can drop or replace one. */
function billFields(replace: Record<string, string | null> = {}): string[] {
  const fields: [string, string][] = [
    ['00', tlv('00', '01')],
    ['01', tlv('01', '12')],
    ['38', lapnetAccount()],
    ['52', tlv('52', '7995')],
    ['53', tlv('53', '418')],
    ['54', tlv('54', '100000')],
    ['58', tlv('58', 'LA')],
    ['59', tlv('59', 'CHAMPA GAMES')],
    ['60', tlv('60', 'VIENTIANE')],
    ['62', tlv('62', tlv('01', 'D7K2M9QX4P'))],
  ];
  return fields.filter(([tag]) => replace[tag] !== null).map(([tag, field]) => replace[tag] ?? field);
}

function problemOf(run: () => unknown): { problem: LaoQrProblem; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof LaoQrError) return { problem: error.problem, message: error.message };
    throw error;
  }
  throw new Error('expected a LaoQrError, but nothing was thrown');
}

describe('CRC-16/CCITT-FALSE', () => {
  it('gives the check value 0x29B1 for "123456789"', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
    expect(crcHex('123456789')).toBe('29B1');
  });

  it('gives 0xFFFF, the initial value, for no input', () => {
    expect(crc16CcittFalse('')).toBe(0xffff);
  });

  it.each(PUBLISHED)('matches the CRC published with %s', (payload) => {
    const chars = Array.from(payload);
    expect(crcHex(chars.slice(0, -4).join(''))).toBe(chars.slice(-4).join(''));
    expect(readEmvPayload(payload).at(-1)).toEqual({ tag: '63', value: payload.slice(-4) });
  });

  it('counts lengths in characters and sums the CRC over UTF-8 in the EMVCo example', () => {
    const fields = readEmvPayload(EMVCO_SPEC_EXAMPLE);
    const alternateLanguage = fields.find((field) => field.tag === '64')!;
    expect(parseTlv(alternateLanguage.value)).toEqual([
      { tag: '00', value: 'ZH' },
      { tag: '01', value: '最佳运输' },
      { tag: '02', value: '北京' },
    ]);
  });

  it('reads the LAPNet account of published LaoQR codes', () => {
    for (const payload of [BCEL_ONEPAY_MERCHANT, LAPNET_PERSONAL]) {
      const account = parseTlv(readEmvPayload(payload).find((field) => field.tag === '38')!.value);
      expect(account[0]).toEqual({ tag: '00', value: LAPNET_AID });
      expect(account.find((field) => field.tag === '01')?.value).toMatch(/^\d{8}$/);
    }
  });
});

describe('buildLaoQr', () => {
  it('writes the tags in order with LAPNet account info, kip, the bill number and the CRC', () => {
    // The CRC was computed independently of this module.
    expect(buildLaoQr(bill)).toBe(
      '000201' +
        '010212' +
        '3859' +
        '0016A005266284662577' +
        '010827710418' +
        '0203002' +
        '03160101000123456789' +
        '52047995' +
        '5303418' +
        '5406100000' +
        '5802LA' +
        '5912CHAMPA GAMES' +
        '6009VIENTIANE' +
        '6214' +
        '0110D7K2M9QX4P' +
        '6304E694',
    );
  });

  it("writes the agency's merchant id (MID) into tag 38 as sub-tag 04, after the account", () => {
    // The CRC was computed independently of this module.
    expect(buildLaoQr({ ...bill, merchantId: 'CHAMPA0001' })).toBe(
      '000201' +
        '010212' +
        '3873' +
        '0016A005266284662577' +
        '010827710418' +
        '0203002' +
        '03160101000123456789' +
        '0410CHAMPA0001' +
        '52047995' +
        '5303418' +
        '5406100000' +
        '5802LA' +
        '5912CHAMPA GAMES' +
        '6009VIENTIANE' +
        '6214' +
        '0110D7K2M9QX4P' +
        '6304C70C',
    );
  });

  it.each<[string, Partial<LaoQrBill>]>([
    ['an empty merchant id', { merchantId: '' }],
    ['a merchant id over 25 characters', { merchantId: 'M'.repeat(26) }],
    ['a merchant id with a space', { merchantId: 'CHAMPA 0001' }],
    ['a merchant id in Lao script', { merchantId: 'ຈຳປາ1' }],
    ['a merchant id with punctuation', { merchantId: 'CHAMPA/0001' }],
    ['a merchant name over 25 characters', { merchantName: 'A'.repeat(26) }],
    ['a merchant name in Lao script (LaoQR text fields are ASCII)', { merchantName: 'ຈຳປາ' }],
    ['a city over 15 characters', { merchantCity: 'LUANG PRABANG CITY' }],
    ['an empty bill number', { billNumber: '' }],
    ['a bill number over 25 characters', { billNumber: 'B'.repeat(26) }],
    ['an IIN that is not eight digits', { bankIin: '2771041' }],
    ['an account with spaces', { accountNumber: '0101 0001' }],
    ['a three-digit merchant category code', { merchantCategoryCode: '799' }],
    ['a zero amount', { amountKip: 0n }],
    ['a negative amount', { amountKip: -5n }],
    ['an amount over 13 digits', { amountKip: 10n ** 13n }],
  ])('refuses %s', (_name, change) => {
    expect(problemOf(() => buildLaoQr({ ...bill, ...change })).problem).toBe('INVALID_VALUE');
  });
});

const billArbitrary: fc.Arbitrary<LaoQrBill> = fc.record(
  {
    bankIin: fc.stringMatching(/^\d{8}$/),
    accountNumber: fc.stringMatching(/^[0-9A-Za-z-]{1,32}$/),
    merchantCategoryCode: fc.stringMatching(/^\d{4}$/),
    amountKip: fc.bigInt(1n, 10n ** 13n - 1n),
    merchantName: fc.stringMatching(/^[\x20-\x7e]{1,25}$/),
    merchantCity: fc.stringMatching(/^[\x20-\x7e]{1,15}$/),
    billNumber: fc.stringMatching(/^[\x20-\x7e]{1,25}$/),
    merchantId: fc.stringMatching(/^[0-9A-Za-z-]{1,25}$/),
  },
  { requiredKeys: ['bankIin', 'accountNumber', 'merchantCategoryCode', 'amountKip', 'merchantName', 'merchantCity', 'billNumber'] },
);

describe('parseLaoQr', () => {
  it('reads back every bill it built', () => {
    fc.assert(
      fc.property(billArbitrary, (generated) => {
        const payload = buildLaoQr(generated);
        expect(parseLaoQr(payload)).toEqual(generated);
        expect(readEmvPayload(payload).map((field) => field.tag)).toEqual([
          '00',
          '01',
          '38',
          '52',
          '53',
          '54',
          '58',
          '59',
          '60',
          '62',
          '63',
        ]);
      }),
    );
  });

  it('refuses any payload with one character changed', () => {
    const printable = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));
    fc.assert(
      fc.property(billArbitrary, fc.nat(), printable, (generated, position, replacement) => {
        const payload = buildLaoQr(generated);
        const at = position % payload.length;
        fc.pre(payload[at] !== replacement);
        const corrupted = payload.slice(0, at) + replacement + payload.slice(at + 1);
        expect(problemOf(() => parseLaoQr(corrupted)).problem).toMatch(/^(BAD_CRC|MALFORMED)$/);
      }),
    );
  });

  it('reads the merchant id (MID) back from tag 38, and none from a payload without sub-tag 04', () => {
    const withMid = { ...bill, merchantId: 'CHAMPA-0001' };
    expect(parseLaoQr(buildLaoQr(withMid))).toEqual(withMid);
    expect(parseLaoQr(buildLaoQr(bill))).not.toHaveProperty('merchantId');
  });

  it('refuses a payload whose merchant id (tag 38.04) LaoQR cannot carry, naming it', () => {
    const account = tlv(
      '38',
      tlv('00', LAPNET_AID) + tlv('01', '27710418') + tlv('02', '002') + tlv('03', '0101000123456789') + tlv('04', 'CHAMPA 0001'),
    );
    const refusal = problemOf(() => parseLaoQr(withCrc(...billFields({ '38': account }))));
    expect(refusal).toEqual({ problem: 'INVALID_VALUE', message: expect.stringContaining('merchant id (tag 38.04)') });
  });

  it('accepts a payload pasted with surrounding whitespace', () => {
    expect(parseLaoQr(`  ${buildLaoQr(bill)}\n`)).toEqual(bill);
  });

  it('accepts an amount written with a zero fraction', () => {
    expect(parseLaoQr(withCrc(...billFields({ '54': tlv('54', '100000.00') }))).amountKip).toBe(100_000n);
  });

  it('refuses a wrong CRC, naming both values', () => {
    const payload = buildLaoQr(bill);
    const wrong = payload.slice(0, -4) + (payload.slice(-4) === '0000' ? '0001' : '0000');
    const { problem, message } = problemOf(() => parseLaoQr(wrong));
    expect(problem).toBe('BAD_CRC');
    expect(message).toContain(payload.slice(-4));
  });

  it('refuses a lower-case CRC, a missing CRC and a CRC before the end', () => {
    const payload = buildLaoQr(bill);
    expect(payload.slice(-4)).toBe('E694');
    expect(problemOf(() => parseLaoQr(payload.slice(0, -4) + 'e694')).problem).toBe('BAD_CRC');
    expect(problemOf(() => parseLaoQr(billFields().join(''))).problem).toBe('BAD_CRC');
    const misplaced = billFields().join('') + '6304ABCD' + tlv('99', 'X');
    expect(problemOf(() => parseLaoQr(misplaced)).problem).toBe('BAD_CRC');
  });

  it.each<[string, string]>([
    ['a length that runs past the end', '000201010212' + '5499100'],
    ['a non-numeric length', '000201' + '01x212' + '6304ABCD'],
    ['a non-numeric tag', '000201' + 'A10212' + '6304ABCD'],
    ['a zero length', '000201' + '0100' + '6304ABCD'],
    ['a field cut short after its tag', '000201' + '01'],
    ['an empty payload', ''],
  ])('refuses %s as malformed', (_name, payload) => {
    const { problem, message } = problemOf(() => parseLaoQr(payload));
    expect(problem).toBe('MALFORMED');
    expect(message.length).toBeGreaterThan(10);
  });

  it('refuses a sub-field that overruns its template even when the CRC is right', () => {
    const { problem, message } = problemOf(() => parseLaoQr(withCrc(...billFields({ '62': tlv('62', '0130D7K2M9QX4P') }))));
    expect(problem).toBe('MALFORMED');
    expect(message).toContain('tag 62');
  });

  it('refuses a tag given twice', () => {
    const fields = billFields();
    expect(problemOf(() => parseLaoQr(withCrc(...fields, tlv('54', '5'))))).toEqual({
      problem: 'MALFORMED',
      message: expect.stringContaining('tag 54 appears twice'),
    });
  });

  it.each(['01', '38', '52', '53', '54', '58', '59', '60', '62'])('refuses a payload without mandatory tag %s', (tag) => {
    const { problem, message } = problemOf(() => parseLaoQr(withCrc(...billFields({ [tag]: null }))));
    expect(problem).toBe('MISSING_TAG');
    expect(message).toContain(`tag ${tag}`);
  });

  it.each<[string, string]>([
    ['the bank IIN', lapnetAccount({ iin: '' })],
    ['the account', lapnetAccount({ account: '' })],
  ])('refuses a LAPNet account without %s', (_name, account) => {
    expect(problemOf(() => parseLaoQr(withCrc(...billFields({ '38': account })))).problem).toBe('MISSING_TAG');
  });

  it('refuses additional data without the bill number', () => {
    expect(problemOf(() => parseLaoQr(withCrc(...billFields({ '62': tlv('62', tlv('05', 'REF1')) })))).problem).toBe('MISSING_TAG');
  });

  it.each<[string, Record<string, string>]>([
    ['a static QR', { '01': tlv('01', '11') }],
    ['another point of initiation', { '01': tlv('01', '13') }],
    ['Thai baht', { '53': tlv('53', '764') }],
    ['another country', { '58': tlv('58', 'TH') }],
    ['another network in tag 38', { '38': lapnetAccount({ aid: 'A000000677010111' }) }],
    ['an amount with satang-like decimals', { '54': tlv('54', '100.50') }],
    ['an amount that is not a number', { '54': tlv('54', '1e5') }],
    ['a zero amount', { '54': tlv('54', '0') }],
    ['an IIN of letters', { '38': lapnetAccount({ iin: 'ABCDEFGH' }) }],
  ])('refuses %s', (_name, replace) => {
    expect(problemOf(() => parseLaoQr(withCrc(...billFields(replace)))).problem).toBe('INVALID_VALUE');
  });

  it('refuses the published static LaoQR, which has no bill to pay', () => {
    expect(problemOf(() => parseLaoQr(BCEL_ONEPAY_MERCHANT))).toEqual({
      problem: 'INVALID_VALUE',
      message: expect.stringContaining('static QR'),
    });
  });

  it('refuses payloads of other networks', () => {
    expect(problemOf(() => parseLaoQr(PROMPTPAY_VECTORS[5])).problem).toBe('MISSING_TAG');
  });
});
