/** Each namespace is one file per language: public/locales/{lng}/{ns}.json. */
export const NAMESPACES = ['common', 'auth', 'bank', 'deposit', 'game', 'home', 'password', 'promotion', 'shell', 'withdraw'] as const;
