import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';

// The build rewrites `from 'antd'` to one shared module per component and icons to single files
// (packages/build-config/split-imports.cjs, issue 13). These checks fail before a build would.

const repoRoot = path.resolve(__dirname, '..');
const requireFromRoot = createRequire(path.join(repoRoot, 'package.json'));
const { splitImports, antdComponentMap, slimReactRouterNames } = requireFromRoot('./packages/build-config/split-imports.cjs') as {
  splitImports: (code: string, where?: string) => string;
  antdComponentMap: () => Map<string, string>;
  slimReactRouterNames: () => Set<string>;
};
const { createSharedConfig } = requireFromRoot('./packages/build-config/shared.cjs') as {
  createSharedConfig: (fromDir: string, options?: { consumeHostModules?: boolean }) => Record<string, { import?: string | false; singleton: boolean }>;
};

/** Value (not type) names each app source imports from `source`. */
function importedNames(source: string): Set<string> {
  const files = execFileSync('git', ['ls-files', 'shell/src', 'mfe-*/src', 'packages/*/src'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && fs.existsSync(path.join(repoRoot, file)));
  const names = new Set<string>();
  const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${source.replace('/', '\\/')}'`, 'g');
  for (const file of files) {
    const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
    for (const match of text.matchAll(pattern)) {
      if (match[1]) continue;
      for (const part of match[2]
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)) {
        if (!part.startsWith('type ')) names.add(part.split(/\s+as\s+/)[0]);
      }
    }
  }
  return names;
}

describe('split imports (antd per component, icons per file)', () => {
  it('rewrites named antd and icon imports into one import per module', () => {
    const code = `import { Button, Typography as T } from "antd";\nimport { SearchOutlined } from '@ant-design/icons';\nexport { Card } from 'antd';`;
    expect(splitImports(code)).toBe(
      [
        "import Button from 'antd/es/button';",
        "import T from 'antd/es/typography';",
        "import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';",
        "export { default as Card } from 'antd/es/card';",
      ].join('\n'),
    );
  });

  it('keeps other icon exports on the package and leaves other modules alone', () => {
    expect(splitImports(`import { createFromIconfontCN } from '@ant-design/icons';`)).toBe(`import { createFromIconfontCN } from '@ant-design/icons';`);
    expect(splitImports(`import { useState } from 'react';`)).toBe(`import { useState } from 'react';`);
  });

  it('refuses what would load all of antd or a react-router name the shared module lacks', () => {
    expect(() => splitImports(`import { notAComponent } from 'antd';`)).toThrow(/not a component export/);
    expect(() => splitImports(`import * as antd from 'antd';`)).toThrow(/never the namespace/);
    expect(() => splitImports(`import { createBrowserRouter } from 'react-router';`)).toThrow(/slim\/react-router\.mjs/);
    expect(splitImports(`import { Link } from 'react-router';`)).toBe(`import { Link } from 'react-router';`);
  });

  it('covers every antd component and react-router name the apps import', () => {
    const antd = antdComponentMap();
    expect([...importedNames('antd')].filter((name) => !antd.has(name))).toEqual([]);
    const router = slimReactRouterNames();
    expect([...importedNames('react-router')].filter((name) => !router.has(name))).toEqual([]);
  });

  it('shares every antd component from a file every app provides, the trimmed react-router as react-router', () => {
    const shared = createSharedConfig(path.join(repoRoot, 'shell'));
    const components = Object.keys(shared).filter((key) => key.startsWith('antd/es/'));
    expect(components).toEqual(expect.arrayContaining(['antd/es/button', 'antd/es/config-provider', 'antd/es/table']));
    for (const key of components) {
      expect(shared[key].singleton).toBe(true);
      expect(fs.existsSync(String(shared[key].import ?? ''))).toBe(true);
    }
    expect(shared.antd).toBeUndefined();
    expect(shared['react-router'].import).toMatch(/slim[\\/]react-router\.mjs$/);
  });

  it('lets a production remote consume what the shell always provides, and nothing else (issue 13)', () => {
    const provided = createSharedConfig(path.join(repoRoot, 'mfe-component'));
    const consumed = createSharedConfig(path.join(repoRoot, 'mfe-component'), { consumeHostModules: true });
    expect(Object.keys(consumed)).toEqual(Object.keys(provided));
    for (const key of ['antd/es/button', 'antd/es/table', '@ant-design/icons/es/components/AntdIcon']) {
      expect(consumed[key].import).toBe(false);
      expect(consumed[key].singleton).toBe(true);
    }
    // What the shell may not load (the library kit) or loads from its own build stays provided by the remote.
    expect(consumed['@portal/library-ui/items'].import).toBeUndefined();
    expect(consumed['react-router'].import).toBe(provided['react-router'].import);
    expect(consumed.react.import).toBeUndefined();
  });
});
