const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createAppConfig, devRemoteMap, DEV_PORTS } = require('@portal/build-config');

/**
 * The dev server answers /remotes.json itself (in production `portal serve` does). Point
 * PORTAL_DEV_REMOTES at a JSON file to try another map, e.g. a remote on a dead port.
 */
function serveDevRemoteMap(middlewares, devServer) {
  devServer.app.get('/remotes.json', (_request, response) => {
    const overrideFile = process.env.PORTAL_DEV_REMOTES;
    const map = overrideFile ? JSON.parse(fs.readFileSync(overrideFile, 'utf8')) : devRemoteMap();
    response.set('Cache-Control', 'no-store').json(map);
  });
  return middlewares;
}

const createConfig = createAppConfig({
  dirname: __dirname,
  name: 'shell',
  port: DEV_PORTS.shell,
  isHost: true,
  devServer: { setupMiddlewares: serveDevRemoteMap },
});

/**
 * Emits public/portal-config.json as is (no hash): the deploy-time settings the shell fetches at start
 * (docs/shell.md). A deployment replaces the file in dist/ without rebuilding.
 */
class EmitPortalConfigPlugin {
  apply(compiler) {
    const source = path.join(__dirname, 'public', 'portal-config.json');
    compiler.hooks.thisCompilation.tap('EmitPortalConfigPlugin', (compilation) => {
      compilation.fileDependencies.add(source);
      compilation.hooks.processAssets.tap({ name: 'EmitPortalConfigPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const text = fs.readFileSync(source, 'utf8');
        JSON.parse(text); // a broken file fails the build, not the site
        compilation.emitAsset('portal-config.json', new compiler.webpack.sources.RawSource(text));
      });
    });
  }
}

module.exports = (env, argv) => {
  const config = createConfig(env, argv);
  config.plugins.push(new EmitPortalConfigPlugin());
  // The agreement pages the login form links to (spec §2: /user-service.html, /user-private.html).
  for (const page of ['user-service.html', 'user-private.html']) {
    config.plugins.push(new HtmlWebpackPlugin({ template: path.join(__dirname, 'public', page), filename: page, inject: false }));
  }
  return config;
};
