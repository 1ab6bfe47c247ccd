#!/usr/bin/env node
// `npm run lint`: ESLint (eslint.config.mjs) over the whole repository. Prints ESLint's report; errors
// fail, warnings do not (docs/testing.md "Lint" lists the rules kept as warnings). One JUnit test case per
// area (workspace, scripts, root files), failing with that area's errors.
//
//   node scripts/lint.mjs [--junit reports/lint.xml] [--fix]
import path from 'node:path';
import { ESLint } from 'eslint';
import { groupByArea, writeJunit } from './junit.mjs';
import { repoRoot, sourceFiles } from './repo-files.mjs';

async function main() {
  const args = process.argv.slice(2);
  const junitIndex = args.indexOf('--junit');
  const junit = junitIndex >= 0 ? args[junitIndex + 1] : undefined;
  const fix = args.includes('--fix');
  const eslint = new ESLint({ cwd: repoRoot, fix, errorOnUnmatchedPattern: false });
  const results = await eslint.lintFiles(['.']);
  if (fix) await ESLint.outputFixes(results);
  const formatter = await eslint.loadFormatter('stylish');
  const report = await formatter.format(results);
  if (report) console.log(report);

  const errorsByFile = new Map(
    results
      .filter((result) => result.errorCount > 0)
      .map((result) => [
        path.relative(repoRoot, result.filePath).split(path.sep).join('/'),
        result.messages.filter((m) => m.severity === 2).map((m) => `${m.line}:${m.column} ${m.ruleId ?? 'parse'} ${m.message.split('\n')[0]}`),
      ]),
  );
  const linted = results.map((result) => path.relative(repoRoot, result.filePath).split(path.sep).join('/'));
  // Areas come from the files Prettier checks too, so an area whose files ESLint ignores still shows.
  const areas = groupByArea([...new Set([...linted, ...sourceFiles()])]);
  const cases = [...areas].map(([area, files]) => {
    const failures = files.filter((file) => errorsByFile.has(file)).flatMap((file) => errorsByFile.get(file).map((line) => `${file}:${line}`));
    return failures.length
      ? { name: `${area} passes ESLint`, failure: `${failures.length} error(s):\n${failures.join('\n')}` }
      : { name: `${area} passes ESLint` };
  });
  if (junit) writeJunit(junit, 'eslint', cases);
  const failed = cases.filter((c) => c.failure !== undefined).length;
  console.log(
    `eslint: ${results.length} files, ${results.reduce((n, r) => n + r.errorCount, 0)} errors, ${results.reduce((n, r) => n + r.warningCount, 0)} warnings`,
  );
  console.log(`${cases.length - failed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

await main();
