'use strict';
// One webpack configuration factory for the shell and every remote (see docs/frontend-federation.md).
const path = require('node:path');
const fs = require('node:fs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createSharedConfig, SINGLETON_KEYS, PORTAL_SINGLETONS } = require('./shared.cjs');

/** Files worth precompressing; index.html is rendered per request by the portal, so not among them. */
const PRECOMPRESSED = /\.(?:[cm]?js|css|json|svg|txt|wasm)$/i;

function precompressionPlugins() {
  const common = { test: PRECOMPRESSED, threshold: 1024, minRatio: 0.9 };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
    }),
  ];
}

/** Development ports, fixed by contract. */
const DEV_PORTS = {
  shell: 3000,
  mfe_auth: 3001,
  mfe_part: 3002,
  mfe_component: 3003,
  mfe_mat: 3004,
};

/** The backend every dev server proxies API and health calls to (the all-in-one `portal serve`). */
const DEV_BACKEND = process.env.PORTAL_DEV_BACKEND || 'http://127.0.0.1:8080';

/** The remote map the shell's dev server answers at /remotes.json (production: `portal serve`). */
function devRemoteMap(host = '127.0.0.1') {
  const map = {};
  for (const [name, port] of Object.entries(DEV_PORTS)) {
    if (name !== 'shell') map[name] = `http://${host}:${port}/mf-manifest.json`;
  }
  return map;
}

function swcRule(isDevelopment) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    // Workspace packages are symlinked and resolve to packages/*/src, so they are compiled too;
    // third-party code in node_modules ships compiled JavaScript.
    exclude: /node_modules/,
    use: [
      // Runs after swc (loaders apply right to left): per-component antd, per-icon imports.
      { loader: require.resolve('./split-imports.cjs') },
      {
        loader: require.resolve('swc-loader'),
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            target: 'es2020',
            transform: {
              react: { runtime: 'automatic', development: isDevelopment, refresh: false },
            },
          },
          sourceMaps: isDevelopment,
        },
      },
    ],
  };
}

/**
 * Builds the complete webpack configuration of one app.
 * @param {object} options
 * @param {string} options.dirname   the app's directory (holds src/, public/, dist/)
 * @param {string} options.name      the federation name: 'shell', 'mfe_auth', 'mfe_part', …
 * @param {number} options.port      the dev-server port
 * @param {Record<string,string>} [options.exposes]  federation exposes of a remote
 * @param {boolean} [options.isHost] the shell: publicPath '/', no exposes, remotes registered at run time
 * @param {object} [options.devServer] extra dev-server options merged over the defaults
 */
function createAppConfig({ dirname, name, port, exposes = {}, isHost = false, devServer = {} }) {
  if (!dirname || !name || !port) {
    throw new Error('@portal/build-config: createAppConfig needs dirname, name and port');
  }
  // webpack calls the config with (env, argv); only argv is read.
  return (_env = {}, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const isDevelopment = mode === 'development';
    const template = path.join(dirname, 'public', 'index.html');
    const configFile = path.join(dirname, 'webpack.config.cjs');

    return {
      mode,
      context: dirname,
      entry: './src/index.ts',
      target: 'web',
      devtool: isDevelopment ? 'eval-cheap-module-source-map' : false,
      output: {
        path: path.join(dirname, 'dist'),
        // Remotes are served from wherever their manifest lives; the shell owns the site root.
        publicPath: isHost ? '/' : 'auto',
        filename: isDevelopment ? '[name].js' : '[name].[contenthash:8].js',
        chunkFilename: isDevelopment ? '[name].chunk.js' : '[name].[contenthash:8].chunk.js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        // Distinct per app so two webpack runtimes on one page never share a chunk-loading global.
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.mjs', '.js', '.jsx', '.json'],
        alias: {
          // The production build of react-router, behind the trimmed shared module (slim/react-router.mjs).
          'portal-react-router-production$': path.join(
            path.dirname(require.resolve('react-router/package.json', { paths: [dirname, __dirname] })),
            'dist',
            'production',
            'index.mjs',
          ),
        },
      },
      module: {
        rules: [
          swcRule(isDevelopment),
          // A feature's index.ts only re-exports its public surface (docs/testing.md "Lint"): flagged
          // side-effect free, webpack imports the re-exported modules directly, so a component that only a
          // lazy chunk uses stays in that chunk instead of following the index into the first load.
          { test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.tsx?$/, sideEffects: false },
          { test: /\.css$/i, use: [require.resolve('style-loader'), require.resolve('css-loader')] },
          { test: /\.(png|jpe?g|gif|webp|svg|ico|woff2?)$/i, type: 'asset/resource' },
        ],
      },
      cache: {
        type: 'filesystem',
        name: `${name}-${mode}`,
        cacheDirectory: path.join(dirname, 'node_modules', '.cache', 'webpack'),
        buildDependencies: {
          config: [__filename, path.join(__dirname, 'shared.cjs'), path.join(__dirname, 'split-imports.cjs')].concat(
            fs.existsSync(configFile) ? [configFile] : [],
          ),
        },
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: isHost ? {} : exposes,
          // No remotes at build time: the shell registers them at run time from /remotes.json.
          remotes: {},
          // Production remotes consume what the shell always provides (antd) instead of providing it again.
          shared: createSharedConfig(dirname, { consumeHostModules: !isHost && !isDevelopment }),
          manifest: true,
          // dts would run tsc for remotes and make the host fetch manifests at build time.
          dts: false,
          // The default strategy downloads every known remote's entry on every page.
          shareStrategy: 'loaded-first',
          // Production: the shell carries the federation runtime once and the remotes use it (their
          // remoteEntry.js shrinks by ~30 KB gzipped). Development keeps a runtime per app so every
          // remote can run alone on its dev server.
          ...(isDevelopment ? {} : { experiments: isHost ? { provideExternalRuntime: true } : { externalRuntime: true } }),
        }),
        new HtmlWebpackPlugin({
          template,
          // Remotes also get an index.html so each can run alone in development.
          publicPath: isHost ? '/' : 'auto',
          scriptLoading: 'defer',
        }),
        // Production: every script, style sheet and manifest also as .br and .gz beside it, compressed
        // once at the highest levels; `portal serve` answers with them when the browser accepts them
        // (backends/portal/src/site.rs), instead of gzip at level 1 per request (issue 13).
        ...(isDevelopment ? [] : precompressionPlugins()),
      ],
      optimization: {
        // Every antd component is its own shared module, i.e. its own async chunk group: with the
        // default 20 KB minimum, the internals they have in common were copied into each of them.
        splitChunks: { chunks: 'async', minSize: 2000, maxAsyncRequests: 50 },
        minimize: !isDevelopment,
        minimizer: [
          new MinimizerPlugin({
            test: /\.[cm]?js(\?.*)?$/i,
            minify: { implementation: MinimizerPlugin.swcMinify, options: {} },
          }),
        ],
      },
      performance: { hints: false },
      stats: isDevelopment ? 'minimal' : 'normal',
      devServer: {
        port,
        host: '127.0.0.1',
        allowedHosts: 'all',
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        // Remotes are fetched cross-origin by the shell's dev server page.
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
        proxy: [{ context: ['/to/api', '/health'], target: DEV_BACKEND, changeOrigin: true }],
        ...devServer,
      },
    };
  };
}

/**
 * Builds a dedicated worker that the shell hosts under `/sandbox/` (docs/shape-search.md, "STEP"): one script per
 * entry, no federation (a worker shares nothing with the pages), plus files copied beside it as they are (a
 * library the worker loads with importScripts, kept unmodified and replaceable). The portal serves `/sandbox/` with
 * a policy of its own; the build runs after the shell's (`dependencies`), whose clean keeps `sandbox/`.
 * @param {object} options
 * @param {string} options.dirname  the hosting app's directory (the shell's)
 * @param {Record<string,string>} options.entries  output name → worker source
 * @param {Record<string,string>} [options.copies]  output path under sandbox/ → source file
 */
function createWorkerConfig({ dirname, entries, copies = {} }) {
  return (_env = {}, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const isDevelopment = mode === 'development';
    return {
      name: 'sandbox',
      dependencies: ['shell'],
      mode,
      context: dirname,
      target: 'webworker',
      entry: entries,
      devtool: false,
      output: {
        path: path.join(dirname, 'dist', 'sandbox'),
        publicPath: '/sandbox/',
        filename: '[name].js',
        uniqueName: 'sandbox',
        clean: true,
      },
      resolve: { extensions: ['.ts', '.mjs', '.js', '.json'] },
      module: { rules: [swcRule(isDevelopment)] },
      plugins: [new CopyFilesPlugin(copies), ...(isDevelopment ? [] : precompressionPlugins())],
      optimization: {
        minimize: !isDevelopment,
        // Only the workers themselves: copied files stay byte for byte as their package ships them.
        minimizer: [
          new MinimizerPlugin({
            include: Object.keys(entries).map((name) => `${name}.js`),
            minify: { implementation: MinimizerPlugin.swcMinify, options: {} },
          }),
        ],
      },
      performance: { hints: false },
      stats: isDevelopment ? 'minimal' : 'normal',
    };
  };
}

/** Emits files as they are (`output path → source file`); a missing source fails the build. */
class CopyFilesPlugin {
  constructor(copies) {
    this.copies = copies;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CopyFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CopyFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const [target, source] of Object.entries(this.copies)) {
          compilation.fileDependencies.add(source);
          compilation.emitAsset(target, new sources.RawSource(fs.readFileSync(source)));
        }
      });
    });
  }
}

module.exports = {
  createAppConfig,
  createWorkerConfig,
  createSharedConfig,
  devRemoteMap,
  DEV_PORTS,
  SINGLETON_KEYS,
  PORTAL_SINGLETONS,
};
