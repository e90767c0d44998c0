/**
 * LaoQR: the EMVCo merchant-presented QR code of the Lao national payment network (LAPNet).
 * A deposit order shows a dynamic LaoQR (point of initiation "12") that carries the amount in kip
 * and the deposit code as the bill number, so the player's banking app pays exactly that order.
 *
 * A payload is a run of TLV fields: a two-digit tag, a two-digit length and that many characters
 * of value. Tag 63 comes last and holds the CRC-16/CCITT-FALSE of everything before it, "6304"
 * included, as four upper-case hex digits. Lengths count characters; the CRC runs over the UTF-8
 * bytes. Pure code: no Node or browser APIs, so the server and the site share it.
 */

/** LAPNet's application identifier in tag 38 (merchant account information). */
export const LAPNET_AID = 'A005266284662577';
/** ISO 4217 numeric code of the Lao kip. */
export const LAK_CURRENCY_CODE = '418';
export const LAOS_COUNTRY_CODE = 'LA';
/** Tag 38 sub-tag 02: LAPNet payment type of a merchant collecting bills ("001" is a person-to-person transfer). */
export const MERCHANT_PAYMENT_TYPE = '002';

const PAYLOAD_FORMAT = '01';
const DYNAMIC_QR = '12';
const STATIC_QR = '11';

/** The tags a LaoQR payload uses; sub-tags are listed under their template. */
export const Tag = {
  payloadFormat: '00',
  pointOfInitiation: '01',
  lapnetAccount: '38',
  merchantCategoryCode: '52',
  currency: '53',
  amount: '54',
  country: '58',
  merchantName: '59',
  merchantCity: '60',
  additionalData: '62',
  crc: '63',
} as const;

/**
 * Tag 38's sub-tags. 04 carries the agency's LaoQR merchant id (MID): the id LAPNet and the
 * receiving bank know the agency by as a merchant, which the bank account (03) alone does not say.
 * It sits in tag 38 because it belongs to the merchant account the QR pays, not to the bill (62).
 */
export const LapnetAccountTag = { aid: '00', bankIin: '01', paymentType: '02', accountNumber: '03', merchantId: '04' } as const;
export const AdditionalDataTag = { billNumber: '01' } as const;

/** What a deposit's QR asks the payer's bank to do: pay amountKip to this account for this bill. */
export interface LaoQrBill {
  /** The receiving bank's 8-digit LAPNet IIN. */
  bankIin: string;
  /** The receiving account at that bank. */
  accountNumber: string;
  /**
   * The agency's LaoQR merchant id (MID), tag 38 sub-tag 04. A deposit QR always carries one (the
   * server refuses a deposit without it); a payload from elsewhere may lack it.
   */
  merchantId?: string;
  /** ISO 18245 merchant category code, four digits. */
  merchantCategoryCode: string;
  /** Whole kip, more than zero. */
  amountKip: bigint;
  /** The payee the banking app shows, at most 25 characters. */
  merchantName: string;
  /** At most 15 characters. */
  merchantCity: string;
  /** The deposit code, at most 25 characters. */
  billNumber: string;
}

export type LaoQrProblem =
  /** The text is not a run of well-formed TLV fields. */
  | 'MALFORMED'
  /** Tag 63 is missing, misplaced or does not match the CRC of the text before it. */
  | 'BAD_CRC'
  /** A tag LaoQR requires is absent. */
  | 'MISSING_TAG'
  /** A field is present but its value is not allowed. */
  | 'INVALID_VALUE';

export class LaoQrError extends Error {
  constructor(
    readonly problem: LaoQrProblem,
    message: string,
  ) {
    super(message);
    this.name = 'LaoQrError';
  }
}

export interface TlvField {
  tag: string;
  value: string;
}

/** The characters of a text, each astral character (a surrogate pair) counted once, as EMVCo lengths count. */
function charactersOf(text: string): string[] {
  return Array.from(text);
}

function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
  }
  return bytes;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR) of the UTF-8 bytes of text. */
export function crc16CcittFalse(text: string): number {
  let crc = 0xffff;
  for (const byte of utf8Bytes(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/** The four upper-case hex digits tag 63 carries for the text before them ("...6304" included). */
export function crcHex(textThroughCrcTag: string): string {
  return crc16CcittFalse(textThroughCrcTag).toString(16).toUpperCase().padStart(4, '0');
}

/** One TLV field; refuses a value that does not fit the two-digit length. */
export function tlv(tag: string, value: string): string {
  const length = charactersOf(value).length;
  if (!/^\d{2}$/.test(tag)) throw new LaoQrError('INVALID_VALUE', `Tag "${tag}" is not two digits`);
  if (length < 1 || length > 99) throw new LaoQrError('INVALID_VALUE', `Tag ${tag} must hold 1 to 99 characters, not ${length}`);
  return `${tag}${String(length).padStart(2, '0')}${value}`;
}

/**
 * Splits text into its TLV fields. Refuses a tag or length that is not two digits, a zero length
 * and a length that runs past the end of the text, naming the position (in characters).
 */
export function parseTlv(text: string, where = 'payload'): TlvField[] {
  const chars = charactersOf(text);
  const fields: TlvField[] = [];
  let at = 0;
  while (at < chars.length) {
    if (at + 4 > chars.length) {
      throw new LaoQrError('MALFORMED', `${where}: a field starts at position ${at} but only ${chars.length - at} characters are left`);
    }
    const tag = chars.slice(at, at + 2).join('');
    const lengthText = chars.slice(at + 2, at + 4).join('');
    if (!/^\d{2}$/.test(tag)) throw new LaoQrError('MALFORMED', `${where}: the tag at position ${at} is "${tag}", not two digits`);
    if (!/^\d{2}$/.test(lengthText)) {
      throw new LaoQrError('MALFORMED', `${where}: the length of tag ${tag} at position ${at + 2} is "${lengthText}", not two digits`);
    }
    const length = Number(lengthText);
    if (length === 0) throw new LaoQrError('MALFORMED', `${where}: tag ${tag} at position ${at} has length 00`);
    if (at + 4 + length > chars.length) {
      throw new LaoQrError(
        'MALFORMED',
        `${where}: tag ${tag} at position ${at} says ${length} characters but only ${chars.length - at - 4} follow`,
      );
    }
    fields.push({ tag, value: chars.slice(at + 4, at + 4 + length).join('') });
    at += 4 + length;
  }
  return fields;
}

/**
 * Any EMVCo merchant-presented payload (LaoQR, PromptPay, ...): checks the TLV structure and that
 * it ends in tag 63 with the right CRC, and returns its fields in order, tag 63 included.
 */
export function readEmvPayload(payload: string): TlvField[] {
  if (typeof payload !== 'string' || payload.length === 0) throw new LaoQrError('MALFORMED', 'The payload is empty');
  const fields = parseTlv(payload);
  const last = fields[fields.length - 1];
  if (last.tag !== Tag.crc) throw new LaoQrError('BAD_CRC', 'The payload does not end with the CRC (tag 63)');
  if (fields.slice(0, -1).some((field) => field.tag === Tag.crc)) throw new LaoQrError('BAD_CRC', 'Tag 63 (CRC) appears before the end');
  if (!/^[0-9A-F]{4}$/.test(last.value))
    throw new LaoQrError('BAD_CRC', `The CRC (tag 63) must be four upper-case hex digits, not "${last.value}"`);
  const chars = charactersOf(payload);
  const expected = crcHex(chars.slice(0, chars.length - 4).join(''));
  if (last.value !== expected) {
    throw new LaoQrError(
      'BAD_CRC',
      `The CRC is ${last.value} but the payload's content gives ${expected}: the code is damaged or was altered`,
    );
  }
  if (fields[0].tag !== Tag.payloadFormat || fields[0].value !== PAYLOAD_FORMAT) {
    throw new LaoQrError('MALFORMED', 'An EMVCo payload starts with tag 00 = "01" (payload format)');
  }
  return fields;
}

interface FieldRule {
  label: string;
  pattern: RegExp;
  rule: string;
}

/** What each field of a LaoQR bill may hold; the server checks an agency's settings by the same rules. */
const RULES = {
  bankIin: { label: 'bank IIN (tag 38.01)', pattern: /^\d{8}$/, rule: 'eight digits' },
  accountNumber: { label: 'account (tag 38.03)', pattern: /^[0-9A-Za-z-]{1,32}$/, rule: '1 to 32 letters, digits or hyphens' },
  // The database checks the same pattern (migration 0015_merchant_id).
  merchantId: { label: 'merchant id (tag 38.04)', pattern: /^[0-9A-Za-z-]{1,25}$/, rule: '1 to 25 ASCII letters, digits or hyphens' },
  merchantCategoryCode: { label: 'merchant category code (tag 52)', pattern: /^\d{4}$/, rule: 'four digits' },
  merchantName: { label: 'merchant name (tag 59)', pattern: /^[\x20-\x7e]{1,25}$/, rule: '1 to 25 printable ASCII characters' },
  merchantCity: { label: 'merchant city (tag 60)', pattern: /^[\x20-\x7e]{1,15}$/, rule: '1 to 15 printable ASCII characters' },
  billNumber: { label: 'bill number (tag 62.01)', pattern: /^[\x20-\x7e]{1,25}$/, rule: '1 to 25 printable ASCII characters' },
} satisfies Record<string, FieldRule>;

export type LaoQrField = keyof typeof RULES;

/** Why a value cannot go into a LaoQR field (in English, naming the field and its rule), or undefined when it can. */
export function laoQrFieldProblem(field: LaoQrField, value: unknown): string | undefined {
  const { label, pattern, rule } = RULES[field];
  return typeof value === 'string' && pattern.test(value) ? undefined : `The ${label} must be ${rule}, not ${JSON.stringify(value)}`;
}

function check(value: unknown, { label, pattern, rule }: FieldRule): string {
  if (typeof value !== 'string' || !pattern.test(value)) {
    throw new LaoQrError('INVALID_VALUE', `The ${label} must be ${rule}, not ${JSON.stringify(value)}`);
  }
  return value;
}

/** Tag 54 holds at most 13 characters; a kip amount is written without decimals. */
const MAX_AMOUNT_KIP = 10n ** 13n - 1n;

function checkAmount(amountKip: unknown): bigint {
  if (typeof amountKip !== 'bigint' || amountKip <= 0n || amountKip > MAX_AMOUNT_KIP) {
    throw new LaoQrError('INVALID_VALUE', `The amount must be whole kip from 1 to ${MAX_AMOUNT_KIP}, not ${String(amountKip)}`);
  }
  return amountKip;
}

/** The dynamic LaoQR payload of a bill. Refuses a field that LaoQR cannot carry. */
export function buildLaoQr(bill: LaoQrBill): string {
  const lapnetAccount =
    tlv(LapnetAccountTag.aid, LAPNET_AID) +
    tlv(LapnetAccountTag.bankIin, check(bill.bankIin, RULES.bankIin)) +
    tlv(LapnetAccountTag.paymentType, MERCHANT_PAYMENT_TYPE) +
    tlv(LapnetAccountTag.accountNumber, check(bill.accountNumber, RULES.accountNumber)) +
    (bill.merchantId === undefined ? '' : tlv(LapnetAccountTag.merchantId, check(bill.merchantId, RULES.merchantId)));
  const body =
    tlv(Tag.payloadFormat, PAYLOAD_FORMAT) +
    tlv(Tag.pointOfInitiation, DYNAMIC_QR) +
    tlv(Tag.lapnetAccount, lapnetAccount) +
    tlv(Tag.merchantCategoryCode, check(bill.merchantCategoryCode, RULES.merchantCategoryCode)) +
    tlv(Tag.currency, LAK_CURRENCY_CODE) +
    tlv(Tag.amount, checkAmount(bill.amountKip).toString()) +
    tlv(Tag.country, LAOS_COUNTRY_CODE) +
    tlv(Tag.merchantName, check(bill.merchantName, RULES.merchantName)) +
    tlv(Tag.merchantCity, check(bill.merchantCity, RULES.merchantCity)) +
    tlv(Tag.additionalData, tlv(AdditionalDataTag.billNumber, check(bill.billNumber, RULES.billNumber))) +
    `${Tag.crc}04`;
  return body + crcHex(body);
}

function fieldMap(fields: TlvField[], where: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const { tag, value } of fields) {
    if (map.has(tag)) throw new LaoQrError('MALFORMED', `${where}: tag ${tag} appears twice`);
    map.set(tag, value);
  }
  return map;
}

function required(map: Map<string, string>, tag: string, label: string): string {
  const value = map.get(tag);
  if (value === undefined) throw new LaoQrError('MISSING_TAG', `The payload has no ${label} (tag ${tag})`);
  return value;
}

function expectValue(actual: string, expected: string, label: string) {
  if (actual !== expected) throw new LaoQrError('INVALID_VALUE', `The ${label} must be "${expected}", not "${actual}"`);
}

/**
 * Tag 54 as whole kip. EMVCo amounts may carry decimals ("100000.00"); kip has none in practice,
 * so a non-zero fraction is refused rather than rounded.
 */
function parseAmount(text: string): bigint {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new LaoQrError('INVALID_VALUE', `The amount (tag 54) "${text}" is not a decimal number`);
  if (match[2] && /[1-9]/.test(match[2])) throw new LaoQrError('INVALID_VALUE', `The amount (tag 54) "${text}" is not whole kip`);
  return checkAmount(BigInt(match[1]));
}

/**
 * Reads a dynamic LaoQR payload back into its bill. Refuses, with a LaoQrError saying what is
 * wrong: broken TLV structure, a wrong CRC, a missing mandatory tag, a static QR (no amount to
 * pay), a currency other than kip, a country other than Laos, or another network's account info.
 */
export function parseLaoQr(payload: string): LaoQrBill {
  const fields = fieldMap(readEmvPayload(payload.trim()), 'payload');

  const initiation = required(fields, Tag.pointOfInitiation, 'point of initiation');
  if (initiation === STATIC_QR)
    throw new LaoQrError('INVALID_VALUE', 'This is a static QR without a bill; a deposit needs the dynamic QR of its order');
  expectValue(initiation, DYNAMIC_QR, 'point of initiation (tag 01)');

  const account = fieldMap(parseTlv(required(fields, Tag.lapnetAccount, 'LAPNet merchant account'), 'tag 38'), 'tag 38');
  const aid = required(account, LapnetAccountTag.aid, 'LAPNet application id in tag 38');
  if (aid.toUpperCase() !== LAPNET_AID)
    throw new LaoQrError('INVALID_VALUE', `Tag 38 names application ${aid}, not LAPNet (${LAPNET_AID})`);

  expectValue(required(fields, Tag.currency, 'currency'), LAK_CURRENCY_CODE, 'currency (tag 53)');
  expectValue(required(fields, Tag.country, 'country code'), LAOS_COUNTRY_CODE, 'country code (tag 58)');

  const additional = fieldMap(parseTlv(required(fields, Tag.additionalData, 'additional data'), 'tag 62'), 'tag 62');
  const merchantId = account.get(LapnetAccountTag.merchantId);

  return {
    bankIin: check(required(account, LapnetAccountTag.bankIin, 'bank IIN in tag 38'), RULES.bankIin),
    accountNumber: check(required(account, LapnetAccountTag.accountNumber, 'account in tag 38'), RULES.accountNumber),
    ...(merchantId === undefined ? {} : { merchantId: check(merchantId, RULES.merchantId) }),
    merchantCategoryCode: check(required(fields, Tag.merchantCategoryCode, 'merchant category code'), RULES.merchantCategoryCode),
    amountKip: parseAmount(required(fields, Tag.amount, 'amount')),
    merchantName: check(required(fields, Tag.merchantName, 'merchant name'), RULES.merchantName),
    merchantCity: check(required(fields, Tag.merchantCity, 'merchant city'), RULES.merchantCity),
    billNumber: check(required(additional, AdditionalDataTag.billNumber, 'bill number in tag 62'), RULES.billNumber),
  };
}
