import { PROVIDERS } from '../../../contract/providers';
import type { IconName } from './icons';

/** One line of the drawer: its text is a translation key of the shell namespace. */
export interface DrawerEntry {
  key: string;
  href?: string;
  children?: DrawerEntry[];
  icon: IconName;
}

/**
 * The player's drawer: the games, one per provider, then — after a divider —
 * the money and account pages, with the three histories under history.
 */
export const PLAYER_DRAWER_GROUPS: DrawerEntry[][] = [
  PROVIDERS.map((provider) => ({ key: `providers.${provider}`, href: `/player/game/${provider}`, icon: 'game' })),
  [
    { key: 'drawer.deposit', href: '/player/deposit', icon: 'deposit' },
    { key: 'drawer.withdraw', href: '/player/withdraw', icon: 'withdraw' },
    { key: 'drawer.promotion', href: '/player/promotion', icon: 'promotion' },
    { key: 'drawer.bankAccount', href: '/player/bank', icon: 'bank' },
    { key: 'drawer.break', href: '/player/break', icon: 'check' },
    { key: 'drawer.depositLimits', href: '/player/limits', icon: 'deposit' },
    {
      key: 'drawer.history',
      icon: 'history',
      children: [
        { key: 'drawer.depositHistory', href: '/player/deposit/history', icon: 'deposit' },
        { key: 'drawer.withdrawHistory', href: '/player/withdraw/history', icon: 'withdraw' },
        { key: 'drawer.promotionHistory', href: '/player/promotion/history', icon: 'promotion' },
        { key: 'drawer.statement', href: '/player/statement', icon: 'history' },
      ],
    },
    { key: 'drawer.responsiblePlay', href: '/responsible-play', icon: 'shield' },
  ],
];

/** The drawer for visitors: the login link and the register button. */
export const VISITOR_DRAWER_ENTRIES = {
  login: { key: 'drawer.login', href: '/login', icon: 'login' },
  register: { key: 'drawer.register', href: '/register', icon: 'register' },
  responsiblePlay: { key: 'drawer.responsiblePlay', href: '/responsible-play', icon: 'shield' },
} as const satisfies Record<string, DrawerEntry>;

/** A link's path without its query or hash. */
export function pathOf(href: string): string {
  return href.split(/[?#]/)[0];
}

/**
 * The active entry is the one whose link path (query ignored) is the current path, or one of whose
 * children's is.
 */
export function isEntryActive(entry: DrawerEntry, currentPath: string): boolean {
  const path = pathOf(currentPath);
  if (entry.href !== undefined && pathOf(entry.href) === path) return true;
  return entry.children?.some((child) => isEntryActive(child, path)) ?? false;
}
