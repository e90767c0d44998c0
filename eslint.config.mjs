// @ts-check
import { defineConfig } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The layers and the directions imports may take between them (docs/architecture.md).
 * __tests__/tooling/boundaries.test.ts proves each rule refuses.
 */
const elements = [
  { type: 'contract', pattern: 'contract' },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
  { type: 'ui', pattern: 'src/ui' },
  { type: 'api', pattern: 'src/api' },
  { type: 'i18n', pattern: 'src/i18n' },
  { type: 'app', pattern: 'src/app' },
  { type: 'devtools', pattern: 'src/devtools' },
  // The web kit: what the players' site and the operators' console both use in the browser (API plumbing, ui primitives).
  { type: 'web', pattern: 'web' },
  // The operators' console (its own webpack entry): it shares only the web kit and the contract with the players' site.
  { type: 'console', pattern: 'console' },
  // The rest of src/ (main.tsx and whatever comes next), so no site file escapes the rules by its place.
  { type: 'spa', pattern: 'src' },
  { type: 'machines', pattern: 'machines' },
  { type: 'sandbox', pattern: 'server/sandbox' },
  // A capability of the server (server/domain/<capability>/, with its index.ts); the loose files beside them are 'domain'.
  { type: 'capability', pattern: 'server/domain/*', capture: ['capability'] },
  { type: 'domain', pattern: 'server/domain' },
  { type: 'server', pattern: 'server' },
  { type: 'tools', pattern: ['scripts', 'bench', 'chaos', '__tests__'] },
];
const spa = ['feature', 'ui', 'api', 'i18n', 'app', 'devtools', 'spa'];
const serverSide = ['server', 'capability', 'domain', 'sandbox'];
/** Files of the listed layers; a package is never one, even when it ships a src/ folder (wouter does). */
const local = (types) => ({ to: { element: { types: { anyOf: types } }, module: { origin: 'local' } } });
/** Packages (and Node's built-ins) other than the listed ones (micromatch braces need two or more names). */
const packagesBut = (allowed) => ({
  to: { module: { origin: ['external', 'core'], source: allowed.length > 1 ? `!{${allowed.join(',')}}` : `!${allowed[0]}` } },
});

const dependencyPolicies = [
  {
    from: { element: { type: 'console' } },
    disallow: local(spa),
    message: 'The operators’ console shares only web/ and contract/ with the players’ site',
  },
  {
    from: { element: { type: 'web' } },
    disallow: local([...spa, 'console', 'machines', ...serverSide, 'tools']),
    message: 'web/ is the kit both the site and the console import: it imports neither of them, only contract/',
  },
  {
    from: { element: { types: { anyOf: spa } } },
    disallow: local(['console']),
    message: 'The players’ site never imports the operators’ console (console/): its bundles must not grow',
  },
  {
    from: { element: { types: { anyOf: [...spa, 'web'] } } },
    disallow: { to: { module: { origin: 'external', source: '@tanstack/react-table' } } },
    message: 'The review tables are the console’s: only console/ imports @tanstack/react-table',
  },
  {
    from: { element: { type: 'feature' } },
    disallow: { to: { element: { type: 'feature', captured: { feature: '!{{ from.captured.feature }}' } } } },
    message: 'A feature never imports another feature: move what both need to src/ui, src/api, web/ or contract/',
  },
  {
    from: { element: { types: { anyOf: serverSide } } },
    disallow: local([...spa, 'web', 'console', 'machines']),
    message: 'The server shares only contract/ with the site, the web kit, the console and the machines',
  },
  {
    from: { element: { type: 'contract' } },
    disallow: local([...spa, 'web', 'console', 'machines', ...serverSide, 'tools']),
    message: 'contract/ is pure: it imports nothing of the app',
  },
  {
    from: { element: { type: 'contract' } },
    // zxcvbn (password strength, contract/passwords.ts) is pure code and data.
    disallow: packagesBut(['typebox', 'yup', '@zxcvbn-ts/core', '@zxcvbn-ts/language-common']),
    message: 'contract/ runs in the browser and in Node alike: no React, DOM, i18n or Node packages (add a pure one here on purpose)',
  },
  {
    from: { element: { type: 'ui' } },
    disallow: local(['app', 'feature']),
    message: 'src/ui never imports the app or a feature',
  },
  {
    from: { element: { type: 'sandbox' } },
    disallow: local(['capability', 'domain']),
    message: 'The sandboxes stand for other companies: they never import the domain',
  },
  {
    from: { element: { type: 'machines' } },
    disallow: local([...spa, 'web', 'console', ...serverSide, 'tools']),
    message: 'Machines import only contract/ and xstate',
  },
  {
    from: { element: { type: 'machines' } },
    disallow: packagesBut(['xstate']),
    message: 'Machines import only contract/ and xstate: side effects come in from the React side',
  },
  {
    from: { element: { types: { anyOf: [...spa, 'web', 'console', 'contract', 'machines', 'server', 'domain', 'sandbox', 'tools'] } } },
    disallow: { to: { element: { type: 'capability', fileInternalPath: '!index.ts' } } },
    message: 'A capability of the server has one face: import server/domain/<capability> (its index.ts), never a file inside it',
  },
  {
    from: { element: { type: 'capability' } },
    disallow: {
      to: { element: { type: 'capability', captured: { capability: '!{{ from.captured.capability }}' }, fileInternalPath: '!index.ts' } },
    },
    message: 'A capability imports another only through its index.ts (server/domain/<capability>), never a file inside it',
  },
];

const layoutRules = {
  // checkAllOrigins: the rule also looks at packages and Node's built-ins (the contract's and the machines' lists).
  'boundaries/dependencies': ['error', { default: 'allow', checkAllOrigins: true, policies: dependencyPolicies }],
  'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
  'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
};

export default defineConfig(
  {
    ignores: [
      'dist/**',
      'data/**',
      'coverage/**',
      'artifacts/**',
      '.tsbuild/**',
      'node_modules/**',
      'public/**',
      'server/sandbox/**/*.js',
      'bench/results*',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.mjs', '*.js'] }, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Fastify plugins and route handlers are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['{src,console,web,contract}/**/*.{ts,tsx}', 'machines/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ regex: '^node:', message: 'Browser code has no Node built-ins' }] }],
    },
  },
  {
    // bench, chaos and scripts reach the server's capabilities too, through the same one face.
    files: [
      '{src,console,web,contract}/**/*.{ts,tsx}',
      'server/**/*.ts',
      'machines/**/*.ts',
      'bench/**/*.ts',
      'chaos/**/*.ts',
      'scripts/**/*.ts',
    ],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/legacy-templates': false,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: layoutRules,
  },
  {
    // A migration is a fixed record of the schema's history: it is never split after it ran.
    files: ['server/db/migrations/**'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    // Tests exercise whole flows in one describe: the size limits are for product code.
    files: ['__tests__/**', 'bench/**', 'chaos/**', 'scripts/**'],
    rules: { 'max-lines': 'off', 'max-lines-per-function': 'off' },
  },
  {
    // Tests read the wire's JSON as it comes (untyped on purpose: they check its shape, not trust it).
    files: ['__tests__/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  prettier,
);
