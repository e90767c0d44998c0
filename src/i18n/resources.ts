import loCommon from '../../public/locales/lo/common.json';
import cnCommon from '../../public/locales/cn/common.json';
import vnCommon from '../../public/locales/vn/common.json';
import loBank from '../../public/locales/lo/bank.json';
import cnBank from '../../public/locales/cn/bank.json';
import vnBank from '../../public/locales/vn/bank.json';
import loWithdraw from '../../public/locales/lo/withdraw.json';
import cnWithdraw from '../../public/locales/cn/withdraw.json';
import vnWithdraw from '../../public/locales/vn/withdraw.json';

/**
 * Built-in translations for lo, cn and vn (bundled, so the first paint needs no request).
 * th is fetched from /locales/th/{ns}.json when chosen. Each namespace is one file per language.
 */
export const NAMESPACES = ['common', 'bank', 'withdraw'] as const;

export const builtInResources = {
  lo: { common: loCommon, bank: loBank, withdraw: loWithdraw },
  cn: { common: cnCommon, bank: cnBank, withdraw: cnWithdraw },
  vn: { common: vnCommon, bank: vnBank, withdraw: vnWithdraw },
};
