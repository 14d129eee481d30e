import { describe, expect, it } from 'vitest';
import { addressRefusal, urlRefusal, webhookSettingsFromEnv } from './address-policy.js';
import { signWebhook, verifyWebhook, generateWebhookSecret } from './signature.js';

const strict = { allowPrivate: false, allowNetworks: [] };

describe('the webhook address policy', () => {
  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1',
    '::1', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:169.254.169.254',
  ])('refuses %s by default', (a) => {
    expect(addressRefusal(strict, a)).toMatch(/range/);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:93.184.216.34'])('lets the public address %s through', (a) => {
    expect(addressRefusal(strict, a)).toBeNull();
  });

  it('lets private addresses through when the operator allows them, or only the networks named', () => {
    expect(addressRefusal({ allowPrivate: true, allowNetworks: [] }, '127.0.0.1')).toBeNull();
    const some = { allowPrivate: false, allowNetworks: ['10.20.0.0/16', '::1'] };
    expect(addressRefusal(some, '10.20.3.4')).toBeNull();
    expect(addressRefusal(some, '::1')).toBeNull();
    expect(addressRefusal(some, '10.21.0.1')).toMatch(/private/);
    expect(addressRefusal(some, '127.0.0.1')).toMatch(/loopback/);
  });

  it('refuses other schemes, credentials in the URL and literal private addresses before any lookup', () => {
    expect(urlRefusal(strict, new URL('ftp://example.com/x'))).toMatch(/http/);
    expect(urlRefusal(strict, new URL('file:///etc/passwd'))).toMatch(/http/);
    expect(urlRefusal(strict, new URL('https://u:p@example.com/'))).toMatch(/password/);
    expect(urlRefusal(strict, new URL('http://[::ffff:7f00:1]/'))).toMatch(/loopback/);
    expect(urlRefusal(strict, new URL('http://2130706433/'))).toMatch(/loopback/); // WHATWG URL reads it as 127.0.0.1
    expect(urlRefusal(strict, new URL('https://example.com/hook'))).toBeNull(); // a name: checked when resolved
  });

  it('reads WEBHOOK_* settings and refuses a network it cannot parse', () => {
    expect(webhookSettingsFromEnv({})).toEqual({ policy: strict, retryBaseMs: 60_000, timeoutMs: 10_000 });
    expect(webhookSettingsFromEnv({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_ALLOW_NETWORKS: '10.0.0.0/8, ::1', WEBHOOK_RETRY_BASE_MS: '100' })).toMatchObject({
      policy: { allowPrivate: true, allowNetworks: ['10.0.0.0/8', '::1'] }, retryBaseMs: 100,
    });
    expect(() => webhookSettingsFromEnv({ WEBHOOK_ALLOW_NETWORKS: '10.0.0.0/99' })).toThrow(/WEBHOOK_ALLOW_NETWORKS/);
  });
});

describe('Standard Webhooks signatures', () => {
  it('match the scheme’s published example', () => {
    // standard-webhooks spec test vector
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    expect(signWebhook(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    expect(verifyWebhook(secret, { id: 'msg_p5jXN8AQM9LWM0D4loKWxJek', timestamp: '1614265330', signature: 'v1,bogus v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' }, body)).toBe(true);
    expect(verifyWebhook(secret, { id: 'msg_other', timestamp: '1614265330', signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' }, body)).toBe(false);
  });

  it('makes secrets of 24 random bytes after whsec_', () => {
    const s = generateWebhookSecret();
    expect(s).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(generateWebhookSecret()).not.toBe(s);
  });
});
