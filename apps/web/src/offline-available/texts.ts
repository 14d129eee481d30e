/** Texts of 'Make available offline' and the 'On this device' list (issue 23). */
export const AVAILABLE_TEXT = {
  makeAvailable: 'Make available offline',
  downloading: (done: number, total: number) => `Downloading… ${done} of ${total}`,
  available: (when: string) => `Available offline (stored ${when})`,
  failed: (reason: string) => `Could not make it available offline: ${reason}`,
  title: 'On this device',
  intro: 'Inspections and audits kept on this device for use without a network. An editor opened offline shows what was stored.',
  nothing: "Nothing is stored on this device yet. Open an inspection or an audit and use 'Make available offline' before going to a site.",
  kinds: { inspection: 'Inspection', audit: 'Audit' } as Record<string, string>,
  name: 'Name',
  kind: 'Kind',
  stored: 'Stored',
  size: 'Size',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name} from this device`,
  removed: (name: string) => `${name} was removed from this device.`,
  waitingWrites: (n: number) =>
    `${n === 1 ? '1 change' : `${n} changes`} to it still ${n === 1 ? 'waits' : 'wait'} to be sent. It stays on this device until ${n === 1 ? 'it is' : 'they are'} sent.`,
  usage: (used: string, quota: string) => `This app uses ${used} of the ${quota} this browser allows it.`,
  total: (size: string) => `Stored here: ${size}`,
};

/** 1 234 567 bytes as '1.2 MB'. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[i]}`;
}
