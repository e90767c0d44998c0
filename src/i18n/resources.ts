import loCommon from '../../public/locales/lo/common.json';
import cnCommon from '../../public/locales/cn/common.json';
import vnCommon from '../../public/locales/vn/common.json';
import loAuth from '../../public/locales/lo/auth.json';
import cnAuth from '../../public/locales/cn/auth.json';
import vnAuth from '../../public/locales/vn/auth.json';
import loBank from '../../public/locales/lo/bank.json';
import cnBank from '../../public/locales/cn/bank.json';
import vnBank from '../../public/locales/vn/bank.json';
import loDeposit from '../../public/locales/lo/deposit.json';
import cnDeposit from '../../public/locales/cn/deposit.json';
import vnDeposit from '../../public/locales/vn/deposit.json';
import loGame from '../../public/locales/lo/game.json';
import cnGame from '../../public/locales/cn/game.json';
import vnGame from '../../public/locales/vn/game.json';
import loHome from '../../public/locales/lo/home.json';
import cnHome from '../../public/locales/cn/home.json';
import vnHome from '../../public/locales/vn/home.json';
import loPassword from '../../public/locales/lo/password.json';
import cnPassword from '../../public/locales/cn/password.json';
import vnPassword from '../../public/locales/vn/password.json';
import loPromotion from '../../public/locales/lo/promotion.json';
import cnPromotion from '../../public/locales/cn/promotion.json';
import vnPromotion from '../../public/locales/vn/promotion.json';
import loShell from '../../public/locales/lo/shell.json';
import cnShell from '../../public/locales/cn/shell.json';
import vnShell from '../../public/locales/vn/shell.json';
import loWithdraw from '../../public/locales/lo/withdraw.json';
import cnWithdraw from '../../public/locales/cn/withdraw.json';
import vnWithdraw from '../../public/locales/vn/withdraw.json';

/**
 * Built-in translations for lo, cn and vn (bundled, so the first paint needs no request).
 * th is fetched from /locales/th/{ns}.json when chosen. Each namespace is one file per language.
 */
export const NAMESPACES = ['common', 'auth', 'bank', 'deposit', 'game', 'home', 'password', 'promotion', 'shell', 'withdraw'] as const;

export const builtInResources = {
  lo: {
    common: loCommon,
    auth: loAuth,
    bank: loBank,
    deposit: loDeposit,
    game: loGame,
    home: loHome,
    password: loPassword,
    promotion: loPromotion,
    shell: loShell,
    withdraw: loWithdraw,
  },
  cn: {
    common: cnCommon,
    auth: cnAuth,
    bank: cnBank,
    deposit: cnDeposit,
    game: cnGame,
    home: cnHome,
    password: cnPassword,
    promotion: cnPromotion,
    shell: cnShell,
    withdraw: cnWithdraw,
  },
  vn: {
    common: vnCommon,
    auth: vnAuth,
    bank: vnBank,
    deposit: vnDeposit,
    game: vnGame,
    home: vnHome,
    password: vnPassword,
    promotion: vnPromotion,
    shell: vnShell,
    withdraw: vnWithdraw,
  },
};
