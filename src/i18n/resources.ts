import loCommon from '../../public/locales/lo/common.json';
import cnCommon from '../../public/locales/cn/common.json';
import vnCommon from '../../public/locales/vn/common.json';
import loBank from '../../public/locales/lo/bank.json';
import cnBank from '../../public/locales/cn/bank.json';
import vnBank from '../../public/locales/vn/bank.json';
import loGame from '../../public/locales/lo/game.json';
import cnGame from '../../public/locales/cn/game.json';
import vnGame from '../../public/locales/vn/game.json';
import loShell from '../../public/locales/lo/shell.json';
import cnShell from '../../public/locales/cn/shell.json';
import vnShell from '../../public/locales/vn/shell.json';

/**
 * Built-in translations for lo, cn and vn (bundled, so the first paint needs no request).
 * th is fetched from /locales/th/{ns}.json when chosen. Each namespace is one file per language.
 */
export const NAMESPACES = ['common', 'bank', 'game', 'shell'] as const;

export const builtInResources = {
  lo: { common: loCommon, bank: loBank, game: loGame, shell: loShell },
  cn: { common: cnCommon, bank: cnBank, game: cnGame, shell: cnShell },
  vn: { common: vnCommon, bank: vnBank, game: vnGame, shell: vnShell },
};
