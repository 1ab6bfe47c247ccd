#!/usr/bin/env node
// First-load JavaScript budget of the library pages (issue 13).
//
// Loads each page in headless Chromium against a running portal (or starts the built `portal` binary
// on a fresh data directory), records every JavaScript response until the page has rendered and the
// network is quiet, and sums the gzip -9 size of their bodies: shell + the library remote + the
// shared modules they pull in. Fails (exit 1, and a <failure> per page in the JUnit report) when a
// page exceeds its ceiling (a ratchet at today's weight, see PAGES) or does not render; prints each
// page against the 250 KB target as well.
//
//   node scripts/bundle-budget.mjs                       # starts target/debug/portal on port 18090
//   node scripts/bundle-budget.mjs --base-url http://127.0.0.1:8080
//   node scripts/bundle-budget.mjs --junit reports/bundle-budget.xml --verbose
//   node scripts/bundle-budget.mjs --static   # serves the dist/ folders itself (no portal binary, no API)
//
// Environment: PORTAL_BIN (default target/debug/portal), BUNDLE_BUDGET_PORT (18090),
// BUNDLE_BUDGET_KB (the target, 250; 1 KB = 1000 bytes), CHROMIUM_PATH (/usr/bin/chromium).
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { repoRoot, startPortal } from './portal-harness.mjs';

const require = createRequire(path.join(repoRoot, 'e2e', 'package.json'));
const { chromium } = require('playwright-core');

/** The pages a first visit can land on, and what shows that the page is there. */
// `ceilingKb`: what each page weighs today plus 3 % — a ratchet that fails the test command when a
// change makes a page heavier. The aim is TARGET_KB (issue 13), not met yet: lower a ceiling whenever a
// change makes its page lighter, down to the target.
export const TARGET_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 250);
export const PAGES = [
  { path: '/', ready: '[data-testid="home-page"]', ceilingKb: 576 },
  { path: '/component', ready: '#library-root[data-library="component"] > *', ceilingKb: 629 },
  { path: '/component/search?keyWords=LM358', ready: '#library-root[data-library="component"] > *', ceilingKb: 708 },
  { path: '/part', ready: '#library-root[data-library="part"] > *', ceilingKb: 618 },
  { path: '/mat', ready: '#library-root[data-library="mat"] > *', ceilingKb: 618 },
];

function parseArgs(argv) {
  const args = { baseUrl: undefined, junit: undefined, verbose: false, static: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--base-url') args.baseUrl = argv[++i];
    else if (arg === '--junit') args.junit = argv[++i];
    else if (arg === '--verbose' || arg === '-v') args.verbose = true;
    else if (arg === '--static') args.static = true;
    else if (arg === '--help' || arg === '-h') {
      console.log('usage: node scripts/bundle-budget.mjs [--base-url URL | --static] [--junit FILE] [--verbose]');
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}`);
  }
  return args;
}

function startOwnPortal() {
  return startPortal({ profile: 'debug', port: Number(process.env.BUNDLE_BUDGET_PORT ?? 18090), tag: 'bundle-budget', readySeconds: 120 });
}

const REMOTE_DIRS = { auth: 'mfe-auth', part: 'mfe-part', component: 'mfe-component', mat: 'mfe-mat' };
const CONTENT_TYPES = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.html': 'text/html',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * Serves the built dist/ folders the way `portal serve` lays them out (site.rs): the shell at /, remotes
 * under /mfe/<name>/, /remotes.json, the index.html fallback. The API answers 404, so pages show their
 * empty or error states; the JavaScript they load is the same.
 */
async function startStaticServer() {
  const remotes = Object.fromEntries(Object.keys(REMOTE_DIRS).map((name) => [`mfe_${name}`, `/mfe/${name}/mf-manifest.json`]));
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname === '/remotes.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(remotes));
      return;
    }
    if (url.pathname.startsWith('/to/') || url.pathname.startsWith('/health')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"code":404}');
      return;
    }
    const remote = /^\/mfe\/(\w+)\/(.*)$/.exec(url.pathname);
    const root = path.join(repoRoot, remote ? `${REMOTE_DIRS[remote[1]] ?? 'missing'}/dist` : 'shell/dist');
    let file = path.join(root, path.normalize(remote ? remote[2] : url.pathname));
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      if (remote) return void response.writeHead(404).end();
      file = path.join(root, 'index.html');
    }
    response.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}

function isJavaScript(response) {
  const type = response.headers()['content-type'] ?? '';
  return /javascript|ecmascript/.test(type) || /\.m?js(\?|$)/.test(new URL(response.url()).pathname);
}

/** Loads one page in a fresh context (empty cache) and returns its JavaScript responses. */
async function measurePage(browser, baseUrl, page) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const tab = await context.newPage();
  const pending = [];
  tab.on('response', (response) => {
    if (response.request().method() !== 'GET' || !isJavaScript(response) || response.status() >= 300) return;
    pending.push(
      response.body().then(
        (body) => ({ url: response.url(), raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length }),
        () => null,
      ),
    );
  });
  try {
    await tab.goto(baseUrl + page.path, { waitUntil: 'load', timeout: 60_000 });
    await tab.locator(page.ready).first().waitFor({ state: 'attached', timeout: 60_000 });
    await tab.waitForLoadState('networkidle', { timeout: 60_000 });
    const scripts = (await Promise.all(pending)).filter(Boolean);
    return { scripts };
  } finally {
    await context.close();
  }
}

const kb = (bytes) => (bytes / 1000).toFixed(1);

function xmlEscape(text) {
  return String(text).replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]);
}

function writeJunit(file, results, seconds) {
  const failures = results.filter((r) => r.failure).length;
  const cases = results
    .map((r) => {
      const name = xmlEscape(`first-load JS of ${r.path} ≤ ${r.budgetKb} KB gzipped`);
      const body = r.failure ? `<failure message="${xmlEscape(r.failure)}">${xmlEscape(r.detail ?? r.failure)}</failure>` : '';
      return `    <testcase classname="bundle-budget" name="${name}" time="${r.seconds.toFixed(2)}">${body}</testcase>`;
    })
    .join('\n');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="bundle-budget" tests="${results.length}" failures="${failures}" time="${seconds.toFixed(2)}">
  <testsuite name="bundle-budget" tests="${results.length}" failures="${failures}" errors="0" skipped="0" time="${seconds.toFixed(2)}">
${cases}
  </testsuite>
</testsuites>
`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, xml);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const portal = args.baseUrl
    ? { baseUrl: args.baseUrl.replace(/\/$/, ''), stop: async () => {} }
    : args.static
      ? await startStaticServer()
      : await startOwnPortal();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  const results = [];
  try {
    for (const page of PAGES) {
      const pageStarted = Date.now();
      const budgetKb = Math.max(TARGET_KB, page.ceilingKb);
      const result = { path: page.path, budgetKb, scripts: [], gzip: 0, raw: 0 };
      try {
        const { scripts } = await measurePage(browser, portal.baseUrl, page);
        result.scripts = scripts;
        result.gzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
        result.raw = scripts.reduce((sum, s) => sum + s.raw, 0);
        if (result.gzip > budgetKb * 1000) {
          const largest = [...scripts].sort((a, b) => b.gzip - a.gzip).slice(0, 5);
          result.failure = `${page.path}: ${kb(result.gzip)} KB of JavaScript gzipped on first load, ceiling ${budgetKb} KB (today's weight + 3 %; target ${TARGET_KB} KB)`;
          result.detail = `${result.failure}\nlargest:\n${largest.map((s) => `  ${kb(s.gzip)} KB ${s.url}`).join('\n')}`;
        }
      } catch (error) {
        result.failure = `${page.path} did not render: ${error.message.split('\n')[0]}`;
        result.detail = error.stack ?? String(error);
      }
      result.seconds = (Date.now() - pageStarted) / 1000;
      results.push(result);
    }
  } finally {
    await browser.close();
    await portal.stop();
  }

  console.log(`First-load JavaScript, gzip -9 (1 KB = 1000 bytes; fails above a page's ceiling; target ${TARGET_KB} KB)`);
  console.log('| page | scripts | gzip KB | decoded KB | ceiling KB | within ceiling | within target |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results) {
    const verdict = r.failure ? 'NO' : 'yes';
    const target = r.gzip > 0 && r.gzip <= TARGET_KB * 1000 ? 'yes' : 'NO';
    console.log(`| ${r.path} | ${r.scripts.length} | ${kb(r.gzip)} | ${kb(r.raw)} | ${r.budgetKb} | ${verdict} | ${target} |`);
  }
  if (args.verbose) {
    for (const r of results) {
      console.log(`\n${r.path}`);
      for (const s of [...r.scripts].sort((a, b) => b.gzip - a.gzip)) {
        console.log(`  ${kb(s.gzip).padStart(7)} KB  ${new URL(s.url).pathname}`);
      }
    }
  }
  for (const r of results) if (r.failure) console.error(`FAILED: ${r.detail ?? r.failure}`);
  if (args.junit) writeJunit(path.resolve(args.junit), results, (Date.now() - started) / 1000);
  return results.some((r) => r.failure) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
