import { RuleTester } from 'eslint';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { importBoundariesRule, violation } from './eslint/import-boundaries.mjs';

const appPackages = { '@portal/shell': 'shell', '@portal/mfe-part': 'mfe-part', '@portal/mfe-auth': 'mfe-auth' };

describe('import boundaries', () => {
  it.each([
    ['shell/src/features/header/components/portal-header.tsx', '../../search', 'a feature index'],
    ['shell/src/features/home-search/api/home-search.ts', '../../brand-entry/api/category-options', 'another feature’s api/'],
    ['shell/src/features/feedback/components/feedback-dialog.tsx', '../hooks/use-x', 'its own internals'],
    ['shell/src/app/router.tsx', '../features/my-center/components/my-files-page', 'the app composing features'],
    ['mfe-part/src/app/app.tsx', '@portal/http', 'a shared package by name'],
    ['packages/upload/src/upload.test.ts', '@portal/http/testing', 'a package’s declared export'],
    ['packages/http/src/client.test.ts', './testServer', 'a package’s own files'],
  ])('%s may import %s (%s)', (from, specifier) => {
    expect(violation(from, specifier, appPackages)).toBeUndefined();
  });

  it.each([
    ['shell/src/features/header/components/portal-header.tsx', '../../search/components/brand-search', /internals/],
    ['mfe-auth/src/features/profile/components/card.tsx', '../../auth/hooks/use-sign-in-outcome', /internals/],
    ['mfe-part/src/app/app.tsx', '../../../mfe-component/src/app/app', /another app/],
    ['mfe-part/src/app/app.tsx', '@portal/mfe-auth', /another app/],
    ['shell/src/app/app.tsx', '@portal/mfe-part/src/x', /another app/],
    ['packages/providers/src/x.ts', '../../../shell/src/app/config/portal-config', /shared package does not import an app/],
    ['packages/providers/src/x.ts', '@portal/shell', /shared package does not import an app/],
    ['shell/src/features/errors/error-handler.test.ts', '../../../../packages/http/src/testServer', /by its name/],
  ])('%s may not import %s', (from, specifier, message) => {
    expect(violation(from, specifier, appPackages)).toMatch(message);
  });
});

// The rule as ESLint runs it: import, re-export and dynamic import are all checked.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
const repoRoot = '/repo';
new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('portal/import-boundaries', importBoundariesRule({ repoRoot, appPackages }), {
  valid: [{ code: "import { useToast } from '../../overlays';", filename: path.join(repoRoot, 'shell/src/features/search/components/brand-search.tsx') }],
  invalid: [
    {
      code: "import { useToast } from '../../overlays/toast';",
      filename: path.join(repoRoot, 'shell/src/features/search/components/brand-search.tsx'),
      errors: 1,
    },
    { code: "export { x } from '@portal/mfe-part';", filename: path.join(repoRoot, 'mfe-auth/src/app/x.ts'), errors: 1 },
    { code: "const page = import('../../../shell/src/app/app');", filename: path.join(repoRoot, 'packages/providers/src/x.ts'), errors: 1 },
  ],
});
