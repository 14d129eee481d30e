/** Client-made ids in a queued write's input, replaced by the server's before it is sent (queue.ts). */
import type { QueueDb } from './db';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function withKey(input: unknown, id: string) {
  // The server's idempotency key for tRPC writes: an optional top-level `clientRequestId` (issue 23).
  return input && typeof input === 'object' && !Array.isArray(input) ? { ...input, clientRequestId: id } : input;
}

export function collectIds(v: unknown, out: Set<string>) {
  if (typeof v === 'string') {
    if (UUID.test(v)) out.add(v);
  } else if (Array.isArray(v)) for (const x of v) collectIds(x, out);
  else if (v && typeof v === 'object' && !(v instanceof Blob)) for (const x of Object.values(v)) collectIds(x, out);
}

export function replaceIds(v: unknown, map: Map<string, string>): unknown {
  if (typeof v === 'string') return map.get(v) ?? v;
  if (Array.isArray(v)) return v.map((x) => replaceIds(x, map));
  if (v && typeof v === 'object' && !(v instanceof Blob)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, replaceIds(x, map)]));
  return v;
}

/** Replaces client-made ids with the server's; names one whose write was refused when there is one. */
export async function resolveIds(db: QueueDb, input: unknown): Promise<{ input: unknown } | { refused: string }> {
  const candidates = new Set<string>();
  collectIds(input, candidates);
  if (candidates.size === 0) return { input };
  const keys = [...candidates];
  const found = await db.ids.bulkGet(keys);
  const map = new Map<string, string>();
  for (const m of found) {
    if (!m) continue;
    if (m.refused !== undefined || m.serverId === null) return { refused: m.refused ?? '' };
    map.set(m.clientId, m.serverId);
  }
  return { input: map.size ? replaceIds(input, map) : input };
}
