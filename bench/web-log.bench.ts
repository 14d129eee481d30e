import { sql } from 'kysely';
import { createTestDatabase } from '@insp/db/testing';
import { cpuSeconds, load, sessionTokens, startProduct, type Running } from './http-product.js';

/**
 * Issue 22: what writing the request log to web_logs costs the authenticated list. Two copies of the built product
 * on one database, alike but for WEB_LOG (on: the default; off: no rows written, the stdout line stays), loaded in
 * turn, BENCH_ROUNDS rounds (default 10) of BENCH_SECONDS (default 3) each, the order flipped every round so a
 * neighbour's burst on this shared machine hurts both alike. The figure is the median of each round's ratio (the two
 * runs of a round are seconds apart, so a slow minute of the machine cancels out), beside the plain medians and the
 * server's CPU per request. Goal: the log costs under 5 %.
 */
export default async function webLogBench() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 3);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
  const database = await createTestDatabase();
  const on = await startProduct({ databaseUrl: database.url });
  const off = await startProduct({ databaseUrl: database.url, env: { WEB_LOG: 'off' } });
  try {
    const company = await database.db.insertInto('companies').values({ name: 'Bench distributor' }).returning('id').executeTakeFirstOrThrow();
    await database.db
      .insertInto('users')
      .values(Array.from({ length: 300 }, (_, i) => ({ kind: 'distributor', email: `d${i}@distributor.example`, name: `Distributor ${i}`, company_id: company.id })))
      .execute();
    const staff = await database.db
      .insertInto('users')
      .values(Array.from({ length: 200 }, (_, i) => ({ kind: 'staff', email: `s${i}@company.example`, name: `Staff ${i}`, idp_groups: ['Manager'] })))
      .returning('id')
      .execute();
    // Each product's tokens name it as issuer: a session per user and product.
    const bearerOf = async (p: Running) =>
      (await sessionTokens(database.db, p, staff.map((s) => s.id))).map((t) => ({ authorization: `Bearer ${t.token}` }));
    const bearer = { on: await bearerOf(on), off: await bearerOf(off) };
    await sql`analyze`.execute(database.db);
    const path = '/api/v1/externalUsers?amount=50';
    await load(`${on.url}${path}`, bearer.on, { seconds: 3 });
    await load(`${off.url}${path}`, bearer.off, { seconds: 3 });

    const runs: Record<'on' | 'off', number[]> = { on: [], off: [] };
    const cpu: Record<'on' | 'off', number[]> = { on: [], off: [] };
    const measure = async (name: 'on' | 'off', p: Running) => {
      const cpu0 = cpuSeconds(p.pid);
      const r = await load(`${p.url}${path}`, bearer[name], { seconds });
      if (r.errors || r.non2xx) throw new Error(`${name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
      runs[name].push(r.requestsPerSecond);
      cpu[name].push(+((1000 * (cpuSeconds(p.pid) - cpu0)) / r.requests).toFixed(3));
    };
    for (let i = 0; i < rounds; i++) {
      if (i % 2 === 0) {
        await measure('off', off);
        await measure('on', on);
      } else {
        await measure('on', on);
        await measure('off', off);
      }
      console.log({ round: i + 1, withoutLog: runs.off.at(-1), withLog: runs.on.at(-1) });
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const [withLog, withoutLog] = [median(runs.on), median(runs.off)];
    const ratio = median(runs.on.map((w, i) => w / runs.off[i]!));
    const rows = await database.db.selectFrom('web_logs').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    console.log({
      case: `GET ${path}, 10 connections, ${rounds} rounds × ${seconds} s each, alternating`,
      requestsPerSecond: { withoutLog, withLog, runsWithout: runs.off, runsWith: runs.on },
      serverCpuMsPerRequest: { withoutLog: median(cpu.off), withLog: median(cpu.on) },
      cost: `${(100 * (1 - ratio)).toFixed(1)} % of the throughput (median of the rounds' ratios)`,
      costOfMedians: `${(100 * (1 - withLog / withoutLog)).toFixed(1)} %`,
      serverCpuCost: `${(100 * (median(cpu.on) / median(cpu.off) - 1)).toFixed(1)} % more CPU per request`,
      goal: '< 5 %',
      webLogRowsWritten: Number(rows.n),
    });
  } finally {
    await on.stop();
    await off.stop();
    await database.destroy();
  }
}
