import { performance } from 'node:perf_hooks';
import { anonymousContext, createTestApp } from '../services/api/src/testing/test-app.js';
import { startSession } from '../services/api/src/domains/auth/session.service.js';
import { summarize } from './stats.js';

/** GET /auth/user with a bearer token: what every authenticated call pays before its own work. */
export default async function authRequestBench() {
  const t = await createTestApp();
  try {
    const users = await t.db
      .insertInto('users')
      .values(Array.from({ length: 1000 }, (_, i) => ({ kind: 'staff', email: `u${i}@company.example`, name: `U ${i}`, idp_groups: ['inspection'] })))
      .returning('id')
      .execute();
    const ctx = anonymousContext(t);
    const tokens: string[] = [];
    for (const u of users.slice(0, 200)) tokens.push((await startSession(ctx, u.id)).accessToken);
    const call = (i: number) => t.app.inject({ method: 'GET', url: '/auth/user', headers: { authorization: `Bearer ${tokens[i % tokens.length]}` } });
    for (let i = 0; i < 200; i++) await call(i); // warm-up
    const samples: number[] = [];
    const started = performance.now();
    const N = 3000;
    for (let i = 0; i < N; i++) {
      const t0 = performance.now();
      const res = await call(i);
      if (res.statusCode !== 200) throw new Error(`unexpected ${res.statusCode}`);
      samples.push(performance.now() - t0);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log({ benchmark: 'GET /auth/user (sequential, in-process)', requestsPerSecond: Math.round(N / seconds), latencyMs: summarize(samples) });
  } finally {
    await t.close();
  }
}
