const { createAppConfig, DEV_PORTS } = require('@portal/build-config');
const { serveAssetsUnderPrefix } = require('@portal/library-ui/dev-server.cjs');

// The components library as a single-spa application: `./app` exposes its lifecycles.
module.exports = createAppConfig({
  dirname: __dirname,
  name: 'mfe_component',
  port: DEV_PORTS.mfe_component,
  exposes: { './app': './src/app/app.tsx' },
  devServer: { setupMiddlewares: serveAssetsUnderPrefix('/component') },
});
