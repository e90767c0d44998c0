import type { ResourceLanguage } from 'i18next';
import type { Language } from '../../contract/languages';
import { loResources } from './resources';
import { cnResources } from './cn';
import { vnResources } from './vn';
import thCommon from '../../public/locales/th/common.json';
import thAuth from '../../public/locales/th/auth.json';
import thBank from '../../public/locales/th/bank.json';
import thDeposit from '../../public/locales/th/deposit.json';
import thBreaks from '../../public/locales/th/breaks.json';
import thGame from '../../public/locales/th/game.json';
import thHome from '../../public/locales/th/home.json';
import thLimits from '../../public/locales/th/limits.json';
import thPassword from '../../public/locales/th/password.json';
import thPromotion from '../../public/locales/th/promotion.json';
import thShell from '../../public/locales/th/shell.json';
import thWithdraw from '../../public/locales/th/withdraw.json';
import thResponsiblePlay from '../../public/locales/th/responsiblePlay.json';

/** Every language's translations at hand, for the server's renderer only (the browser loads them one by one). */
export const ALL_RESOURCES: Record<Language, ResourceLanguage> = {
  lo: loResources,
  cn: cnResources,
  vn: vnResources,
  th: {
    common: thCommon,
    auth: thAuth,
    bank: thBank,
    deposit: thDeposit,
    breaks: thBreaks,
    game: thGame,
    home: thHome,
    limits: thLimits,
    password: thPassword,
    promotion: thPromotion,
    shell: thShell,
    withdraw: thWithdraw,
    responsiblePlay: thResponsiblePlay,
  },
};
