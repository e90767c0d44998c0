import type { ComponentType } from 'react';
import type { OperatorRole } from '../../contract/admin';
import { AuditLogPage } from '../features/audit/AuditLogPage';
import { Dashboard } from '../features/dashboard/Dashboard';
import { DepositsPage } from '../features/deposits/DepositsPage';
import { OperatorsPage } from '../features/operators/OperatorsPage';
import { SessionsPage } from '../features/operators/SessionsPage';
import { PlayersPage } from '../features/players/PlayersPage';
import { PromotionsPage } from '../features/promotions/PromotionsPage';
import { ResponsiblePlayPage } from '../features/responsiblePlay/ResponsiblePlayPage';
import { RatesPage } from '../features/rates/RatesPage';
import { RiskFlagsPage } from '../features/risk/RiskFlagsPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { ReconciliationReport } from '../features/reconciliation/ReconciliationReport';
import { WithdrawalQueue } from '../features/withdrawals/WithdrawalQueue';

/** A page of the console: its address under /admin, its label in the console's texts (nav.*) and who may open it. */
export interface ConsolePage {
  path: string;
  label: string;
  Page: ComponentType;
  roles: readonly OperatorRole[];
}

const EVERYONE: readonly OperatorRole[] = ['owner', 'staff'];
const OWNERS: readonly OperatorRole[] = ['owner'];

/** The console's pages in the order of its navigation; the first an operator may open is where they land. */
export const CONSOLE_PAGES: readonly ConsolePage[] = [
  { path: '/dashboard', label: 'nav.dashboard', Page: Dashboard, roles: EVERYONE },
  { path: '/withdrawals', label: 'nav.withdrawals', Page: WithdrawalQueue, roles: EVERYONE },
  { path: '/deposits', label: 'nav.deposits', Page: DepositsPage, roles: EVERYONE },
  { path: '/players', label: 'nav.players', Page: PlayersPage, roles: EVERYONE },
  { path: '/risk', label: 'nav.risk', Page: RiskFlagsPage, roles: EVERYONE },
  { path: '/reconciliation', label: 'nav.reconciliation', Page: ReconciliationReport, roles: EVERYONE },
  { path: '/rates', label: 'nav.rates', Page: RatesPage, roles: EVERYONE },
  { path: '/promotions', label: 'nav.promotions', Page: PromotionsPage, roles: EVERYONE },
  { path: '/operators', label: 'nav.operators', Page: OperatorsPage, roles: OWNERS },
  { path: '/audit', label: 'nav.audit', Page: AuditLogPage, roles: OWNERS },
  { path: '/sessions', label: 'nav.sessions', Page: SessionsPage, roles: EVERYONE },
  { path: '/settings', label: 'nav.settings', Page: SettingsPage, roles: EVERYONE },
  { path: '/responsible-play', label: 'nav.responsiblePlay', Page: ResponsiblePlayPage, roles: OWNERS },
];

/** The pages an operator of this role may open. */
export function pagesFor(role: OperatorRole): ConsolePage[] {
  return CONSOLE_PAGES.filter((page) => page.roles.includes(role));
}
