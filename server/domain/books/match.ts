import type { BooksDifferenceKind, BooksSide, BooksSource } from '../../../contract/adminReports';

/**
 * The rules that say whether the ledger's record of a ref and the outside's agree: pure, one per
 * kind of book, so the run that gathers the records and the tests share them.
 */

/** The ledger's side of a ref: its status (a provider transfer's) or its kind (a bank transfer's). */
export interface Ours {
  agencyId: string;
  status: string;
  amount: bigint;
  direction: 'IN' | 'OUT' | null;
  at: Date;
}

/** The outside's side of a ref, and whether it moved money. */
export interface Theirs {
  status: string;
  amount: bigint;
  direction: 'IN' | 'OUT' | null;
  at: Date;
  moved: boolean;
}

/** A provider transfer: POSTED must be done there as recorded, VOIDED must not be, PENDING is unsettled. */
export function providerDifference(ours: Ours | undefined, theirs: Theirs | undefined): BooksDifferenceKind | null {
  if (!ours) return theirs?.moved ? 'MISSING_IN_LEDGER' : null;
  if (ours.status === 'PENDING') return 'UNSETTLED';
  if (ours.status === 'VOIDED') return theirs?.moved ? 'VOIDED_BUT_DONE' : null;
  if (!theirs?.moved) return 'NOT_DONE_OUTSIDE';
  return theirs.amount === ours.amount && theirs.direction === ours.direction ? null : 'MISMATCH';
}

/** A payment, payout or refund: the ledger records one only once the money moved, for the amount the bank moved. */
export function bankDifference(ours: Ours | undefined, theirs: Theirs | undefined): BooksDifferenceKind | null {
  if (!ours) return theirs?.moved ? 'MISSING_IN_LEDGER' : null;
  if (!theirs?.moved) return 'NOT_DONE_OUTSIDE';
  return theirs.amount === ours.amount ? null : 'MISMATCH';
}

/** A ref of one book: provider transfers are keyed by provider and ref, the gateway's by ref alone (provider ''). */
export interface BookKey {
  source: BooksSource;
  provider: string;
  ref: string;
}

export const keyOf = ({ source, provider, ref }: BookKey) => JSON.stringify([source, provider, ref]);

export const sideOf = (side: Ours | Theirs, format: (amount: bigint) => string): BooksSide => ({
  status: side.status,
  amount: format(side.amount),
  direction: side.direction,
  at: side.at.toISOString(),
});
