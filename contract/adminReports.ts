import { Type, type Static } from 'typebox';

/**
 * The operators' dashboard and daily reconciliation report (/api/v2/admin/dashboard,
 * /api/v2/admin/reconciliation). Days are calendar days in Laos (Asia/Vientiane, UTC+7 all year);
 * amounts are API decimal strings (THB "1234.50", LAK "100000").
 */

export { vientianeDay } from './vientiane';

/** A day written YYYY-MM-DD; the server also refuses days the calendar does not have. */
export const DaySchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });

export const ReconciliationQuerySchema = Type.Object({ day: Type.Optional(DaySchema) }, { additionalProperties: false });

/** One Vientiane day of the dashboard, every figure summed from that day's ledger entries. */
export const DashboardDaySchema = Type.Object({
  day: Type.String(),
  deposits: Type.Integer(),
  depositsKip: Type.String(),
  depositsCreditedThb: Type.String(),
  withdrawals: Type.Integer(),
  withdrawalsThb: Type.String(),
  withdrawalsKip: Type.String(),
  bonusesThb: Type.String(),
  /** Agency cash (LAK) at the end of the day less at its start. */
  netCashKip: Type.String(),
});
export type DashboardDay = Static<typeof DashboardDaySchema>;

/** What waits for a person now. */
export const DashboardWaitingSchema = Type.Object({
  withdrawalsToReview: Type.Integer(),
  unmatchedPayments: Type.Integer(),
  depositsStuckPaid: Type.Integer(),
  providerTransfersPending: Type.Integer(),
});
export type DashboardWaiting = Static<typeof DashboardWaitingSchema>;

export const DashboardSchema = Type.Object({
  today: DashboardDaySchema,
  /** The last 7 days, oldest first, today last. */
  days: Type.Array(DashboardDaySchema),
  waiting: DashboardWaitingSchema,
  bonusPoolThb: Type.String(),
});
export type Dashboard = Static<typeof DashboardSchema>;

export const RECONCILIATION_LINES = [
  'DEPOSITS_CREDITED',
  'DEPOSITS_KIP_RECEIVED',
  'WITHDRAWALS_SETTLED',
  'WITHDRAWALS_KIP_PAID',
  'BONUSES_GRANTED',
  'BONUSES_RETAINED',
  'PROVIDER_TRANSFERS_SETTLED',
] as const;
export type ReconciliationLineName = (typeof RECONCILIATION_LINES)[number];

/** A ledger transfer behind a line, with its entries' amounts by account kind. */
export const ReportTransferSchema = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  status: Type.String(),
  key: Type.String(),
  /** The deposit or withdrawal code it belongs to. */
  ref: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  entries: Type.Array(Type.Object({ account: Type.String(), currency: Type.String(), amount: Type.String() })),
});
export type ReportTransfer = Static<typeof ReportTransferSchema>;

export const ReconciliationLineSchema = Type.Object({
  line: Type.Enum(RECONCILIATION_LINES),
  /** THB and LAK lines are amounts; COUNT lines count transfers. */
  unit: Type.Enum(['THB', 'LAK', 'COUNT'] as const),
  expected: Type.String(),
  actual: Type.String(),
  /** Named parts of the line (withdrawals: requested, paid, returned, open; provider transfers: by status). */
  parts: Type.Record(Type.String(), Type.String()),
  reconciled: Type.Boolean(),
  /** The deposits or withdrawals that do not add up, by code. */
  unreconciledRefs: Type.Array(Type.String()),
  /** The ledger transfers of those refs (empty when the line reconciles). */
  transfers: Type.Array(ReportTransferSchema),
});
export type ReconciliationLine = Static<typeof ReconciliationLineSchema>;

export const TrialBalanceCurrencySchema = Type.Object({
  currency: Type.String(),
  balances: Type.Array(Type.Object({ kind: Type.String(), accounts: Type.Integer(), balance: Type.String() })),
  debitBalances: Type.String(),
  creditBalances: Type.String(),
  dayDebits: Type.String(),
  dayCredits: Type.String(),
  /** Every balance summed: zero when the ledger balances. */
  sum: Type.String(),
  balanced: Type.Boolean(),
});
export type TrialBalanceCurrency = Static<typeof TrialBalanceCurrencySchema>;

export const ReconciliationSchema = Type.Object({
  day: Type.String(),
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  lines: Type.Array(ReconciliationLineSchema),
  trialBalance: Type.Array(TrialBalanceCurrencySchema),
  /** Every line and every currency balances. */
  reconciled: Type.Boolean(),
});
export type Reconciliation = Static<typeof ReconciliationSchema>;

/** GET /admin/reconciliation.csv: the same figures as CSV (text/csv). */
export const ReconciliationCsvSchema = Type.String({
  description: 'text/csv: day, section, name, unit, expected, actual, reconciled, details',
});

/**
 * The books reconciliation (/api/v2/admin/books-reconciliation): the ledger's provider transfers,
 * payments received, payouts and refunds matched by ref with the providers' transfer logs and the
 * gateway's statement, both ways. The reconciler runs it periodically; an operator may run it now.
 */
export const BOOKS_SOURCES = ['PROVIDER_TRANSFER', 'PAYMENT', 'PAYOUT', 'REFUND'] as const;
export type BooksSource = (typeof BOOKS_SOURCES)[number];

export const BOOKS_DIFFERENCE_KINDS = [
  /** The outside moved money the ledger has no record of. */
  'MISSING_IN_LEDGER',
  /** The ledger recorded money moved (POSTED) that the outside never moved. */
  'NOT_DONE_OUTSIDE',
  /** Both moved money, but another amount or direction. */
  'MISMATCH',
  /** The ledger voided a transfer the provider did. */
  'VOIDED_BUT_DONE',
  /** The ledger still holds the transfer PENDING, past the time its call could take. */
  'UNSETTLED',
] as const;
export type BooksDifferenceKind = (typeof BOOKS_DIFFERENCE_KINDS)[number];

/** One side's record of a ref: its status in that side's words, amount (in the difference's unit), direction for provider transfers. */
export const BooksSideSchema = Type.Object({
  status: Type.String(),
  amount: Type.String(),
  direction: Type.Union([Type.Literal('IN'), Type.Literal('OUT'), Type.Null()]),
  at: Type.String({ format: 'date-time' }),
});
export type BooksSide = Static<typeof BooksSideSchema>;

export const BooksDifferenceSchema = Type.Object({
  source: Type.Enum(BOOKS_SOURCES),
  kind: Type.Enum(BOOKS_DIFFERENCE_KINDS),
  /** The provider of a provider transfer, else null. */
  provider: Type.Union([Type.String(), Type.Null()]),
  /** The provider transfer's ref, the payment's transaction id, the payout's or the refund's ref. */
  ref: Type.String(),
  unit: Type.Enum(['THB', 'LAK'] as const),
  ours: Type.Union([BooksSideSchema, Type.Null()]),
  theirs: Type.Union([BooksSideSchema, Type.Null()]),
  /** When a run first found it; it stays listed, run after run, until the books agree. */
  firstSeenAt: Type.String({ format: 'date-time' }),
});
export type BooksDifference = Static<typeof BooksDifferenceSchema>;

export const BooksCheckedSchema = Type.Object({
  providerTransfers: Type.Integer(),
  payments: Type.Integer(),
  payouts: Type.Integer(),
  refunds: Type.Integer(),
});
export type BooksChecked = Static<typeof BooksCheckedSchema>;

export const BooksReconciliationSchema = Type.Object({
  /** The last run that read every book; null before the first. */
  lastRun: Type.Union([
    Type.Object({
      startedAt: Type.String({ format: 'date-time' }),
      finishedAt: Type.String({ format: 'date-time' }),
      /** The records of [from, to) it matched, besides the differences it carried over. */
      from: Type.String({ format: 'date-time' }),
      to: Type.String({ format: 'date-time' }),
      checked: BooksCheckedSchema,
    }),
    Type.Null(),
  ]),
  /** The latest run when it could not read a book (its differences are not known), else null. */
  lastFailure: Type.Union([Type.Object({ at: Type.String({ format: 'date-time' }), reason: Type.String() }), Type.Null()]),
  /** The agency's differences found by the last run. */
  differences: Type.Array(BooksDifferenceSchema),
});
export type BooksReconciliation = Static<typeof BooksReconciliationSchema>;
