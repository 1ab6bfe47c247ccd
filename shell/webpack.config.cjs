const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createAppConfig, createWorkerConfig, devRemoteMap, DEV_PORTS } = require('@portal/build-config');

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

const occtDist = path.dirname(require.resolve('occt-import-js/dist/occt-import-js.js'));

/**
 * The sandbox: workers served under /sandbox/ with a policy that allows what the pages' forbids (eval, for
 * OpenCascade's STEP reader; docs/shape-search.md, "STEP"). occt-import-js (LGPL-2.1) is copied unmodified with its
 * licences, loaded by the worker at run time, never bundled.
 */
const createSandboxConfig = createWorkerConfig({
  dirname: __dirname,
  entries: {
    'step-tessellation': require.resolve('@portal/library-ui/src/features/shape-search/step/step-tessellation.worker.ts'),
  },
  copies: Object.fromEntries(
    ['occt-import-js.js', 'occt-import-js.wasm', 'license.occt-import-js.txt', 'license.occt.txt'].map((name) => [
      `occt-import-js/${name}`,
      path.join(occtDist, name),
    ]),
  ),
});

function createShellConfig(env, argv) {
  const config = createConfig(env, argv);
  // Named so that the sandbox compiler can run after it (`dependencies`).
  config.name = 'shell';
  // The sandbox compiler writes dist/sandbox/ after this one; a rebuild of the shell leaves it there.
  config.output.clean = { keep: /^sandbox[\\/]/ };
  config.plugins.push(new EmitPortalConfigPlugin());
  // The agreement pages the login form links to (spec §2: /user-service.html, /user-private.html).
  for (const page of ['user-service.html', 'user-private.html']) {
    config.plugins.push(new HtmlWebpackPlugin({ template: path.join(__dirname, 'public', page), filename: page, inject: false }));
  }
  return config;
}

module.exports = [createShellConfig, createSandboxConfig];
