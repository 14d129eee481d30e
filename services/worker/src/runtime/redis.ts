import { Redis } from 'ioredis';
import type { Logger } from '../types.js';
import { throttledErrorLog, withTimeout } from './util.js';

/**
 * Connection options, never shared instances: BullMQ closes the connections it made from options, but
 * not ioredis instances passed in (PLATFORM.md), which would keep the process from exiting.
 */
export const workerConnection = (url: string) => ({ url, maxRetriesPerRequest: null });

/**
 * Producers fail fast while Redis is away instead of queueing commands in memory: the outbox already
 * holds the job, and the relay offers it again later.
 */
export const producerConnection = (url: string) => ({ url, enableOfflineQueue: false });

/** `readinessChecks.redis`: answers within two seconds, rejecting while Redis is unreachable. */
export function redisPing(url: string, log: Logger) {
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  client.on('error', throttledErrorLog(log, 'redis (readiness) connection error'));
  return {
    ping: () => withTimeout(client.ping(), 2000, 'redis ping'),
    close: () => client.quit().then(
      () => undefined,
      () => client.disconnect(),
    ),
  };
}
