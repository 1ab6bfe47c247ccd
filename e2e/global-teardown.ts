import { spawnSync } from 'node:child_process';

// Drops the PostgreSQL databases the production-storage portal created for this run. Best effort: a
// machine without the psql client keeps them (each run uses its own prefix, so nothing is shared).
export default function globalTeardown() {
  const serverUrl = process.env.E2E_POSTGRES_URL;
  const prefix = process.env.E2E_POSTGRES_DATABASE_PREFIX;
  if (!serverUrl || !prefix) return;
  const adminUrl = `${serverUrl.replace(/\/$/, '')}/postgres`;
  const list = spawnSync('psql', [adminUrl, '-Atc', `SELECT datname FROM pg_database WHERE datname LIKE '${prefix}%'`], {
    encoding: 'utf8',
  });
  if (list.status !== 0) return;
  for (const name of list.stdout.split('\n').filter(Boolean)) {
    spawnSync('psql', [adminUrl, '-qc', `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`]);
  }
}
