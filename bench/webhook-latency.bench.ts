import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { startJobRuntime } from '@insp/worker';
import { generateWebhookSecret, type WebhookSettings } from '@insp/webhooks';
import { createTestApp, signInUsers } from '../services/api/src/testing/test-app.js';
import { summarize } from './stats.js';

const N = Number(process.env.BENCH_EVENTS ?? 50);
const BUDGET_MS = 1000;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Issue 22: a webhook event reaches a local receiver within 1 s of the commit, on PostgreSQL + Redis. The API side
 * (relay only, kicked after each commit, as the API process runs it) and a worker side (BullMQ workers, its own relay
 * polling every second as `npm run worker` does) share one database and Redis. Each round merges two customers
 * through `POST api/v1/customers/{id}/merge` (the transaction writes the `customer.merged` event, its delivery and the
 * outbox job), and times from the moment the answer arrived (the commit is before it) and from the request's start
 * (an upper bound on the commit) to the receiver reading the signed POST. Rounds run one after another.
 */
export default async function webhookLatencyBench() {
  const webhooks: WebhookSettings = { policy: { allowPrivate: true, allowNetworks: [] }, retryBaseMs: 1000, timeoutMs: 5000 };
  const prefix = `insp-bench-webhooks-${randomBytes(4).toString('hex')}`;
  let kick = () => {};
  const t = await createTestApp({ webhooks }, { jobs: { kick: () => kick() } });
  const waiting = new Map<string, (at: number) => void>();
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const at = performance.now();
      res.writeHead(204).end();
      const merged = (JSON.parse(body) as { data: { mergedCustomerId: string } }).data.mergedCustomerId;
      waiting.get(merged)?.(at);
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const common = { db: t.db, redisUrl: REDIS_URL, queuePrefix: prefix, dataDir: mkdtempSync(join(tmpdir(), 'insp-bench-webhooks-')), mailFrom: 'x <x@company.example>', log: { debug() {}, info() {}, warn() {}, error() {} }, webhooks };
  const api = await startJobRuntime({ ...common, runProcessors: false });
  const worker = await startJobRuntime({ ...common, runProcessors: true });
  kick = () => api.kick();
  try {
    const { admin } = await signInUsers(t, [{ kind: 'staff', email: 'admin@company.example', name: 'Admin', idp_groups: ['admin'] }]);
    const port = (receiver.address() as { port: number }).port;
    await t.db.insertInto('webhook_endpoints').values({ url: `http://127.0.0.1:${port}/hook`, secret: generateWebhookSecret(), events: ['customer.merged'] }).execute();

    const fromAnswer: number[] = [];
    const fromRequest: number[] = [];
    const request: number[] = [];
    for (let i = -5; i < N; i++) {
      const [a, b] = await t.db.insertInto('customers').values([{ name: `Bench ${i} A` }, { name: `Bench ${i} B` }]).returning('id').execute();
      const arrived = new Promise<number>((resolve) => waiting.set(a!.id, resolve));
      const start = performance.now();
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/customers/${a!.id}/merge`, headers: { authorization: `Bearer ${admin}` }, payload: { customerId: b!.id, name: `Bench ${i}` } });
      const answered = performance.now();
      if (res.statusCode !== 200) throw new Error(`merge: ${res.statusCode} ${res.body}`);
      const at = await Promise.race([arrived, new Promise<number>((_, reject) => setTimeout(() => reject(new Error('no delivery within 10 s')), 10_000))]);
      if (i < 0) continue; // warm-up
      fromAnswer.push(at - answered);
      fromRequest.push(at - start);
      request.push(answered - start);
    }
    const after = summarize(fromAnswer);
    const upper = summarize(fromRequest);
    console.table({ 'commit answered → receiver': after, 'request start → receiver (upper bound)': upper, 'the merge request itself': summarize(request) });
    console.log(`budget ${BUDGET_MS} ms: max from request start ${Math.max(...fromRequest).toFixed(1)} ms, p95 ${upper.p95} ms → ${Math.max(...fromRequest) < BUDGET_MS ? 'within' : 'OVER'} budget`);
  } finally {
    await worker.close();
    await api.close();
    await new Promise((r) => receiver.close(r));
    await t.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
}
