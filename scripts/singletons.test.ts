import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { createRequire } from 'node:module';

// Module Federation resolves a duplicated singleton silently at run time (one copy wins with only a
// console warning), so the install itself must hold exactly one version of each shared singleton.

const repoRoot = path.resolve(__dirname, '..');
const requireFromRoot = createRequire(path.join(repoRoot, 'package.json'));

interface NpmTreeNode {
  version?: string;
  dependencies?: Record<string, NpmTreeNode>;
}

function collectVersions(node: NpmTreeNode, found: Map<string, Set<string>>) {
  for (const [name, child] of Object.entries(node.dependencies ?? {})) {
    if (child.version) {
      const versions = found.get(name) ?? new Set<string>();
      versions.add(child.version);
      found.set(name, versions);
    }
    collectVersions(child, found);
  }
}

function externalSingletons(): string[] {
  const { SINGLETON_KEYS } = requireFromRoot('@portal/build-config') as { SINGLETON_KEYS: string[] };
  // Subpath keys (react/jsx-runtime) belong to their package; workspace packages cannot be duplicated.
  const packages = new Set(
    SINGLETON_KEYS.filter((key) => !key.startsWith('@portal/')).map((key) => (key.startsWith('@') ? key.split('/').slice(0, 2).join('/') : key.split('/')[0])),
  );
  return [...packages].sort();
}

describe('shared singletons', () => {
  const singletons = externalSingletons();

  it('finds a second version nested anywhere in the tree', () => {
    const found = new Map<string, Set<string>>();
    collectVersions({ dependencies: { react: { version: '19.3.1' }, x: { version: '1.0.0', dependencies: { react: { version: '18.3.1' } } } } }, found);
    expect([...(found.get('react') ?? [])].sort()).toEqual(['18.3.1', '19.3.1']);
  });

  it('includes the frameworks every app shares', () => {
    expect(singletons).toEqual(expect.arrayContaining(['react', 'react-dom', 'react-router', 'antd', 'dayjs']));
  });

  it('are installed in exactly one version each', () => {
    const output = execFileSync('npm', ['ls', '--all', '--json', ...singletons], {
      cwd: repoRoot,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const found = new Map<string, Set<string>>();
    collectVersions(JSON.parse(output) as NpmTreeNode, found);
    const duplicated = singletons.map((name) => [name, [...(found.get(name) ?? [])]] as const).filter(([, versions]) => versions.length !== 1);
    expect(duplicated).toEqual([]);
  }, 60_000);
});
