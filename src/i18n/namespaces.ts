/** Each namespace is one file per language: public/locales/{lng}/{ns}.json. */
export const NAMESPACES = [
  'common',
  'auth',
  'bank',
  'deposit',
  'breaks',
  'game',
  'home',
  'limits',
  'password',
  'promotion',
  'responsiblePlay',
  'shell',
  'withdraw',
] as const;

export type Namespace = (typeof NAMESPACES)[number];
