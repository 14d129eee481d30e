/**
 * A new idempotency key for a write (issue 19: the server answers a repeat with what the first call made), in the
 * form of a version 4 UUID. Built on crypto.getRandomValues, not crypto.randomUUID: the latter exists only in secure
 * contexts, and the app may be opened over plain http on a local network.
 */
export function newRequestKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
