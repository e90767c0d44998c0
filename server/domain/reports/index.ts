export { dashboardOf } from './dashboard';
export { reconciliationOf } from './reconciliation';
export { reconciliationCsv } from './csv';
