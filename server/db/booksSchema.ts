import type { ColumnType, Generated } from 'kysely';
import type { BooksChecked, BooksDifferenceKind, BooksSide, BooksSource } from '../../contract/adminReports';

/** The books reconciliation's runs and the last complete run's differences (migration 0040). */
export interface BooksTables {
  books_reconciliation_runs: {
    id: ColumnType<string, never, never>;
    started_at: Date;
    finished_at: Generated<Date>;
    window_from: Date;
    window_to: Date;
    checked: ColumnType<BooksChecked, string, never>;
    /** Why a book could not be read; null for a complete run. */
    failure: string | null;
  };
  books_differences: {
    run_id: string;
    source: BooksSource;
    /** '' for the gateway's books. */
    provider: string;
    ref: string;
    agency_id: string | null;
    kind: BooksDifferenceKind;
    unit: 'THB' | 'LAK';
    ours: ColumnType<BooksSide | null, string | null, never>;
    theirs: ColumnType<BooksSide | null, string | null, never>;
    first_seen_at: Date;
  };
}
