import pg from 'pg';
import type { CompiledQuery } from 'kysely';
import { openDatabase } from '@insp/db';
import { ZInspectionListQuery, type Actor } from '@insp/contracts';
import { listInspections } from '../services/api/src/domains/inspections/inspections-list.service.js';
import type { ServiceContext } from '../services/api/src/context.js';
import { scaledDatabase } from './scaled-database.js';
import { cpuSeconds, sessionTokens, startProduct } from './http-product.js';
import { timeRuns } from './stats.js';

/**
 * Issue 18: the reports list at BENCH_SCALE inspections (default 1 000 000) through HTTP, one request at a time
 * against the built product on PostgreSQL + Redis, beside the raw limit: the very statements the service runs
 * for that query (captured from Kysely's log) replayed over one pg connection, plus the session look-up every
 * authenticated request makes. Goals: search 'daily' + type Daily p95 < 30 ms; a search with no hit p50 within
 * 1.5 ms of raw. Issue 20 adds an accented, an unaccented and an upper-case word (all three find the same reports
 * once search ignores case and accents). Each case is timed cold (right after the start) and warm (after BENCH_WARM
 * requests); the goals are judged warm, as a running API serves (docs/decisions.md, "The request path").
 */
const GOALS = {
  p95: { text: 'p95 < 30 ms', met: (p95: number) => p95 < 30 },
  overRaw: { text: 'p50 within 1.5 ms of raw', met: (_p95: number, overRaw: number) => overRaw <= 1.5 },
};

export default async function reportsListHttpBench() {
  const n = Number(process.env.BENCH_SCALE ?? 1_000_000);
  const runs = Number(process.env.BENCH_RUNS ?? 300);
  const warm = Number(process.env.BENCH_WARM ?? 8_000);
  const handle = await scaledDatabase(n);
  const product = await startProduct({ databaseUrl: handle.url });
  const raw = new pg.Client({ connectionString: handle.url });
  await raw.connect();
  const captured: CompiledQuery[] = [];
  const capturing = await openDatabase({ databaseUrl: handle.url, poolSize: 1 }, { log: (e) => void captured.push(e.query) });
  try {
    const admin = await handle.db.selectFrom('users').select(['id', 'email']).where('email', '=', 'admin@company.example').executeTakeFirstOrThrow();
    const [session] = await sessionTokens(handle.db, product, [admin.id]);
    const headers = { authorization: `Bearer ${session!.token}` };
    const actor: Actor = { userId: admin.id, email: admin.email, kind: 'staff', level: 3, flags: [], companyId: null, distributorAdmin: false };
    const sessionSql = 'select users.id from auth_sessions join users on users.id = auth_sessions.user_id where auth_sessions.id = $1 and auth_sessions.revoked_at is null';

    // Few matches the planner over-estimates (hundreds of a million): a customer of the scale seed by its full name.
    const rareCustomer = await handle.db
      .selectFrom('customers as cu')
      .innerJoin('inspections as i', 'i.customer_id', 'cu.id')
      .select(['cu.name', (eb) => eb.fn.countAll<number>().as('n')])
      .where('cu.name', 'like', 'Scale customer % 1234')
      .groupBy('cu.name')
      .executeTakeFirstOrThrow();
    const cases: Array<{ name: string; query: Record<string, string>; goal?: keyof typeof GOALS }> = [
      { name: "search 'daily' + type Daily, 50 rows", query: { search: 'daily', types: 'Daily' }, goal: 'p95' },
      { name: 'a search with no hit', query: { search: 'zzqx' }, goal: 'overRaw' },
      // Issue 20: accents and case (the demo's 'Steinbruch Müller GmbH' reports among the million).
      { name: "search 'müller' (accented)", query: { search: 'müller' } },
      { name: "search 'muller' (unaccented)", query: { search: 'muller' } },
      { name: "search 'MÜLLER' (upper case)", query: { search: 'MÜLLER' } },
      { name: 'first page, no filter', query: {} },
      // Once walked the date index over every report (2.4 s; 12 s with no hit): now counted first, few sorted.
      { name: `a customer's full name, ${rareCustomer.n} reports ('${rareCustomer.name}')`, query: { search: rareCustomer.name } },
      { name: "a longer search with no hit ('scale customer zzqx')", query: { search: 'scale customer zzqx' } },
    ];
    // The statements the service runs for each query, in order (the search-word sample is cached after the first call).
    const ctx = { db: capturing.db, actor, config: {}, log: console, jobs: { kick() {} } } as unknown as ServiceContext;
    const timed: Array<(typeof cases)[number] & { url: string; body: { result: unknown[]; count: number }; statements: CompiledQuery[] }> = [];
    for (const c of cases) {
      const qs = new URLSearchParams(c.query).toString();
      const url = `${product.url}/api/v1/inspections?${qs}`;
      const first = await fetch(url, { headers });
      if (first.status !== 200) throw new Error(`${url} answered ${first.status}`);
      const body = (await first.json()) as { result: unknown[]; count: number };
      await listInspections(ctx, ZInspectionListQuery.parse(c.query));
      captured.length = 0;
      await listInspections(ctx, ZInspectionListQuery.parse(c.query));
      timed.push({ ...c, url, body, statements: [...captured] });
    }
    const viaHttp = async (url: string) => {
      const r = await fetch(url, { headers });
      if (r.status !== 200) throw new Error(`answered ${r.status}`);
      await r.arrayBuffer();
    };
    const viaRaw = async (statements: CompiledQuery[]) => {
      await raw.query(sessionSql, [session!.sessionId]);
      for (const s of statements) await raw.query(s.sql, s.parameters as unknown[]);
    };
    const measure = async (pass: string, c: (typeof timed)[number]) => {
      const cpuBefore = cpuSeconds(product.pid);
      const http = await timeRuns(() => viaHttp(c.url), runs, 30);
      const serverCpuMsPerRequest = +(((cpuSeconds(product.pid) - cpuBefore) * 1000) / (runs + 30)).toFixed(3);
      const direct = await timeRuns(() => viaRaw(c.statements), runs, 30);
      const over = +(http.p50 - direct.p50).toFixed(2);
      console.log({
        pass,
        case: c.name,
        rows: c.body.result.length,
        count: c.body.count,
        statements: c.statements.length + 1,
        httpMs: http,
        rawSqlMs: direct,
        serverCpuMsPerRequest,
        p50OverRawMs: over,
        ...(c.goal && { goal: GOALS[c.goal].text, met: GOALS[c.goal].met(http.p95, over) }),
      });
    };

    // Cold: the product as it is right after its start, V8 still compiling the request path (what this bench
    // measured until the fifteenth session).
    for (const c of timed) await measure('cold: first requests after the start', c);

    // Warm: a server that has answered some thousands of requests. The built product's CPU per request on one route
    // fell for its first 5,000-7,000 requests (2.1 → 0.45-0.6 ms on the fifteenth session's machine) while V8
    // optimized it on helper threads that compete for the same two cores; a running API is past that. The raw
    // client is warmed alike. Each case's serverCpuMsPerRequest, cold and warm, shows the difference.
    for (let i = 0; i < warm; i++) {
      const c = timed[i % timed.length]!;
      await viaHttp(c.url);
      await viaRaw(c.statements);
    }
    for (const c of timed) await measure(`warm: after ${warm} requests`, c);
  } finally {
    await raw.end();
    await capturing.close();
    await product.stop();
    await handle.close();
  }
}
