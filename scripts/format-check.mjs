#!/usr/bin/env node
// `npm run format:check`: every JavaScript/TypeScript file of the repository is as Prettier writes it
// (.prettierrc.json). One JUnit test case per area (workspace, scripts, root files), failing with the
// files to format; `npm run format` rewrites them.
//
//   node scripts/format-check.mjs [--junit reports/format.xml]
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { groupByArea, writeJunit } from './junit.mjs';
import { repoRoot, sourceFiles } from './repo-files.mjs';

async function main() {
  const junitIndex = process.argv.indexOf('--junit');
  const junit = junitIndex > 0 ? process.argv[junitIndex + 1] : undefined;
  const ignorePath = path.join(repoRoot, '.prettierignore');
  const unformatted = [];
  const files = sourceFiles();
  for (const file of files) {
    const absolute = path.join(repoRoot, file);
    const info = await prettier.getFileInfo(absolute, { ignorePath });
    if (info.ignored) continue;
    const options = await prettier.resolveConfig(absolute);
    const source = fs.readFileSync(absolute, 'utf8');
    if (!(await prettier.check(source, { ...options, filepath: absolute }))) unformatted.push(file);
  }
  const cases = [...groupByArea(files)].map(([area, areaFiles]) => {
    const bad = areaFiles.filter((file) => unformatted.includes(file));
    return bad.length
      ? { name: `${area} is formatted`, failure: `${bad.length} file(s) not formatted (npm run format):\n${bad.join('\n')}` }
      : { name: `${area} is formatted` };
  });
  if (junit) writeJunit(junit, 'prettier', cases);
  for (const file of unformatted) console.log(`not formatted: ${file}`);
  const failed = cases.filter((c) => c.failure !== undefined).length;
  console.log(`prettier: ${files.length} files, ${unformatted.length} not formatted`);
  console.log(`${cases.length - failed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

await main();
