import vnCommon from '../../public/locales/vn/common.json';
import vnAuth from '../../public/locales/vn/auth.json';
import vnBank from '../../public/locales/vn/bank.json';
import vnDeposit from '../../public/locales/vn/deposit.json';
import vnBreaks from '../../public/locales/vn/breaks.json';
import vnGame from '../../public/locales/vn/game.json';
import vnHome from '../../public/locales/vn/home.json';
import vnLimits from '../../public/locales/vn/limits.json';
import vnPassword from '../../public/locales/vn/password.json';
import vnPromotion from '../../public/locales/vn/promotion.json';
import vnShell from '../../public/locales/vn/shell.json';
import vnWithdraw from '../../public/locales/vn/withdraw.json';
import vnResponsiblePlay from '../../public/locales/vn/responsiblePlay.json';

/** The built-in Vietnamese translations: a chunk of their own, loaded when a player chooses Vietnamese (see backend.ts). */
export const vnResources = {
  common: vnCommon,
  auth: vnAuth,
  bank: vnBank,
  deposit: vnDeposit,
  breaks: vnBreaks,
  game: vnGame,
  home: vnHome,
  limits: vnLimits,
  password: vnPassword,
  promotion: vnPromotion,
  shell: vnShell,
  withdraw: vnWithdraw,
  responsiblePlay: vnResponsiblePlay,
};
