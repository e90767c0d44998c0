import { parse } from 'regexparam';
import { PROVIDERS, type Provider } from '../../contract/providers';
import type { Namespace } from '../i18n/namespaces';
import { lazyPage, type LazyPage } from './lazyPage';

/** visitor: public pages a logged-in player is sent away from; player: the /player area; anyone: open to both. */
export type Access = 'visitor' | 'player' | 'anyone';

export interface RouteDef {
  path: string;
  page: LazyPage<{ provider?: Provider }>;
  access: Access;
  titleKey: string;
  /** The texts the page shows beyond the shell's: it waits for them rather than show their keys. */
  namespaces: Namespace[];
  /** login and register are internally grouped as the public pages. */
  group?: 'public';
  provider?: Provider;
  /** The page starts play (a deposit, a promotion, a game): closed while the player's break runs. */
  startsPlay?: true;
}

const home = lazyPage(() => import(/* webpackChunkName: "home" */ '../features/home/HomePage'));
const login = lazyPage(() => import(/* webpackChunkName: "login" */ '../features/auth/LoginPage'));
const register = lazyPage(() => import(/* webpackChunkName: "register" */ '../features/auth/RegisterPage'));
const playerHome = lazyPage(() => import(/* webpackChunkName: "player" */ '../features/home/PlayerHomePage'));
const deposit = lazyPage(() => import(/* webpackChunkName: "deposit" */ '../features/deposit/DepositPage'));
const depositHistory = lazyPage(() => import(/* webpackChunkName: "deposit-history" */ '../features/deposit/DepositHistoryPage'));
const withdraw = lazyPage(() => import(/* webpackChunkName: "withdraw" */ '../features/withdraw/WithdrawPage'));
const withdrawHistory = lazyPage(() => import(/* webpackChunkName: "withdraw-history" */ '../features/withdraw/WithdrawHistoryPage'));
const bank = lazyPage(() => import(/* webpackChunkName: "bank" */ '../features/bank/BankPage'));
const promotions = lazyPage(() => import(/* webpackChunkName: "promotions" */ '../features/promotion/PromotionsPage'));
const promotionHistory = lazyPage(() => import(/* webpackChunkName: "promotion-history" */ '../features/promotion/PromotionHistoryPage'));
const promotionDetail = lazyPage(() => import(/* webpackChunkName: "promotion-detail" */ '../features/promotion/PromotionDetailPage'));
const takeBreak = lazyPage(() => import(/* webpackChunkName: "break" */ '../features/breaks/BreakPage'));
const statement = lazyPage(() => import(/* webpackChunkName: "statement" */ '../features/responsiblePlay/StatementPage'));
const responsiblePlay = lazyPage(
  () => import(/* webpackChunkName: "responsible-play" */ '../features/responsiblePlay/ResponsiblePlayPage'),
);
const limits = lazyPage(() => import(/* webpackChunkName: "limits" */ '../features/limits/LimitsPage'));
const game = lazyPage(() => import(/* webpackChunkName: "game" */ '../features/game/GamePage'));

/** Every route of the site, most specific first. */
export const routes: RouteDef[] = [
  { path: '/', page: home, access: 'visitor', titleKey: 'page.home', namespaces: ['home', 'promotion', 'game'] },
  { path: '/login', page: login, access: 'visitor', titleKey: 'page.login', namespaces: ['auth'], group: 'public' },
  { path: '/register', page: register, access: 'visitor', titleKey: 'page.register', namespaces: ['auth'], group: 'public' },
  { path: '/player', page: playerHome, access: 'player', titleKey: 'page.player', namespaces: ['home'] },
  { path: '/player/deposit', page: deposit, access: 'player', titleKey: 'page.deposit', namespaces: ['deposit'], startsPlay: true },
  { path: '/player/deposit/history', page: depositHistory, access: 'player', titleKey: 'page.depositHistory', namespaces: ['deposit'] },
  { path: '/player/withdraw', page: withdraw, access: 'player', titleKey: 'page.withdraw', namespaces: ['withdraw'] },
  { path: '/player/withdraw/history', page: withdrawHistory, access: 'player', titleKey: 'page.withdrawHistory', namespaces: ['withdraw'] },
  { path: '/player/bank', page: bank, access: 'player', titleKey: 'page.bank', namespaces: ['bank'] },
  { path: '/player/limits', page: limits, access: 'player', titleKey: 'page.limits', namespaces: ['limits'] },
  {
    path: '/player/promotion',
    page: promotions,
    access: 'player',
    titleKey: 'page.promotion',
    namespaces: ['promotion'],
    startsPlay: true,
  },
  {
    path: '/player/promotion/history',
    page: promotionHistory,
    access: 'player',
    titleKey: 'page.promotionHistory',
    namespaces: ['promotion'],
  },
  {
    path: '/player/promotion/:promotionId',
    page: promotionDetail,
    access: 'player',
    titleKey: 'page.promotionDetail',
    namespaces: ['promotion'],
    startsPlay: true,
  },
  { path: '/player/break', page: takeBreak, access: 'player', titleKey: 'page.break', namespaces: ['breaks'] },
  { path: '/player/statement', page: statement, access: 'player', titleKey: 'page.statement', namespaces: ['responsiblePlay'] },
  { path: '/responsible-play', page: responsiblePlay, access: 'anyone', titleKey: 'page.responsiblePlay', namespaces: ['responsiblePlay'] },
  ...PROVIDERS.map((provider): RouteDef => ({
    path: `/player/game/${provider}`,
    page: game,
    access: 'player',
    titleKey: 'page.game',
    namespaces: ['game'],
    provider,
    startsPlay: true,
  })),
];

const matchers = routes.map((route) => ({ route, ...parse(route.path) }));

/** The route that serves a link's path (query and hash ignored). */
export function routeFor(href: string): RouteDef | undefined {
  const path = href.split(/[?#]/)[0];
  return matchers.find(({ pattern }) => pattern.test(path))?.route;
}

export function preloadRoute(href: string): void {
  void routeFor(href)?.page.preload();
}
