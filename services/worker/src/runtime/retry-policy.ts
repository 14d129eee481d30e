import { WEBHOOK_MAX_ATTEMPTS, webhookRetryDelayMs } from '@insp/contracts';
import type { BackoffStrategy } from 'bullmq';
import type { WorkerConfig } from '../types.js';

/**
 * Jobs whose retries differ from the default (5 attempts from 5 s at scale, 8 embedded): webhook deliveries retry
 * for about a day (issue 22). The delay is computed where the job runs, from WEBHOOK_RETRY_BASE_MS, so the relay
 * (which may be an API process) only names the strategy and the same schedule holds on both runtimes.
 */
const WEBHOOK_BACKOFF = 'webhook';
const DEFAULT_BASE_MS = 60_000;

export const jobRetry = (name: string): { attempts: number; backoffType: string } | undefined =>
  name === 'webhooks.deliver' ? { attempts: WEBHOOK_MAX_ATTEMPTS, backoffType: WEBHOOK_BACKOFF } : undefined;

/** BullMQ's custom backoff (Worker settings): called only for types that are not built in. */
export const backoffStrategy = (config: WorkerConfig): BackoffStrategy => (attemptsMade, type) =>
  type === WEBHOOK_BACKOFF ? webhookRetryDelayMs(attemptsMade, config.webhooks?.retryBaseMs ?? DEFAULT_BASE_MS) : 0;

/** Embedded: the outbox's own retry of a failed row, when the job has a policy of its own. */
export function embeddedRetry(name: string, attemptsMade: number, config: WorkerConfig): { maxAttempts: number; backoffMs: number } | undefined {
  const policy = jobRetry(name);
  if (!policy) return undefined;
  return { maxAttempts: policy.attempts, backoffMs: webhookRetryDelayMs(attemptsMade, config.webhooks?.retryBaseMs ?? DEFAULT_BASE_MS) };
}
