import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

// The taxonomy files are project data that three backends embed; data/categories/validate.py is their
// schema (unique codes, code pattern, bilingual names, known match keys). Broken data fails the tests.
const repoRoot = path.resolve(__dirname, '..');

describe('category taxonomies', () => {
  it('pass data/categories/validate.py', () => {
    const run = spawnSync('python3', [path.join(repoRoot, 'data', 'categories', 'validate.py')], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(run.error).toBeUndefined();
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(run.stdout).toMatch(/part/);
  });
});
