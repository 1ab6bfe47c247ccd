// ESLint rule `portal/import-boundaries`: the import boundaries of the front end (docs/testing.md "Lint").
//
// - A feature (`<app>/src/features/<name>/`) reaches another feature only through its public surface:
//   the feature's `index.ts(x)` (what it exports) or a file of its `api/` folder (fetcher, query options,
//   hook). Its components, hooks, stores and helpers are internals.
// - A remote or the shell (`shell/`, `mfe-*/`) never imports another app (remotes talk through the
//   shell's federation, not through each other's sources).
// - A shared package (`packages/*`) never imports an app (shell or remote).
// - Nothing imports the internals of a shared package by relative path (`../../packages/http/src/x`):
//   packages are used by their name (`@portal/http`), which is their public surface.
//
// Relative imports are resolved against the importing file; package names are mapped through
// WORKSPACE_PACKAGES (the `@portal/*` names of the apps).
import path from 'node:path';

const APP_DIR = /^(shell|mfe-[a-z0-9-]+)$/;

/** Where a repository path lies: { kind: 'app' | 'package' | 'other', name, rest } */
export function locate(repoPath) {
  const parts = repoPath.split('/');
  if (APP_DIR.test(parts[0])) return { kind: 'app', name: parts[0], rest: parts.slice(1) };
  if (parts[0] === 'packages' && parts.length > 1) return { kind: 'package', name: parts[1], rest: parts.slice(2) };
  return { kind: 'other', name: parts[0], rest: parts.slice(1) };
}

/** The feature a path of an app lies in: { name, rest } or undefined. */
export function featureOf(location) {
  if (location.kind !== 'app' || location.rest[0] !== 'src' || location.rest[1] !== 'features' || location.rest.length < 3) return undefined;
  return { name: location.rest[2], rest: location.rest.slice(3) };
}

const isPublicSurface = (rest) => rest.length === 0 || (rest.length === 1 && /^index(\.tsx?)?$/.test(rest[0])) || rest[0] === 'api';

/**
 * Why an import breaks a boundary, or undefined when it is allowed.
 * @param {string} fromPath repository-relative path of the importing file
 * @param {string} specifier what it imports
 * @param {Record<string, string>} appPackages package name → app folder, e.g. '@portal/shell' → 'shell'
 */
export function violation(fromPath, specifier, appPackages) {
  const from = locate(fromPath);
  let target;
  if (specifier.startsWith('.')) {
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(fromPath), specifier));
    if (resolved.startsWith('..')) return undefined;
    target = locate(resolved);
  } else {
    const name = specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');
    if (!(name in appPackages)) return undefined;
    target = { kind: 'app', name: appPackages[name], rest: [] };
  }
  if (from.kind === 'other') return undefined;
  if (target.kind === 'app' && !(from.kind === 'app' && from.name === target.name)) {
    return from.kind === 'package'
      ? `a shared package does not import an app (${target.name})`
      : `an app does not import another app (${from.name} → ${target.name}); go through the shell's federation`;
  }
  if (target.kind === 'package' && specifier.startsWith('.') && !(from.kind === 'package' && from.name === target.name)) {
    return `import the shared package by its name (@portal/${target.name}), not by a path into its sources`;
  }
  const fromFeature = featureOf(from);
  const targetFeature = featureOf(target);
  if (targetFeature && fromFeature && fromFeature.name !== targetFeature.name && from.name === target.name && !isPublicSurface(targetFeature.rest)) {
    return `feature ${fromFeature.name} reaches into feature ${targetFeature.name}'s internals (${targetFeature.rest.join('/')}); import what its index.ts or api/ exports`;
  }
  return undefined;
}

/** @param {{ repoRoot: string, appPackages: Record<string, string> }} options */
export function importBoundariesRule({ repoRoot, appPackages }) {
  return {
    meta: {
      type: 'problem',
      docs: { description: 'Features use each other only through index.ts / api/; apps never import each other; packages never import apps' },
      schema: [],
    },
    create(context) {
      const fromPath = path.relative(repoRoot, context.filename).split(path.sep).join('/');
      const check = (node) => {
        if (!node.source || typeof node.source.value !== 'string') return;
        const message = violation(fromPath, node.source.value, appPackages);
        if (message) context.report({ node: node.source, message });
      };
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}
