import loCommon from '../../public/locales/lo/common.json';
import cnCommon from '../../public/locales/cn/common.json';
import vnCommon from '../../public/locales/vn/common.json';
import loShell from '../../public/locales/lo/shell.json';
import cnShell from '../../public/locales/cn/shell.json';
import vnShell from '../../public/locales/vn/shell.json';

/**
 * Built-in translations for lo, cn and vn (bundled, so the first paint needs no request).
 * th is fetched from /locales/th/{ns}.json when chosen. Each namespace is one file per language.
 */
export const NAMESPACES = ['common', 'shell'] as const;

export const builtInResources = {
  lo: { common: loCommon, shell: loShell },
  cn: { common: cnCommon, shell: cnShell },
  vn: { common: vnCommon, shell: vnShell },
};
