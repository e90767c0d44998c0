import { lintProbes, type LintProbe } from '../support/lint';

/**
 * The import directions of docs/architecture.md, as the linter enforces them: each case lints a
 * one-line import in the place of a real file and expects the layout rules to refuse or accept it.
 */
interface Case {
  name: string;
  probe: LintProbe;
  refused: boolean;
}

const importIn = (filePath: string, source: string): LintProbe => ({
  filePath,
  code: `import * as imported from '${source}';\nexport const probe = imported;\n`,
});

const cases: Case[] = [
  {
    name: 'the console importing a player feature',
    probe: importIn('console/app/AdminApp.tsx', '../../src/features/auth/LoginPage'),
    refused: true,
  },
  { name: 'the console importing the players’ API', probe: importIn('console/api/adminApi.ts', '../../src/api/baseApi'), refused: true },
  { name: 'the console importing the site’s ui', probe: importIn('console/app/AdminApp.tsx', '../../src/ui/Menu'), refused: true },
  { name: 'the console importing the web kit’s ui', probe: importIn('console/app/AdminApp.tsx', '../../web/ui/Button'), refused: false },
  {
    name: 'the console importing the web kit’s API plumbing',
    probe: importIn('console/api/adminApi.ts', '../../web/api/baseQuery'),
    refused: false,
  },
  { name: 'the console importing the contract', probe: importIn('console/app/AdminApp.tsx', '../../contract/admin'), refused: false },
  { name: 'the web kit importing the players’ API', probe: importIn('web/api/baseQuery.ts', '../../src/api/baseApi'), refused: true },
  { name: 'the web kit importing the site’s ui', probe: importIn('web/ui/Button.tsx', '../../src/ui/Menu'), refused: true },
  { name: 'the web kit importing the site’s app', probe: importIn('web/ui/Button.tsx', '../../src/app/store'), refused: true },
  { name: 'the web kit importing the console', probe: importIn('web/api/baseQuery.ts', '../../console/api/adminApi'), refused: true },
  { name: 'the web kit importing a machine', probe: importIn('web/ui/Button.tsx', '../../machines/session.machine'), refused: true },
  { name: 'the web kit importing the review table', probe: importIn('web/ui/Pager.tsx', '@tanstack/react-table'), refused: true },
  { name: 'the web kit importing the contract', probe: importIn('web/ui/statusTone.ts', '../../contract/status'), refused: false },
  {
    name: 'a player feature importing the console',
    probe: importIn('src/features/bank/BankPage.tsx', '../../../console/api/adminApi'),
    refused: true,
  },
  { name: 'the players’ app importing the console', probe: importIn('src/app/App.tsx', '../../console/app/AdminApp'), refused: true },
  {
    name: 'a player feature importing the review table',
    probe: importIn('src/features/bank/BankPage.tsx', '@tanstack/react-table'),
    refused: true,
  },
  {
    name: 'the console importing the review table',
    probe: importIn('console/features/withdrawals/WithdrawalQueue.tsx', '@tanstack/react-table'),
    refused: false,
  },
  {
    name: 'a feature importing another feature',
    probe: importIn('src/features/bank/BankPage.tsx', '../deposit/DepositPage'),
    refused: true,
  },
  { name: 'a feature importing its own files', probe: importIn('src/features/bank/BankPage.tsx', './BankLogo'), refused: false },
  { name: 'a feature importing ui and api', probe: importIn('src/features/bank/BankPage.tsx', '../../ui/Link'), refused: false },
  { name: 'a feature importing the web kit', probe: importIn('src/features/bank/BankPage.tsx', '../../../web/ui/Button'), refused: false },
  { name: 'the site’s ui importing the web kit', probe: importIn('src/ui/ErrorBoundary.tsx', '../../web/ui/Button'), refused: false },
  { name: 'the server importing the SPA’s i18n', probe: importIn('server/routes/games.ts', '../../src/i18n/index'), refused: true },
  { name: 'the server importing a machine', probe: importIn('server/routes/games.ts', '../../machines/session.machine'), refused: true },
  { name: 'the server importing the SPA’s entry', probe: importIn('server/routes/games.ts', '../../src/main'), refused: true },
  { name: 'the server importing the web kit', probe: importIn('server/routes/games.ts', '../../web/dates'), refused: true },
  { name: 'the server importing the console', probe: importIn('server/routes/games.ts', '../../console/api/adminApi'), refused: true },
  { name: 'the server importing the contract', probe: importIn('server/routes/games.ts', '../../contract/languages'), refused: false },
  { name: 'the contract importing i18n', probe: importIn('contract/money.ts', '../src/i18n/index'), refused: true },
  { name: 'the contract importing the server', probe: importIn('contract/money.ts', '../server/config'), refused: true },
  { name: 'the contract importing the SPA’s entry', probe: importIn('contract/money.ts', '../src/main'), refused: true },
  { name: 'the contract importing a script', probe: importIn('contract/money.ts', '../scripts/charts'), refused: true },
  { name: 'the contract importing the web kit', probe: importIn('contract/money.ts', '../web/dates'), refused: true },
  { name: 'the contract importing the console', probe: importIn('contract/money.ts', '../console/api/adminApi'), refused: true },
  {
    name: 'the contract importing moment (dates are shown by the web kit)',
    probe: importIn('contract/money.ts', 'moment'),
    refused: true,
  },
  { name: 'the contract importing React', probe: importIn('contract/money.ts', 'react'), refused: true },
  { name: 'the contract importing Node', probe: importIn('contract/money.ts', 'node:crypto'), refused: true },
  { name: 'the contract importing itself', probe: importIn('contract/money.ts', './languages'), refused: false },
  { name: 'the contract importing typebox', probe: importIn('contract/money.ts', 'typebox'), refused: false },
  {
    name: 'the contract importing the password estimator',
    probe: importIn('contract/passwords.ts', '@zxcvbn-ts/language-common'),
    refused: false,
  },
  { name: 'ui importing the app', probe: importIn('src/ui/Link.tsx', '../app/store'), refused: true },
  { name: 'ui importing a feature', probe: importIn('src/ui/Link.tsx', '../features/deposit/OpenOrder'), refused: true },
  { name: 'ui importing the contract', probe: importIn('src/ui/Link.tsx', '../../contract/money'), refused: false },
  { name: 'a sandbox importing the domain', probe: importIn('server/sandbox/index.ts', '../domain/errors'), refused: true },
  { name: 'a sandbox importing the configuration', probe: importIn('server/sandbox/index.ts', '../config'), refused: false },
  { name: 'a machine importing the api', probe: importIn('machines/session.machine.ts', '../src/api/baseApi'), refused: true },
  { name: 'a machine importing the web kit', probe: importIn('machines/session.machine.ts', '../web/api/idempotency'), refused: true },
  { name: 'a machine importing Node', probe: importIn('machines/session.machine.ts', 'node:fs'), refused: true },
  { name: 'a machine importing React', probe: importIn('machines/session.machine.ts', 'react'), refused: true },
  { name: 'a machine importing the contract', probe: importIn('machines/session.machine.ts', '../contract/errors'), refused: false },
  { name: 'a machine importing xstate', probe: importIn('machines/session.machine.ts', 'xstate'), refused: false },
  { name: 'browser code importing Node', probe: importIn('src/ui/Link.tsx', 'node:path'), refused: true },
  { name: 'the web kit importing Node', probe: importIn('web/api/baseQuery.ts', 'node:path'), refused: true },
  {
    name: 'a route importing a file inside a capability',
    probe: importIn('server/routes/admin/players.ts', '../../domain/players/operatorViews'),
    refused: true,
  },
  { name: 'a route importing a capability', probe: importIn('server/routes/admin/players.ts', '../../domain/players'), refused: false },
  {
    name: 'a plugin importing a file inside a capability',
    probe: importIn('server/plugins/session.ts', '../domain/players/sessions'),
    refused: true,
  },
  {
    name: 'the reconciler importing a file inside a capability',
    probe: importIn('server/domain/reconciler.ts', './deposits/payments'),
    refused: true,
  },
  {
    name: 'a route importing a shared domain file',
    probe: importIn('server/routes/admin/players.ts', '../../domain/errors'),
    refused: false,
  },
  {
    name: 'a capability importing a file inside another',
    probe: importIn('server/domain/deposits/service.ts', '../players/sessions'),
    refused: true,
  },
  { name: 'a capability importing another', probe: importIn('server/domain/deposits/service.ts', '../players'), refused: false },
  { name: 'a capability importing its own files', probe: importIn('server/domain/deposits/service.ts', './repository'), refused: false },
  {
    name: 'a script importing a file inside a capability',
    probe: importIn('scripts/lifecycles.ts', '../server/domain/ledger/lifecycle'),
    refused: true,
  },
];

const layoutRules = new Set(['boundaries/dependencies', 'no-restricted-imports']);

describe('the linter keeps the layout', () => {
  const results = lintProbes(cases.map((c) => c.probe));

  it.each(cases.map((c, index) => [c.name, c.refused, index] as const))('%s: refused %s', (_name, refused, index) => {
    const layoutErrors = results[index].filter((message) => message.ruleId !== null && layoutRules.has(message.ruleId));
    const parseErrors = results[index].filter((message) => message.ruleId === null);
    expect(parseErrors).toEqual([]);
    expect(layoutErrors.length > 0).toBe(refused);
  });
});
