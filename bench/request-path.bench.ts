import { sql } from 'kysely';
import { createTestDatabase } from '@insp/db/testing';
import { median } from './stats.js';
import { backendCpuSeconds, backendCpuSpent, cpuSeconds, load, systemCalls, sessionTokens, startFloor, startProduct, type LoadResult, type Running } from './http-product.js';

/**
 * Issue 18: the request path over HTTP, beside its floor measured in the same run. The built product runs as
 * production runs it at scale (PostgreSQL + Redis, NODE_ENV=production, default log level); autocannon loads it
 * from this process. Floor: bench/floor-server.mjs, a bare Fastify route doing the session query through the
 * same pg driver and pool size. BENCH_SECONDS (default 10) per case; BENCH_LOAD_SECONDS (default 60) for the
 * 200-connection run; BENCH_CPU_PROF=<dir> writes a CPU profile of the product to that folder.
 */
export default async function requestPathBench() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
  const database = await createTestDatabase();
  const profDir = process.env.BENCH_CPU_PROF;
  const product = await startProduct({
    databaseUrl: database.url,
    nodeArgs: [...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    logFile: process.env.BENCH_LOG_FILE,
    // BENCH_PRODUCT_ENV='LOG_LEVEL=warn WEB_LOG=off': settings of the product for an experiment
    env: Object.fromEntries((process.env.BENCH_PRODUCT_ENV ?? '').split(' ').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])),
  });
  const floorProf = process.env.BENCH_FLOOR_CPU_PROF;
  const floor = await startFloor(database.url, floorProf ? ['--cpu-prof', `--cpu-prof-dir=${floorProf}`] : []);
  try {
    const company = await database.db.insertInto('companies').values({ name: 'Bench distributor' }).returning('id').executeTakeFirstOrThrow();
    await database.db
      .insertInto('users')
      .values(Array.from({ length: 300 }, (_, i) => ({ kind: 'distributor', email: `d${i}@distributor.example`, name: `Distributor ${i}`, company_id: company.id })))
      .execute();
    // Staff Managers (P.externalUsers) each with a session of their own, as real traffic has.
    const staff = await database.db
      .insertInto('users')
      .values(Array.from({ length: 200 }, (_, i) => ({ kind: 'staff', email: `s${i}@company.example`, name: `Staff ${i}`, idp_groups: ['Manager'] })))
      .returning('id')
      .execute();
    const tokens = await sessionTokens(database.db, product, staff.map((s) => s.id));
    // Statistics, as autovacuum keeps them on a live database: without them the planner guesses one row per table.
    await sql`analyze`.execute(database.db);
    const bearer = tokens.map((t) => ({ authorization: `Bearer ${t.token}` }));
    const floorHeaders = tokens.map((t) => ({ 'x-session': t.sessionId }));

    const check = await fetch(`${product.url}/api/v1/externalUsers?amount=50`, { headers: bearer[0] });
    const body = (await check.json()) as { result?: unknown[] };
    if (check.status !== 200 || body.result?.length !== 50) throw new Error(`externalUsers answered ${check.status} with ${body.result?.length} rows`);

    const warm = (url: string, h: Array<Record<string, string>>) => load(url, h, { seconds: 3 });
    await warm(`${floor.url}/floor`, floorHeaders);
    await warm(`${product.url}/auth/user`, bearer);
    await warm(`${product.url}/api/v1/externalUsers?amount=50`, bearer);

    // Beside each figure, the CPU the server process and its PostgreSQL backends spent per request: throughput
    // on a shared 2-core machine moves with whatever else runs, CPU per request much less.
    const measured = async (server: Running, url: string, h: Array<Record<string, string>>, opts: { connections?: number; seconds: number }) => {
      const [node0, pg0, gen0, io0] = [cpuSeconds(server.pid), await backendCpuSeconds(database.db, database.name), process.cpuUsage(), systemCalls(server.pid)];
      const r: LoadResult = await load(url, h, opts);
      const [node1, pg1, gen, io1] = [cpuSeconds(server.pid), await backendCpuSeconds(database.db, database.name), process.cpuUsage(gen0), systemCalls(server.pid)];
      const perRequest = (s: number) => +((1000 * s) / r.requests).toFixed(3);
      // The load generator (autocannon, this process) shares the two cores: its CPU is part of the budget.
      const loadGenerator = perRequest((gen.user + gen.system) / 1e6);
      // Socket writes and reads are dear on these machines (writev is about half of either server's busy time).
      const calls = (k: 'reads' | 'writes') => +((io1[k] - io0[k]) / r.requests).toFixed(2);
      return {
        ...r,
        cpuMsPerRequest: { server: perRequest(node1 - node0), postgres: perRequest(backendCpuSpent(pg0, pg1)), loadGenerator },
        serverSystemCallsPerRequest: { reads: calls('reads'), writes: calls('writes') },
      };
    };
    const only = process.env.BENCH_ONLY;
    const measureAuth = !only || only === 'auth';
    const measureList = !only || only === 'list';
    let bare = '';
    if (measureList) {
      // The list floor answers the very body the product answers (checked once, before any round).
      const [mine, floorBody] = await Promise.all([
        fetch(`${product.url}/api/v1/externalUsers?amount=50`, { headers: bearer[0] }).then((r) => r.text()),
        fetch(`${floor.url}/floor-list?amount=50`, { headers: floorHeaders[0] }).then((r) => r.text()),
      ]);
      if (mine !== floorBody) throw new Error(`the list floor answers another body than the product:\n${mine.slice(0, 300)}\n${floorBody.slice(0, 300)}`);
      bare = floorBody;
      await warm(`${floor.url}/floor-list?amount=50`, floorHeaders);
    }

    // BENCH_ROUNDS (default 1): the floor and the cases measured again in turn, each share against its own round's
    // floor, and the median share printed at the end. One run's share moves by several points with what else the
    // two cores do (the floor and the load generator's own CPU per request move most), rounds show that spread.
    const rounds = measureAuth || measureList ? Math.max(1, Math.floor(Number(process.env.BENCH_ROUNDS ?? 1)) || 1) : 0;
    const shares = { auth: [] as number[], list: [] as number[], listOfListFloor: [] as number[] };
    for (let round = 1; round <= rounds; round++) {
      const tag = rounds > 1 ? { round } : {};
      const floorRun = await measured(floor, `${floor.url}/floor`, floorHeaders, { seconds });
      console.log({ ...tag, case: 'floor: bare Fastify + one pg query, 10 connections', ...floorRun });
      const share = (x: number) => (100 * x) / floorRun.requestsPerSecond;
      const pct = (x: number) => `${Math.round(share(x))} % of the floor`;
      if (measureAuth) {
        const authUser = await measured(product, `${product.url}/auth/user`, bearer, { seconds });
        shares.auth.push(share(authUser.requestsPerSecond));
        console.log({ ...tag, case: 'GET /auth/user, 10 connections', ...authUser, share: pct(authUser.requestsPerSecond), goal: '≥ 60 %' });
      }
      if (measureList) {
        // The list's own floor: the session query and the same page statement in a bare route (floor-server.mjs).
        const listFloor = await measured(floor, `${floor.url}/floor-list?amount=50`, floorHeaders, { seconds });
        console.log({ ...tag, case: 'list floor: bare Fastify, session query + the same page statement, 10 connections', bytes: bare.length, ...listFloor, share: pct(listFloor.requestsPerSecond) });
        const list = await measured(product, `${product.url}/api/v1/externalUsers?amount=50`, bearer, { seconds });
        const ofListFloor = (100 * list.requestsPerSecond) / listFloor.requestsPerSecond;
        shares.list.push(share(list.requestsPerSecond));
        shares.listOfListFloor.push(ofListFloor);
        console.log({
          ...tag,
          case: 'GET api/v1/externalUsers?amount=50, 10 connections',
          ...list,
          share: pct(list.requestsPerSecond),
          ofListFloor: `${Math.round(ofListFloor)} % of the list floor`,
          goal: '≥ 40 %',
        });
      }
    }
    if (rounds > 1) {
      const summary = (xs: number[]) => `median ${median(xs).toFixed(1)} %, each round ${xs.map((x) => Math.round(x)).join(', ')}`;
      console.log({
        summary: `${rounds} rounds, each share against its round's floor`,
        ...(measureAuth ? { authOfFloor: summary(shares.auth), authGoal: '≥ 60 %' } : {}),
        ...(measureList ? { listOfFloor: summary(shares.list), listGoal: '≥ 40 %', listOfListFloor: summary(shares.listOfListFloor) } : {}),
      });
    }
    if (loadSeconds > 0 && (!only || only === 'load')) {
      const heavy = await measured(product, `${product.url}/api/v1/externalUsers?amount=50`, bearer, { connections: 200, seconds: loadSeconds });
      console.log({ case: `GET api/v1/externalUsers?amount=50, 200 connections × ${loadSeconds} s`, ...heavy, goal: 'p99 < 250 ms, 0 errors' });
    }
  } finally {
    await product.stop();
    await floor.stop();
    await database.destroy();
  }
}
