import path from 'node:path';
import zlib from 'node:zlib';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';

const root = __dirname;

/**
 * Writes a .br and a .gz beside every text asset, which the server sends to browsers that accept
 * them (@fastify/static preCompressed): compressed once at build time instead of on every request.
 */
class PrecompressPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const [name, asset] of Object.entries(assets)) {
            if (!/\.(js|css|html|json|svg|txt)$/.test(name) || asset.size() < 1024) continue;
            const source = asset.buffer();
            compilation.emitAsset(`${name}.gz`, new webpack.sources.RawSource(zlib.gzipSync(source, { level: 9 })));
            compilation.emitAsset(
              `${name}.br`,
              new webpack.sources.RawSource(zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })),
            );
          }
        },
      );
    });
  }
}

type Mode = 'production' | 'development';

/** moment ships ~130 locales; the site speaks lo, zh-cn, vi and th only. */
const siteMomentLocales = () => new webpack.ContextReplacementPlugin(/moment[/\\]locale$/, /^\.\/(lo|zh-cn|vi|th)$/);

/** What both builds share: output naming, loaders, source maps, precompression. */
function baseConfig(mode: Mode, clean: boolean): webpack.Configuration {
  return {
    mode,
    context: root,
    output: {
      path: path.join(root, 'dist'),
      publicPath: '/',
      filename: mode === 'production' ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      chunkFilename: mode === 'production' ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean,
    },
    // No eval-based source maps: the CSP (script-src 'self') refuses eval in development too.
    devtool: mode === 'production' ? false : 'cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        { test: /\.[jt]sx?$/, exclude: /node_modules/, use: 'babel-loader' },
        { test: /\.(png|svg|jpe?g|webp|woff2?)$/, type: 'asset/resource' },
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** The players' site. Every route is its own chunk (React.lazy in src/app/routes.tsx). */
export function webpackConfig(mode: Mode = 'production'): webpack.Configuration {
  const base = baseConfig(mode, true);
  return {
    ...base,
    entry: { main: './src/main.tsx' },
    plugins: [
      siteMomentLocales(),
      new HtmlWebpackPlugin({ template: 'public/index.html', inject: 'body', scriptLoading: 'defer', chunks: ['main'] }),
      new CopyWebpackPlugin({
        patterns: [{ from: 'public', to: '.', globOptions: { ignore: ['**/index.html', '**/admin.html'] } }],
      }),
      ...(mode === 'production' ? [new PrecompressPlugin()] : []),
    ],
  };
}

/**
 * The operators' console, a compilation of its own into the same dist/ after the site's: sharing
 * one would give the players' chunks every export the console uses of a shared library (TypeBox's
 * grew by 40 KB so), and its chunks never reach a player's page.
 */
export function consoleWebpackConfig(mode: Mode = 'production'): webpack.Configuration {
  const base = baseConfig(mode, false);
  return {
    ...base,
    entry: { admin: './console/main.tsx' },
    // Its own file names, so nothing it writes can take a name of the site's.
    output: {
      ...base.output,
      filename: mode === 'production' ? 'js/admin/[name].[contenthash:10].js' : 'js/admin/[name].js',
      chunkFilename: mode === 'production' ? 'js/admin/[name].[contenthash:10].js' : 'js/admin/[name].js',
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/admin.html', filename: 'admin.html', inject: 'body', scriptLoading: 'defer' }),
      ...(mode === 'production' ? [new PrecompressPlugin()] : []),
    ],
  };
}

/**
 * The site's renderer for the server (dist/server/render.js): the same sources and babel config as
 * the site, so styled-components names its classes alike on both sides, compiled for Node in one
 * file with its packages inside (none of it reaches a browser). Pictures keep the site's URLs and
 * are not written again.
 */
export function rendererWebpackConfig(mode: Mode = 'production'): webpack.Configuration {
  const base = baseConfig(mode, false);
  return {
    ...base,
    target: 'node',
    entry: { render: './src/app/renderPage.tsx' },
    output: {
      ...base.output,
      path: path.join(root, 'dist', 'server'),
      filename: '[name].js',
      chunkFilename: '[name].js',
      library: { type: 'commonjs2' },
    },
    module: {
      rules: [
        { test: /\.[jt]sx?$/, exclude: /node_modules/, use: 'babel-loader' },
        { test: /\.(png|svg|jpe?g|webp|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    // Read once at start by the server: minifying it would only cost build time.
    optimization: { minimize: false },
    plugins: [
      siteMomentLocales(),
      // The routes' lazy pages are at hand at once on the server.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
  };
}

export default [webpackConfig, consoleWebpackConfig, rendererWebpackConfig].map((config) =>
  config(process.env.NODE_ENV === 'development' ? 'development' : 'production'),
);
