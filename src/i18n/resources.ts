import loCommon from '../../public/locales/lo/common.json';
import cnCommon from '../../public/locales/cn/common.json';
import vnCommon from '../../public/locales/vn/common.json';
import loAuth from '../../public/locales/lo/auth.json';
import cnAuth from '../../public/locales/cn/auth.json';
import vnAuth from '../../public/locales/vn/auth.json';
import loPassword from '../../public/locales/lo/password.json';
import cnPassword from '../../public/locales/cn/password.json';
import vnPassword from '../../public/locales/vn/password.json';

/**
 * Built-in translations for lo, cn and vn (bundled, so the first paint needs no request).
 * th is fetched from /locales/th/{ns}.json when chosen. Each namespace is one file per language.
 */
export const NAMESPACES = ['common', 'auth', 'password'] as const;

export const builtInResources = {
  lo: { common: loCommon, auth: loAuth, password: loPassword },
  cn: { common: cnCommon, auth: cnAuth, password: cnPassword },
  vn: { common: vnCommon, auth: vnAuth, password: vnPassword },
};
