// Starts the built `portal` binary for the Node measuring scripts (bundle-budget, lighthouse): a fresh
// data directory, the repository's built front end, loopback only. The Python scripts have
// portal_harness.py for the same job.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function waitForReady(url, deadline) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer in time`);
}

/**
 * Starts `portal serve` on `port` with a fresh data directory (named after `tag`); resolves once
 * /health/ready answers, with its base URL and a stop function that also removes the directory.
 * `profile` is the cargo profile whose binary is used unless PORTAL_BIN names one.
 */
export async function startPortal({ profile, port, tag, readySeconds = 180 }) {
  const bin = process.env.PORTAL_BIN ?? path.join(repoRoot, 'target', profile, 'portal');
  if (!fs.existsSync(bin)) {
    const release = profile === 'release' ? ' --release' : '';
    throw new Error(`${bin} not found: run cargo build${release} -p portal first`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${tag}-`));
  const child = spawn(bin, ['serve'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORTAL_ADDR: `127.0.0.1:${port}`,
      PORTAL_DATA_DIR: dataDir,
      PORTAL_WEB_DIR: repoRoot,
      PORTAL_LOG_FILTER: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([
      waitForReady(`${baseUrl}/health/ready`, Date.now() + readySeconds * 1000),
      exited.then((code) => {
        throw new Error(`portal exited early (${code})`);
      }),
    ]);
  } catch (error) {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
