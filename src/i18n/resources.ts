import loCommon from '../../public/locales/lo/common.json';
import loAuth from '../../public/locales/lo/auth.json';
import loBank from '../../public/locales/lo/bank.json';
import loDeposit from '../../public/locales/lo/deposit.json';
import loExclusion from '../../public/locales/lo/exclusion.json';
import loGame from '../../public/locales/lo/game.json';
import loHome from '../../public/locales/lo/home.json';
import loLimits from '../../public/locales/lo/limits.json';
import loPassword from '../../public/locales/lo/password.json';
import loPromotion from '../../public/locales/lo/promotion.json';
import loShell from '../../public/locales/lo/shell.json';
import loWithdraw from '../../public/locales/lo/withdraw.json';
import loResponsiblePlay from '../../public/locales/lo/responsiblePlay.json';

/** Each namespace is one file per language: public/locales/{lng}/{ns}.json. */
export const NAMESPACES = [
  'common',
  'auth',
  'bank',
  'deposit',
  'exclusion',
  'game',
  'home',
  'limits',
  'password',
  'promotion',
  'shell',
  'withdraw',
  'responsiblePlay',
] as const;

/** The built-in Lao translations, in the first bundle: Lao is the default and draws the first page. */
export const loResources = {
  common: loCommon,
  auth: loAuth,
  bank: loBank,
  deposit: loDeposit,
  exclusion: loExclusion,
  game: loGame,
  home: loHome,
  limits: loLimits,
  password: loPassword,
  promotion: loPromotion,
  shell: loShell,
  withdraw: loWithdraw,
  responsiblePlay: loResponsiblePlay,
};
