import loCommon from '../../public/locales/lo/common.json';
import cnCommon from '../../public/locales/cn/common.json';
import vnCommon from '../../public/locales/vn/common.json';
import loBank from '../../public/locales/lo/bank.json';
import cnBank from '../../public/locales/cn/bank.json';
import vnBank from '../../public/locales/vn/bank.json';
import loDeposit from '../../public/locales/lo/deposit.json';
import cnDeposit from '../../public/locales/cn/deposit.json';
import vnDeposit from '../../public/locales/vn/deposit.json';

/**
 * Built-in translations for lo, cn and vn (bundled, so the first paint needs no request).
 * th is fetched from /locales/th/{ns}.json when chosen. Each namespace is one file per language.
 */
export const NAMESPACES = ['common', 'bank', 'deposit'] as const;

export const builtInResources = {
  lo: { common: loCommon, bank: loBank, deposit: loDeposit },
  cn: { common: cnCommon, bank: cnBank, deposit: cnDeposit },
  vn: { common: vnCommon, bank: vnBank, deposit: vnDeposit },
};
