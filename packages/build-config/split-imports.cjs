'use strict';
// Per-component imports of antd and per-icon imports of @ant-design/icons (issue 13).
//
// The apps write `import { Button, Table } from 'antd'` and `import { SearchOutlined } from
// '@ant-design/icons'`. Shared whole, antd is one 415 KB (gzip) federation module and the icon index
// 182 KB, downloaded before any page shows. This webpack loader (it runs on the apps' own code after
// swc, so TypeScript-only imports are already gone) rewrites those imports to one import per component
// (`antd/es/button`, each its own shared singleton, see shared.cjs) and per icon
// (`@ant-design/icons/es/icons/SearchOutlined`, not shared: an icon is a few hundred bytes). A page then
// downloads only the antd components its chunks use, still from the one shared antd instance.
const fs = require('node:fs');
const path = require('node:path');

let antdMapCache;
let reactRouterNames;

/** The names the shared, trimmed react-router exports (slim/react-router.mjs). */
function slimReactRouterNames() {
  if (reactRouterNames) return reactRouterNames;
  const text = fs.readFileSync(path.join(__dirname, 'slim', 'react-router.mjs'), 'utf8');
  const clause = /export\s*\{([^}]*)\}/.exec(text);
  reactRouterNames = new Set(
    clause
      ? clause[1]
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
      : [],
  );
  return reactRouterNames;
}

/** antd's named exports → the module under antd/es that default-exports them, read from antd/es/index.js. */
function antdComponentMap() {
  if (antdMapCache) return antdMapCache;
  const indexFile = path.join(path.dirname(require.resolve('antd/package.json', { paths: [__dirname] })), 'es', 'index.js');
  const text = fs.readFileSync(indexFile, 'utf8');
  const map = new Map();
  for (const match of text.matchAll(/export\s*\{\s*default as (\w+)\s*\}\s*from\s*'\.\/([\w-]+)'/g)) {
    map.set(match[1], `antd/es/${match[2]}`);
  }
  if (map.size < 40) throw new Error(`@portal/build-config: could not read antd's exports from ${indexFile}`);
  antdMapCache = map;
  return map;
}

/** The antd component modules (`antd/es/button`, …): each a shared singleton key. */
function antdComponentModules() {
  return [...new Set(antdComponentMap().values())].sort();
}

const ICON_NAME = /^\w+(Outlined|Filled|TwoTone)$/;

/** Parses `A, B as C` of an import or export clause; undefined when it holds anything else. */
function parseSpecifiers(clause) {
  const specifiers = [];
  for (const part of clause
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const match = /^(\w+)(?:\s+as\s+(\w+))?$/.exec(part);
    if (!match) return undefined;
    specifiers.push({ imported: match[1], local: match[2] ?? match[1] });
  }
  return specifiers;
}

/** Where one named import of `source` lives, or undefined when it is not split (left as it was). */
function targetOf(source, name) {
  if (source === 'antd') return antdComponentMap().get(name);
  if (source === '@ant-design/icons' && ICON_NAME.test(name)) return `@ant-design/icons/es/icons/${name}`;
  return undefined;
}

const STATEMENT = /\b(import|export)\s*\{([^}]*)\}\s*from\s*(['"])(antd|@ant-design\/icons|react-router)\3;?/g;

/** Rewrites the named imports/re-exports of antd and @ant-design/icons in one module's code. */
function splitImports(code, where = 'module') {
  if (/\bimport\s*(\*|\w+\s*,)[^;]*from\s*['"](antd|react-router)['"]/.test(code)) {
    throw new Error(`${where}: import named exports of antd and react-router, never the namespace or default`);
  }
  return code.replace(STATEMENT, (statement, keyword, clause, _quote, source) => {
    const specifiers = parseSpecifiers(clause);
    if (!specifiers) return statement;
    if (source === 'react-router') {
      const missing = specifiers.filter(({ imported }) => !slimReactRouterNames().has(imported));
      if (missing.length > 0) {
        throw new Error(
          `${where}: ${missing.map((s) => s.imported).join(', ')} from 'react-router' is not in the shared react-router; add it to packages/build-config/slim/react-router.mjs`,
        );
      }
      return statement;
    }
    const kept = [];
    const lines = [];
    for (const { imported, local } of specifiers) {
      const target = targetOf(source, imported);
      if (!target) {
        kept.push(imported === local ? imported : `${imported} as ${local}`);
        continue;
      }
      lines.push(keyword === 'import' ? `import ${local} from '${target}';` : `export { default as ${local} } from '${target}';`);
    }
    if (kept.length > 0) {
      if (source === 'antd') {
        // Anything but a component (or `theme`/`version`) would pull in antd's index, i.e. all of antd.
        throw new Error(`${where}: '${kept.join(', ')}' from 'antd' is not a component export; import it from its antd/es module`);
      }
      lines.push(`${keyword} { ${kept.join(', ')} } from '${source}';`);
    }
    return lines.join('\n');
  });
}

/** The webpack loader. */
function loader(code, map) {
  this.callback(null, splitImports(code, this.resourcePath), map);
}

module.exports = loader;
module.exports.splitImports = splitImports;
module.exports.antdComponentMap = antdComponentMap;
module.exports.antdComponentModules = antdComponentModules;
module.exports.slimReactRouterNames = slimReactRouterNames;
