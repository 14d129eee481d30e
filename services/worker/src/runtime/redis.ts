import { once } from 'node:events';
import { Redis } from 'ioredis';
import type { Logger } from '../types.js';
import { throttledErrorLog, withTimeout } from './util.js';

/**
 * Connection options, never shared instances: BullMQ closes the connections it made from options, but
 * not ioredis instances passed in (PLATFORM.md), which would keep the process from exiting.
 */
export const workerConnection = (url: string, name: string) => ({ url, connectionName: name, maxRetriesPerRequest: null });

/**
 * Producers fail fast while Redis is away instead of queueing commands in memory: the outbox already
 * holds the job, and the relay offers it again later.
 */
export const producerConnection = (url: string, name: string) => ({ url, connectionName: name, enableOfflineQueue: false });

/** Names every connection (`CLIENT LIST` tells relay, workers and probes apart), under the queue prefix. */
export const connectionName = (prefix: string | undefined, role: string) => `${prefix ?? 'bull'}:insp-${role}`;

/**
 * `readinessChecks.redis`: answers within two seconds, rejecting while Redis is unreachable. A connection
 * still being made is waited for (an error while connecting rejects at once), so a process is not
 * reported unready just because it asked in its first milliseconds.
 */
export function redisPing(url: string, name: string, log: Logger) {
  const client = new Redis(url, { connectionName: name, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  client.on('error', throttledErrorLog(log, 'redis (readiness) connection error'));
  return {
    ping: () =>
      withTimeout(
        (async () => {
          if (client.status !== 'ready') await once(client, 'ready');
          return client.ping();
        })(),
        2000,
        'redis ping',
      ),
    close: () => client.quit().then(
      () => undefined,
      () => client.disconnect(),
    ),
  };
}
