import type { Static } from 'typebox';
import type { BankSchema } from './banksSchema';
import type { Language } from './languages';

/**
 * The Lao banks a player can withdraw to. Each bank's account-number rule is
 * written down in docs/banks.md; isValidAccountNumber below is the only place it is enforced, by
 * the form and by the server alike.
 */
export const BANK_CODES = ['bcel', 'jdb', 'ldb', 'indochina', 'kasikam', 'lvb'] as const;
export type BankCode = (typeof BANK_CODES)[number];

/** A bank as GET /api/v2/banks gives it (BankSchema). */
export type Bank = Static<typeof BankSchema>;

const bank = (code: BankCode, shortName: string, accountNumberLength: number, names: Record<Language, string>): Bank => ({
  code,
  shortName,
  names,
  accountNumberLength,
  logo: `/images/banks/${code}.webp`,
});

/** A bank's badge in the footer, in CSS pixels: the footer's <img> and the drawing (at twice it) both use it. */
export const BANK_BADGE_SIZE = { width: 120, height: 56 } as const;

export const BANKS: readonly Bank[] = [
  bank('bcel', 'BCEL', 18, {
    lo: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ ມະຫາຊົນ',
    cn: '老挝外贸大众银行',
    vn: 'Ngân hàng Ngoại thương Lào',
    th: 'ธนาคารการค้าต่างประเทศลาว มหาชน',
  }),
  bank('jdb', 'JDB', 16, {
    lo: 'ທະນາຄານຮ່ວມພັດທະນາ',
    cn: '联合发展银行',
    vn: 'Ngân hàng Phát triển Liên doanh',
    th: 'ธนาคารร่วมพัฒนา',
  }),
  bank('ldb', 'LDB', 16, {
    lo: 'ທະນາຄານພັດທະນາລາວ',
    cn: '老挝发展银行',
    vn: 'Ngân hàng Phát triển Lào',
    th: 'ธนาคารพัฒนาลาว',
  }),
  bank('indochina', 'Indochina Bank', 13, {
    lo: 'ທະນາຄານອິນດູຈີນ',
    cn: '印度支那银行',
    vn: 'Ngân hàng Đông Dương',
    th: 'ธนาคารอินโดจีน',
  }),
  bank('kasikam', 'KBank', 10, {
    lo: 'ທະນາຄານກະສິກອນໄທ',
    cn: '开泰银行（老挝）',
    vn: 'Ngân hàng Kasikorn Lào',
    th: 'ธนาคารกสิกรไทย (ลาว)',
  }),
  bank('lvb', 'LVB', 15, {
    lo: 'ທະນາຄານຮ່ວມທຸລະກິດລາວ-ຫວຽດ',
    cn: '老越合资银行',
    vn: 'Ngân hàng Liên doanh Lào - Việt',
    th: 'ธนาคารร่วมทุนลาว-เวียด',
  }),
];

export function isBankCode(value: unknown): value is BankCode {
  return typeof value === 'string' && (BANK_CODES as readonly string[]).includes(value);
}

export function bankOf(code: string): Bank | undefined {
  return BANKS.find((candidate) => candidate.code === code);
}

/** Players paste numbers grouped as their banking app shows them: spaces and dashes are dropped. */
export function normalizeAccountNumber(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/**
 * The account-number rule: after dropping spaces and dashes, digits only, exactly the bank's
 * length. An unknown bank has no valid numbers.
 */
export function isValidAccountNumber(bankCode: string, accountNumber: string): boolean {
  const bank = bankOf(bankCode);
  if (!bank) return false;
  const digits = normalizeAccountNumber(accountNumber);
  return digits.length === bank.accountNumberLength && /^\d+$/.test(digits);
}
