import loCommon from '../../public/locales/lo/common.json';
import loAuth from '../../public/locales/lo/auth.json';
import loBank from '../../public/locales/lo/bank.json';
import loDeposit from '../../public/locales/lo/deposit.json';
import loBreaks from '../../public/locales/lo/breaks.json';
import loGame from '../../public/locales/lo/game.json';
import loHome from '../../public/locales/lo/home.json';
import loLimits from '../../public/locales/lo/limits.json';
import loPassword from '../../public/locales/lo/password.json';
import loPromotion from '../../public/locales/lo/promotion.json';
import loShell from '../../public/locales/lo/shell.json';
import loWithdraw from '../../public/locales/lo/withdraw.json';
import loResponsiblePlay from '../../public/locales/lo/responsiblePlay.json';

/**
 * The built-in Lao translations: a chunk of their own, which the browser needs only for what the
 * server's page did not bring along (see backend.ts).
 */
export const loResources = {
  common: loCommon,
  auth: loAuth,
  bank: loBank,
  deposit: loDeposit,
  breaks: loBreaks,
  game: loGame,
  home: loHome,
  limits: loLimits,
  password: loPassword,
  promotion: loPromotion,
  shell: loShell,
  withdraw: loWithdraw,
  responsiblePlay: loResponsiblePlay,
};
