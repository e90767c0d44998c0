import { boolean, object, string, ValidationError, type InferType } from 'yup';
import { isBankCode, isValidAccountNumber, normalizeAccountNumber } from './banks';
import { ErrorCode } from './errors';
import { Type, type Static } from 'typebox';
import { CURRENCIES, type Currency } from './money';

/** Only LAK accounts can be used (the form still offers THB and USD). */
export const ACCEPTED_ACCOUNT_CURRENCY = 'LAK' satisfies Currency;
export const ACCOUNT_NAME_MAX_LENGTH = 100;

/**
 * Each rule's message is its translation key in the `bank` namespace; the server answers a broken
 * rule with the error code beside it (the API's messages are the codes' messages in common).
 */
export const BANK_ACCOUNT_RULES = {
  'validation.bankRequired': ErrorCode.VALIDATION_ERROR,
  'validation.bankUnknown': ErrorCode.UNKNOWN_BANK,
  'validation.accountNumberRequired': ErrorCode.VALIDATION_ERROR,
  'validation.accountNumberInvalid': ErrorCode.ACCOUNT_NOT_FOUND,
  'validation.accountNameRequired': ErrorCode.VALIDATION_ERROR,
  'validation.accountNameTooLong': ErrorCode.VALIDATION_ERROR,
  'validation.currencyRequired': ErrorCode.VALIDATION_ERROR,
  'validation.onlyLak': ErrorCode.CURRENCY_NOT_ACCEPTED,
  'validation.ownerRequired': ErrorCode.VALIDATION_ERROR,
} as const satisfies Record<string, ErrorCode>;

export type BankAccountRule = keyof typeof BANK_ACCOUNT_RULES;
const rule = (key: BankAccountRule) => key;

/**
 * The bank form: bank, account number valid for that bank, account name,
 * currency (LAK only) and owner (the player confirms the account is in their own name, not a
 * wallet) are all required. Used by the page's formik form and by POST /players/bank-accounts.
 */
export const bankAccountSchema = object({
  // Custom tests rather than oneOf: yup checks oneOf before required, and an empty field should
  // read "required", not "unknown".
  bank: string()
    .required(rule('validation.bankRequired'))
    .test('known-bank', rule('validation.bankUnknown'), (value) => !value || isBankCode(value)),
  accountNumber: string()
    .transform((value: unknown) => (typeof value === 'string' ? normalizeAccountNumber(value) : value))
    .required(rule('validation.accountNumberRequired'))
    // A missing number is the required rule's, an unknown bank the bank field's to report.
    .test('valid-for-bank', rule('validation.accountNumberInvalid'), function (value) {
      const bank = (this.parent as { bank?: unknown }).bank;
      return !value || !isBankCode(bank) || isValidAccountNumber(bank, value);
    }),
  accountName: string()
    .trim()
    .required(rule('validation.accountNameRequired'))
    .max(ACCOUNT_NAME_MAX_LENGTH, rule('validation.accountNameTooLong')),
  currency: string()
    .required(rule('validation.currencyRequired'))
    .test('only-lak', rule('validation.onlyLak'), (value) => !value || value === ACCEPTED_ACCOUNT_CURRENCY),
  owner: boolean().required(rule('validation.ownerRequired')).isTrue(rule('validation.ownerRequired')),
});

/** A request that passed the rules, normalised (number without spaces or dashes, name trimmed). */
export type BankAccountInput = InferType<typeof bankAccountSchema>;

/** The body of POST /players/bank-accounts, as the form holds it. */
export interface BankAccountRequest {
  bank: string;
  accountNumber: string;
  accountName: string;
  currency: string;
  owner: boolean;
}

/** The form's fields in the order they are shown; the first broken one is the one reported. */
export const BANK_ACCOUNT_FIELDS = ['bank', 'accountNumber', 'accountName', 'currency', 'owner'] as const;
export type BankAccountField = (typeof BANK_ACCOUNT_FIELDS)[number];

export type BankAccountCheck =
  { ok: true; value: BankAccountInput } | { ok: false; field: BankAccountField; rule: BankAccountRule; code: ErrorCode };

/** Validates a request body with the form's schema; a refusal names the first broken field's rule. */
export function checkBankAccountInput(input: unknown): BankAccountCheck {
  try {
    return { ok: true, value: bankAccountSchema.validateSync(input ?? {}, { abortEarly: false, stripUnknown: true }) };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const broken = error.inner.length ? error.inner : [error];
    const first = BANK_ACCOUNT_FIELDS.map((field) => broken.find((e) => e.path === field)).find(Boolean) ?? broken[0];
    const message = first.message as BankAccountRule;
    return {
      ok: false,
      field: first.path as BankAccountField,
      rule: message,
      code: BANK_ACCOUNT_RULES[message] ?? ErrorCode.VALIDATION_ERROR,
    };
  }
}

/** A saved account as the API gives it (GET /players/bank-accounts, players/info bankAccounts). */
export const BankAccountSchema = Type.Object({
  id: Type.String(),
  bank: Type.String(),
  accountNumber: Type.String(),
  accountName: Type.String(),
  currency: Type.Enum(CURRENCIES),
  createdAt: Type.String({ format: 'date-time' }),
});
export type BankAccount = Static<typeof BankAccountSchema>;

export const BankAccountsResponseSchema = Type.Object({ bankAccounts: Type.Array(BankAccountSchema) });
export type BankAccountsResponse = Static<typeof BankAccountsResponseSchema>;

export const BankAccountResponseSchema = Type.Object({ bankAccount: BankAccountSchema });
export type BankAccountResponse = Static<typeof BankAccountResponseSchema>;

/**
 * The body of POST /players/bank-accounts: only shapes here; every rule of the form is judged by
 * bankAccountSchema above in the domain, so the API and the page answer a broken rule with the same code.
 */
export const BankAccountBodySchema = Type.Object(
  {
    bank: Type.Optional(Type.String({ maxLength: 32 })),
    accountNumber: Type.Optional(Type.String({ maxLength: 64 })),
    accountName: Type.Optional(Type.String({ maxLength: ACCOUNT_NAME_MAX_LENGTH * 2 })),
    currency: Type.Optional(Type.String({ maxLength: 8 })),
    owner: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
