import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

const file = new URL('../docker-compose.yml', import.meta.url).pathname;
const env = { ...process.env, TOKEN_SECRET: 'x'.repeat(40), OIDC_ISSUER: 'https://idp.example', OIDC_CLIENT_ID: 'inspections', S3_SECRET_KEY: 's'.repeat(16) };

/** `docker compose` (v2 plugin) or `docker-compose` (v1), whichever client this machine has. */
function composeClient(): string[] | null {
  if (spawnSync('docker', ['compose', 'version']).status === 0) return ['docker', 'compose'];
  if (spawnSync('docker-compose', ['version']).status === 0) return ['docker-compose'];
  return null;
}

describe('docker-compose.yml', () => {
  const doc = parse(readFileSync(file, 'utf8'), { merge: true });

  it('runs postgres, redis, api, worker and the web build, with api and worker on the same database and queue', () => {
    expect(Object.keys(doc.services)).toEqual(expect.arrayContaining(['postgres', 'redis', 'api', 'worker', 'web']));
    for (const s of ['api', 'worker']) {
      expect(doc.services[s].environment.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      expect(doc.services[s].environment.REDIS_URL).toBe('redis://redis:6379');
    }
    expect(doc.services.worker.command).toEqual(['node', 'services/worker/dist/main.js']);
    expect(doc.services.worker.ports).toBeUndefined(); // scalable: no fixed host port
  });

  it('is accepted by the compose client, and refused without a token secret', () => {
    const client = composeClient();
    // CI installs docker-compose (.ci/run); on a machine without any client the YAML checks above still run.
    if (!client) return;
    const [cmd, ...pre] = client;
    execFileSync(cmd!, [...pre, '-f', file, 'config', '-q'], { env, stdio: 'pipe' });
    const missing = spawnSync(cmd!, [...pre, '-f', file, 'config', '-q'], { env: { ...env, TOKEN_SECRET: '' }, encoding: 'utf8' });
    expect(missing.status).not.toBe(0);
    expect(missing.stderr + missing.stdout).toMatch(/TOKEN_SECRET/);
    // Files live in MinIO at scale (issue 21): its secret is required as well.
    const noStorageSecret = spawnSync(cmd!, [...pre, '-f', file, 'config', '-q'], { env: { ...env, S3_SECRET_KEY: '' }, encoding: 'utf8' });
    expect(noStorageSecret.status).not.toBe(0);
    expect(noStorageSecret.stderr + noStorageSecret.stdout).toMatch(/S3_SECRET_KEY/);
  });
});
