export { reconcileBooks, FIRST_RUN_LOOKBACK_MS, type BooksDeps, type BooksRunReport } from './run';
export { booksReconciliationOf } from './view';
