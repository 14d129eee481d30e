import { readFileSync } from 'node:fs';

/**
 * The top of a V8 CPU profile (node --cpu-prof) as shares of the process's busy (non-idle) time: self time by
 * package and by function, and inclusive time of the frames matching a pattern.
 * Usage: npx tsx bench/profile-top.ts <file.cpuprofile> [--skip <seconds of start-up to leave out>] [--rows N] [--match <regexp>]
 */
interface Frame { functionName: string; url: string; lineNumber: number }
interface Node { id: number; callFrame: Frame; children?: number[] }

const args = process.argv.slice(2);
const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const file = args[0];
if (!file) throw new Error('usage: profile-top.ts <file.cpuprofile> [--skip s] [--rows N] [--match re]');
const rows = Number(opt('--rows') ?? 25);
const skipUs = Number(opt('--skip') ?? 0) * 1e6;
const match = opt('--match');

const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
let clock = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  clock += dt;
  if (clock >= skipUs) self.set(id, (self.get(id) ?? 0) + dt);
});
let idle = 0;
let all = 0;
for (const [id, t] of self) {
  all += t;
  if (byId.get(id)!.callFrame.functionName === '(idle)') idle += t;
}
const busy = all - idle;

const packageOf = (url: string) => {
  if (!url) return '(native / gc)';
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1]!;
  if (url.startsWith('node:')) return 'node core';
  return url.replace(/^file:\/\//, '').replace(/.*\/(services|packages|apps|bench)\//, '$1/');
};
const key = (f: Frame) => `${f.functionName || '(anonymous)'}  ${f.url.startsWith('node:') ? f.url : packageOf(f.url)}:${f.lineNumber + 1}`;
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${((100 * v) / busy).toFixed(1).padStart(5)} %  ${k}`);
};

const byFn = new Map<string, number>();
const byPkg = new Map<string, number>();
for (const [id, t] of self) {
  const f = byId.get(id)!.callFrame;
  if (f.functionName === '(idle)') continue;
  add(byFn, key(f), t);
  add(byPkg, packageOf(f.url), t);
}
console.log(`${file}: ${(all / 1e6).toFixed(1)} s sampled after the first ${skipUs / 1e6} s, busy ${(busy / 1e6).toFixed(1)} s (shares below are of busy time)`);
show('self time by package', byPkg);
show('self time by function', byFn);

if (match) {
  // Inclusive time of each frame matching the pattern, counted once per stack (recursion not double counted).
  const re = new RegExp(match);
  const total = new Map<number, number>();
  const totalOf = (id: number): number => {
    const cached = total.get(id);
    if (cached !== undefined) return cached;
    let s = self.get(id) ?? 0;
    for (const c of byId.get(id)!.children ?? []) s += totalOf(c);
    total.set(id, s);
    return s;
  };
  const inclusive = new Map<string, number>();
  const walk = (id: number, seen: Set<string>) => {
    const k = key(byId.get(id)!.callFrame);
    let next = seen;
    if (!seen.has(k) && re.test(k)) {
      add(inclusive, k, totalOf(id));
      next = new Set(seen).add(k);
    }
    for (const c of byId.get(id)!.children ?? []) walk(c, next);
  };
  walk(profile.nodes[0]!.id, new Set());
  show(`inclusive time of frames matching /${match}/`, inclusive);
}
