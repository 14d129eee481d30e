import { createServer, connect, type Server, type Socket } from 'node:net';

/** A TCP proxy in front of Redis that a test can cut and restore, to play "Redis is briefly away". */
export async function startRedisProxy(target = { host: '127.0.0.1', port: 6379 }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = async () => {
    server = createServer((client) => {
      const upstream = connect(target);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => server!.listen(port, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
  };
  const cut = async () => {
    for (const s of sockets) s.destroy();
    const closing = server;
    server = undefined;
    if (closing) await new Promise((r) => closing.close(r));
  };
  await listen();
  return { url: () => `redis://127.0.0.1:${port}`, cut, restore: listen, close: cut };
}
