// Writes a JUnit XML report (what scripts/junit-summary.py counts) for the checks that are not a test
// runner of their own: generated API types, ESLint, Prettier.
import fs from 'node:fs';
import path from 'node:path';

const escapeXml = (text) => String(text).replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]);

/**
 * @param {string} file where to write the report
 * @param {string} suite the suite's name
 * @param {{ name: string, failure?: string, skipped?: string }[]} cases one per check; `failure` holds the message of
 *   a failed one, `skipped` why one could not run (a reader that is not installed: not a pass)
 */
export function writeJunit(file, suite, cases) {
  const failures = cases.filter((c) => c.failure !== undefined).length;
  const skipped = cases.filter((c) => c.failure === undefined && c.skipped !== undefined).length;
  const body = cases
    .map((c) =>
      c.failure !== undefined
        ? `    <testcase classname="${escapeXml(suite)}" name="${escapeXml(c.name)}">\n      <failure message="${escapeXml(c.failure.split('\n')[0])}">${escapeXml(c.failure)}</failure>\n    </testcase>`
        : c.skipped !== undefined
          ? `    <testcase classname="${escapeXml(suite)}" name="${escapeXml(c.name)}">\n      <skipped message="${escapeXml(c.skipped)}"/>\n    </testcase>`
          : `    <testcase classname="${escapeXml(suite)}" name="${escapeXml(c.name)}"/>`,
    )
    .join('\n');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n  <testsuite name="${escapeXml(suite)}" tests="${cases.length}" failures="${failures}" skipped="${skipped}">\n${body}\n  </testsuite>\n</testsuites>\n`,
  );
}

/** The area a repository path is reported under: a workspace (`shell`, `packages/http`, `e2e`), `scripts`, or `(root)`. */
export function areaOf(repoPath) {
  const parts = repoPath.split('/');
  if (parts.length === 1) return '(root)';
  if (parts[0] === 'packages' && parts.length > 2) return `packages/${parts[1]}`;
  return parts[0];
}

/** Every area of the repository's front-end tooling, so a report lists an area even when it is clean. */
export function groupByArea(repoPaths) {
  const groups = new Map();
  for (const repoPath of repoPaths) {
    const area = areaOf(repoPath);
    if (!groups.has(area)) groups.set(area, []);
    groups.get(area).push(repoPath);
  }
  return new Map([...groups].sort(([a], [b]) => a.localeCompare(b)));
}
