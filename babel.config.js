// Babel compiles the SPA for webpack and the ESM-only packages that jest must load as CommonJS.
module.exports = (api) => {
  const isTest = api.env('test');
  return {
    presets: [
      ['@babel/preset-env', isTest ? { targets: { node: 'current' } } : { bugfixes: true }],
      ['@babel/preset-react', { runtime: 'automatic' }],
      '@babel/preset-typescript',
    ],
    plugins: [['babel-plugin-styled-components', { displayName: !isTest, ssr: false, pure: true }]],
  };
};
