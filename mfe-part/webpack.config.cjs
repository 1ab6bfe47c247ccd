const { createAppConfig, DEV_PORTS } = require('@portal/build-config');
const { serveAssetsUnderPrefix } = require('@portal/library-ui/dev-server.cjs');

// The parts library as a single-spa application: `./app` exposes its lifecycles.
module.exports = createAppConfig({
  dirname: __dirname,
  name: 'mfe_part',
  port: DEV_PORTS.mfe_part,
  exposes: { './app': './src/app/app.tsx' },
  devServer: { setupMiddlewares: serveAssetsUnderPrefix('/part') },
});
