import cnCommon from '../../public/locales/cn/common.json';
import cnAuth from '../../public/locales/cn/auth.json';
import cnBank from '../../public/locales/cn/bank.json';
import cnDeposit from '../../public/locales/cn/deposit.json';
import cnBreaks from '../../public/locales/cn/breaks.json';
import cnGame from '../../public/locales/cn/game.json';
import cnHome from '../../public/locales/cn/home.json';
import cnLimits from '../../public/locales/cn/limits.json';
import cnPassword from '../../public/locales/cn/password.json';
import cnPromotion from '../../public/locales/cn/promotion.json';
import cnShell from '../../public/locales/cn/shell.json';
import cnWithdraw from '../../public/locales/cn/withdraw.json';
import cnResponsiblePlay from '../../public/locales/cn/responsiblePlay.json';

/** The built-in Chinese translations: a chunk of their own, loaded when a player chooses Chinese (see backend.ts). */
export const cnResources = {
  common: cnCommon,
  auth: cnAuth,
  bank: cnBank,
  deposit: cnDeposit,
  breaks: cnBreaks,
  game: cnGame,
  home: cnHome,
  limits: cnLimits,
  password: cnPassword,
  promotion: cnPromotion,
  shell: cnShell,
  withdraw: cnWithdraw,
  responsiblePlay: cnResponsiblePlay,
};
