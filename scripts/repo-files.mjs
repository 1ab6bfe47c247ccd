// The repository's JavaScript/TypeScript files (tracked and new, not ignored), for the lint and
// format checks.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

export function sourceFiles() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8' });
  return listed.split('\n').filter((file) => SOURCE_FILE.test(file) && fs.existsSync(path.join(repoRoot, file)));
}
