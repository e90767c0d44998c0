// Babel compiles the SPA for webpack and the ESM-only packages that jest must load as CommonJS.
module.exports = (api) => {
  const isTest = api.env('test');
  return {
    presets: [
      ['@babel/preset-env', isTest ? { targets: { node: 'current' } } : { bugfixes: true }],
      ['@babel/preset-react', { runtime: 'automatic' }],
      '@babel/preset-typescript',
    ],
    // ssr: class names from each file's path, alike in the browser's build and the server's renderer.
    plugins: [['babel-plugin-styled-components', { displayName: !isTest, ssr: true, pure: true }]],
  };
};
