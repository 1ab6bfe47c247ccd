'use strict';
// THE ONE shared federation configuration used by the shell and every remote. Changing the list
// here changes it for every app at the next build, so host and remotes cannot drift apart.
const fs = require('node:fs');
const path = require('node:path');
const { antdComponentModules } = require('./split-imports.cjs');

/** Third-party packages (and subpath keys) that must exist once at run time. */
const THIRD_PARTY_SINGLETONS = [
  // Subpaths are separate share keys: without them a remote silently bundles its own reconciler.
  { key: 'react', pkg: 'react' },
  { key: 'react/jsx-runtime', pkg: 'react' },
  { key: 'react/jsx-dev-runtime', pkg: 'react' },
  { key: 'react-dom', pkg: 'react-dom' },
  { key: 'react-dom/client', pkg: 'react-dom' },
  // Only the names the apps use, from the production build (slim/react-router.mjs).
  { key: 'react-router', pkg: 'react-router', importFile: path.join(__dirname, 'slim', 'react-router.mjs') },
  // antd is shared per component (`antd/es/button`, …; split-imports.cjs rewrites `from 'antd'`), so a
  // page downloads only the components it uses. Every app lists every component, so the shell provides
  // all of them and every antd module runs in the shell's runtime: one ConfigProvider context.
  // @ant-design/icons is not shared: apps import single icons (a few hundred bytes each).
  ...antdComponentModules().map((key) => ({ key, pkg: 'antd', provideAlways: true })),
  // The icons' common base (IconBase, IconContext, the colour helpers): one copy from the shell, also
  // for the relative imports inside the icon modules (allowNodeModulesSuffixMatch).
  { key: '@ant-design/icons/es/components/AntdIcon', pkg: '@ant-design/icons', provideAlways: true, suffixMatch: true },
  { key: '@ant-design/icons/es/components/AntdIconLight', pkg: '@ant-design/icons', provideAlways: true, suffixMatch: true },
  { key: 'dayjs', pkg: 'dayjs' },
  { key: 'i18next', pkg: 'i18next' },
  { key: 'react-i18next', pkg: 'react-i18next' },
  { key: '@tanstack/react-query', pkg: '@tanstack/react-query' },
  { key: 'single-spa', pkg: 'single-spa' },
];

/** The project's own runtime packages: shared so host and remotes see one session, one i18n, one client. */
const PORTAL_SINGLETONS = [
  '@portal/http',
  '@portal/session',
  '@portal/validators',
  '@portal/channel',
  '@portal/providers',
  '@portal/library-ui',
  '@portal/upload',
];

/**
 * Subpath entries of the project's packages that are singletons of their own: a page downloads one only
 * when its code imports it. `@portal/library-ui/items` holds the library item pages and their kit (issue
 * 15), which the libraries without items (/part, /mat) never load.
 */
const PORTAL_SUBPATH_SINGLETONS = [{ key: '@portal/library-ui/items', pkg: '@portal/library-ui' }];

/**
 * Finds the installed package.json of `pkg` as seen from `fromDir`. Tries the `/package.json`
 * subpath first and falls back to walking up from the resolved entry, because some packages'
 * `exports` maps do not expose their package.json.
 */
function readInstalledPackageJson(pkg, fromDir) {
  const paths = [fromDir, __dirname];
  try {
    const file = require.resolve(`${pkg}/package.json`, { paths });
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    let dir = path.dirname(require.resolve(pkg, { paths }));
    while (dir !== path.dirname(dir)) {
      const candidate = path.join(dir, 'package.json');
      if (fs.existsSync(candidate)) {
        const json = JSON.parse(fs.readFileSync(candidate, 'utf8'));
        if (json.name === pkg) return json;
      }
      dir = path.dirname(dir);
    }
    throw new Error(`@portal/build-config: cannot find the installed package.json of "${pkg}"`);
  }
}

/** The ES module file of a subpath key (`antd/es/button` → …/node_modules/antd/es/button/index.js). */
function esModuleFile(key, pkg, fromDir) {
  const packageDir = path.dirname(require.resolve(`${pkg}/package.json`, { paths: [fromDir, __dirname] }));
  const base = path.join(packageDir, key.slice(pkg.length));
  for (const candidate of [`${base}.js`, path.join(base, 'index.js')]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`@portal/build-config: no ES module file for the shared key "${key}"`);
}

/**
 * The `shared` object for ModuleFederationPlugin. Every entry is a singleton pinned to exactly the
 * installed version with strictVersion, so a second copy fails loudly instead of loading silently.
 *
 * `consumeHostModules` (production builds of the remotes): the modules the shell always provides
 * (`provideAlways`: every antd component, the icons' base) are consumed only, `import: false`. In
 * production the shell is always there and registers first, so a remote's own copy was never used; it
 * only cost every remote's `remoteEntry.js` a provide table of ~70 keys × their chunk lists (issue 13:
 * ~12 KB gzipped per remote entry, on every page for mfe-auth's). Development builds keep providing
 * them, so a remote still runs alone on its dev server.
 */
function createSharedConfig(fromDir = process.cwd(), { consumeHostModules = false } = {}) {
  const shared = {};
  const entries = [...THIRD_PARTY_SINGLETONS, ...PORTAL_SINGLETONS.map((pkg) => ({ key: pkg, pkg })), ...PORTAL_SUBPATH_SINGLETONS];
  for (const { key, pkg, provideAlways = false, suffixMatch = false, importFile } of entries) {
    const { version } = readInstalledPackageJson(pkg, fromDir);
    shared[key] = {
      singleton: true,
      strictVersion: true,
      version,
      requiredVersion: version,
      // An absolute `import` makes every build provide the module even when that app does not use it,
      // so the shell provides all of them and no remote ever falls back to its own copy (which would
      // run in the remote's webpack runtime, outside the shell's antd contexts).
      ...(provideAlways ? { import: consumeHostModules ? false : esModuleFile(key, pkg, fromDir) } : {}),
      ...(importFile ? { import: importFile } : {}),
      ...(suffixMatch ? { allowNodeModulesSuffixMatch: true } : {}),
    };
  }
  return shared;
}

module.exports = {
  THIRD_PARTY_SINGLETONS,
  PORTAL_SINGLETONS,
  SINGLETON_KEYS: [...THIRD_PARTY_SINGLETONS.map((entry) => entry.key), ...PORTAL_SINGLETONS, ...PORTAL_SUBPATH_SINGLETONS.map((entry) => entry.key)],
  createSharedConfig,
  readInstalledPackageJson,
};
