import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { machineCpu } from './machine-cpu.js';

/**
 * Not a benchmark: where a test run's CPU goes (issue 18's test time). Runs `npx vitest run <args>` and, every half
 * second, reads each process's CPU from /proc, so that at the end it can say how many CPU-seconds each kind of
 * process used (Chromium's renderers, its browser and GPU processes, the products the browser tests start,
 * PostgreSQL, vitest's workers) beside the machine's busy share, and how busy the machine was in each tenth of the run.
 * A process that lives less than half a second can be missed; processes already running count from the start.
 * Usage: npx tsx bench/test-run-cpu.ts [vitest args, e.g. --project e2e]
 */
const HZ = 100; // USER_HZ
const INTERVAL_MS = 500;

function kindOf(cmdline: string): string {
  if (/chrom(e|ium)/.test(cmdline)) {
    const type = /--type=([a-z-]+)/.exec(cmdline)?.[1];
    return `chromium ${type ?? 'browser'}`;
  }
  if (/^postgres|postgres:/.test(cmdline)) return 'postgres';
  if (/redis-server/.test(cmdline)) return 'redis';
  if (/dist\/server\.js/.test(cmdline)) return 'product (dist/server.js)';
  if (/vitest/.test(cmdline) && /forks|worker/.test(cmdline)) return 'vitest workers';
  if (/vitest/.test(cmdline)) return 'vitest main';
  if (/node/.test(cmdline)) return 'other node';
  return 'other';
}

interface Seen { kind: string; from: number; now: number }
const seen = new Map<string, Seen>();

function ticksOf(pid: string): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return undefined; // gone meanwhile
  }
}

function sample(startOfRun: boolean) {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const ticks = ticksOf(pid);
    if (ticks === undefined) continue;
    const known = seen.get(pid);
    if (known) {
      known.now = ticks;
      continue;
    }
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue;
    }
    // a process that ran before the run counts from now; one born during it from zero
    seen.set(pid, { kind: kindOf(cmdline), from: startOfRun ? ticks : 0, now: ticks });
  }
}


sample(true);
const start = machineCpu();
const startedAt = Date.now();
const timeline: Array<{ busy: number; all: number }> = [start];
const timer = setInterval(() => {
  sample(false);
  timeline.push(machineCpu());
}, INTERVAL_MS);

const child = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
clearInterval(timer);
sample(false);
const end = machineCpu();
timeline.push(end);

const byKind = new Map<string, number>();
for (const s of seen.values()) byKind.set(s.kind, (byKind.get(s.kind) ?? 0) + (s.now - s.from) / HZ);
const wall = (Date.now() - startedAt) / 1000;
const busySeconds = end.busy - start.busy;
console.log(`\nvitest exit ${code}, ${wall.toFixed(0)} s; the machine: ${busySeconds.toFixed(0)} busy CPU-s, ${Math.round((100 * (end.busy - start.busy)) / (end.all - start.all))} % busy`);
console.log('CPU-seconds by kind of process:');
for (const [kind, seconds] of [...byKind].sort((a, b) => b[1] - a[1])) if (seconds >= 0.5) console.log(`${seconds.toFixed(1).padStart(8)}  ${kind}`);
const tenth = Math.max(1, Math.floor(timeline.length / 10));
const shares: string[] = [];
for (let i = 0; i + tenth < timeline.length; i += tenth) {
  const [a, b] = [timeline[i]!, timeline[i + tenth]!];
  shares.push(`${Math.round((100 * (b.busy - a.busy)) / (b.all - a.all))} %`);
}
console.log(`busy share in each tenth of the run: ${shares.join(', ')}`);
process.exitCode = code ?? 1;
