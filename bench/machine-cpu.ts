import { readFileSync } from 'node:fs';

/** Busy and total CPU-seconds of the whole machine so far (/proc/stat's first line; USER_HZ 100). */
export function machineCpu(): { busy: number; all: number } {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy: busy / 100, all: (busy + idle! + iowait!) / 100 };
}

/** The machine's CPU cores (/proc/stat's per-core lines). */
export const cpuCount = () => readFileSync('/proc/stat', 'utf8').split('\n').filter((l) => /^cpu\d/.test(l)).length;
