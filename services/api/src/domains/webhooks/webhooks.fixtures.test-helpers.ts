import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A webhook receiver for the tests, listening on every local address (so both 127.0.0.1 and 127.0.0.2 reach it).
 * `/hook` answers 204; `/flaky/<n>` answers 500 the first n times, then 200; `/redirect` sends a 302 to
 * 127.0.0.1's `/hook`.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const failures = new Map<string, number>();
  let onReceive: (r: Received) => void = () => {};
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(r);
      onReceive(r);
      const flaky = /^\/flaky\/(\d+)/.exec(r.path);
      if (flaky) {
        const seen = (failures.get(r.path) ?? 0) + 1;
        failures.set(r.path, seen);
        if (seen <= Number(flaky[1])) return void res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver down ' + 'x'.repeat(3000));
        return void res.writeHead(200).end('ok');
      }
      if (r.path === '/redirect') return void res.writeHead(302, { location: `http://127.0.0.1:${port()}/hook` }).end();
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '0.0.0.0', r));
  const port = () => (server.address() as { port: number }).port;
  return {
    received,
    port: port(),
    /** Resolves with the next request that satisfies `match`. */
    next: (match: (r: Received) => boolean = () => true) => new Promise<Received>((resolve) => { onReceive = (r) => match(r) && resolve(r); }),
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

/**
 * The receiver's check, written from the published Standard Webhooks scheme (not with the product's code): the key is
 * the base64 after `whsec_`, the signed content `${webhook-id}.${webhook-timestamp}.${body}`, HMAC-SHA256, base64,
 * `v1,` before it; the header may carry several, space-separated; the timestamp must be recent (5 minutes).
 */
export function verifyStandardWebhook(secret: string, r: Received): boolean {
  const id = String(r.headers['webhook-id']);
  const timestamp = String(r.headers['webhook-timestamp']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${r.body}`).digest();
  return String(r.headers['webhook-signature'])
    .split(' ')
    .map((s) => s.split(','))
    .some(([v, sig]) => v === 'v1' && sig !== undefined && Buffer.from(sig, 'base64').length === expected.length && timingSafeEqual(Buffer.from(sig, 'base64'), expected));
}

/** An enabled endpoint subscribed to every event type, so a test can see which events its calls record. */
export async function subscribeToEveryEvent(db: import('@insp/db').Db) {
  const { WEBHOOK_EVENT_TYPES } = await import('@insp/contracts');
  await db.insertInto('webhook_endpoints').values({ url: 'https://receiver.example/hook', secret: 'whsec_test', events: [...WEBHOOK_EVENT_TYPES] }).execute();
}

/** The webhook events recorded so far (type and data), oldest transaction first (events of one transaction in no set order). */
export async function recordedWebhookEvents(db: import('@insp/db').Db): Promise<Array<{ type: string; data: Record<string, unknown> }>> {
  const rows = await db.selectFrom('webhook_events').select(['type', 'body']).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => ({ type: r.type, data: (JSON.parse(r.body) as { data: Record<string, unknown> }).data }));
}
