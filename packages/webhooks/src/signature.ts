import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks (standardwebhooks.com): the secret is `whsec_` + base64 of 24 random bytes; a message is signed
 * with HMAC-SHA256 over `${id}.${timestamp}.${body}` keyed with the secret's decoded bytes, and sent as
 * `webhook-signature: v1,<base64>` beside `webhook-id` and `webhook-timestamp` (seconds since the epoch).
 */
export const SECRET_PREFIX = 'whsec_';

export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

const keyOf = (secret: string) => Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  return 'v1,' + createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
}

export function webhookHeaders(secret: string, id: string, timestamp: number, body: string): Record<string, string> {
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, id, timestamp, body) };
}

/** A receiver's check, as the scheme publishes it: any of the space-separated `v1,` signatures matches. */
export function verifyWebhook(secret: string, headers: { id: string; timestamp: string; signature: string }, body: string): boolean {
  const expected = Buffer.from(signWebhook(secret, headers.id, Number(headers.timestamp), body));
  return headers.signature.split(' ').some((s) => {
    const got = Buffer.from(s);
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}
