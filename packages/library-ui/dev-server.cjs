'use strict';
// Development-only helper for the library remotes' webpack dev servers (CommonJS, loaded by
// mfe-*/webpack.config.cjs, never bundled).

/**
 * A remote opened standalone runs under its library prefix (/part, /component, /mat), and its
 * index.html references assets relative to the page. On a deep link such as /part/search the
 * browser therefore asks for /part/main.js; this serves such requests from the root, where the
 * dev server keeps the assets. Page requests (no file extension) still fall back to index.html.
 */
function serveAssetsUnderPrefix(routePrefix) {
  const assetUnderPrefix = new RegExp(`^${routePrefix}(/[^?#]*\\.[A-Za-z0-9]+)(?:[?#].*)?$`);
  return (middlewares) => {
    middlewares.unshift({
      name: 'library-assets-under-prefix',
      middleware: (request, _response, next) => {
        const match = assetUnderPrefix.exec(request.url);
        if (match) request.url = request.url.slice(routePrefix.length);
        next();
      },
    });
    return middlewares;
  };
}

module.exports = { serveAssetsUnderPrefix };
