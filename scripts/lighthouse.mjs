#!/usr/bin/env node
// Lighthouse performance of the portal's first pages, mobile and desktop (issue 13). Not part of the
// test command (minutes per run); the figures go to docs/benchmarks.md.
//
//   cargo build --release -p portal && node scripts/lighthouse.mjs      # starts target/release/portal
//   node scripts/lighthouse.mjs --base-url http://127.0.0.1:8080 [--runs 3] [--json out.json]
//
// Environment: PORTAL_BIN (default target/release/portal), LIGHTHOUSE_PORT (18383),
// CHROME_PATH (/usr/bin/chromium). Each page and form factor runs --runs times (default 1); the median
// score is printed with its metrics.
import fs from 'node:fs';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { startPortal } from './portal-harness.mjs';

const PAGES = ['/', '/component', '/component/search?keyWords=LM358'];

function parseArgs(argv) {
  const args = { baseUrl: undefined, runs: 1, json: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--base-url') args.baseUrl = argv[++i];
    else if (argv[i] === '--runs') args.runs = Number(argv[++i]);
    else if (argv[i] === '--json') args.json = argv[++i];
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return args;
}

function startOwnPortal() {
  return startPortal({ profile: 'release', port: Number(process.env.LIGHTHOUSE_PORT ?? 18383), tag: 'lighthouse', readySeconds: 180 });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const portal = args.baseUrl ? { baseUrl: args.baseUrl.replace(/\/$/, ''), stop: async () => {} } : await startOwnPortal();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const rows = [];
  try {
    for (const formFactor of ['mobile', 'desktop']) {
      for (const page of PAGES) {
        const runs = [];
        for (let run = 0; run < args.runs; run += 1) {
          const result = await lighthouse(
            portal.baseUrl + page,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
            formFactor === 'desktop' ? desktopConfig : undefined,
          );
          const { categories, audits } = result.lhr;
          runs.push({
            score: categories.performance.score,
            fcp: audits['first-contentful-paint'].numericValue,
            lcp: audits['largest-contentful-paint'].numericValue,
            cls: audits['cumulative-layout-shift'].numericValue,
            tbt: audits['total-blocking-time'].numericValue,
          });
        }
        const chosen = runs.find((r) => r.score === median(runs.map((x) => x.score)));
        rows.push({ formFactor, page, runs: runs.length, ...chosen });
        console.error(`${formFactor} ${page}: ${chosen.score}`);
      }
    }
  } finally {
    await chrome.kill();
    await portal.stop();
  }
  console.log('| form factor | page | performance | FCP ms | LCP ms | CLS | TBT ms |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.formFactor} | ${r.page} | ${Math.round(r.score * 100)} | ${Math.round(r.fcp)} | ${Math.round(r.lcp)} | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} |`,
    );
  }
  if (args.json) fs.writeFileSync(args.json, JSON.stringify(rows, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
