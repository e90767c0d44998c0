import path from 'node:path';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';

const root = __dirname;

/** The SPA build. Every route is its own chunk (React.lazy in src/app/routes.tsx). */
export function webpackConfig(mode: 'production' | 'development' = 'production'): webpack.Configuration {
  return {
    mode,
    context: root,
    entry: { main: './src/main.tsx' },
    output: {
      path: path.join(root, 'dist'),
      publicPath: '/',
      filename: mode === 'production' ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      chunkFilename: mode === 'production' ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: mode === 'production' ? false : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        { test: /\.[jt]sx?$/, exclude: /node_modules/, use: 'babel-loader' },
        { test: /\.(png|svg|jpe?g|webp|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      // moment ships ~130 locales; the site speaks lo, zh-cn, vi and th only.
      new webpack.ContextReplacementPlugin(/moment[/\\]locale$/, /^\.\/(lo|zh-cn|vi|th)$/),
      new HtmlWebpackPlugin({ template: 'public/index.html', inject: 'body', scriptLoading: 'defer' }),
      new CopyWebpackPlugin({
        patterns: [{ from: 'public', to: '.', globOptions: { ignore: ['**/index.html'] } }],
      }),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

export default webpackConfig(process.env.NODE_ENV === 'development' ? 'development' : 'production');
