import type { Config } from 'jest';

// SWC strips the types and writes CommonJS without type checking (npm run typecheck does that),
// hoisting jest.mock as babel-jest would; babel-jest turns the ESM-only packages into CommonJS.
const transform: Config['transform'] = {
  '^.+\\.tsx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        target: 'es2022',
        transform: { react: { runtime: 'automatic' } },
      },
      module: { type: 'commonjs' },
    },
  ],
  '^.+\\.m?js$': 'babel-jest',
};
// ESM-only packages jest cannot require on Node 20: babel-jest compiles them to CommonJS.
// ESM-only packages (otplib's @scure/base and @noble/hashes among them) go through babel too.
const transformIgnorePatterns = ['/node_modules/(?!(wouter|regexparam|cookie|content-disposition|typebox|@scure|@noble)/)'];
const moduleNameMapper = {
  '\\.(png|svg|jpe?g|webp|woff2?)$': '<rootDir>/__tests__/support/fileStub.js',
  // jsdom lacks what the real agent needs; the browser suite runs the real one in Chromium.
  '^@fingerprintjs/fingerprintjs$': '<rootDir>/__tests__/support/fakeFingerprintjs.ts',
};

const config: Config = {
  maxWorkers: 2,
  projects: [
    {
      // The layout rules of eslint.config.mjs, proven to refuse what they should.
      displayName: 'tooling',
      testEnvironment: 'node',
      roots: ['<rootDir>/__tests__/tooling'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'machines',
      testEnvironment: 'node',
      roots: ['<rootDir>/__tests__/machines'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'contract',
      testEnvironment: 'node',
      roots: ['<rootDir>/__tests__/contract'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'web',
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/__tests__/web'],
      setupFiles: ['<rootDir>/__tests__/support/jsdomWindow.ts'],
      setupFilesAfterEnv: ['<rootDir>/__tests__/support/webSetup.ts'],
      transform,
      transformIgnorePatterns,
      moduleNameMapper,
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/__tests__/server'],
      transform,
      transformIgnorePatterns,
      globalSetup: '<rootDir>/__tests__/support/globalSetup.mjs',
      globalTeardown: '<rootDir>/__tests__/support/globalTeardown.mjs',
      setupFilesAfterEnv: ['<rootDir>/__tests__/support/serverSetup.ts'],
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/__tests__/e2e'],
      transform,
      transformIgnorePatterns,
      globalSetup: '<rootDir>/__tests__/support/e2eGlobalSetup.mjs',
      globalTeardown: '<rootDir>/__tests__/support/globalTeardown.mjs',
      setupFilesAfterEnv: ['<rootDir>/__tests__/support/e2eSetup.ts'],
    },
  ],
};

export default config;
