import { describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../config.js';
import { openFlow, publicOriginRedirect, safeReturnTo, sealFlow } from './oidc-flow.js';

const config = { tokenSecret: new TextEncoder().encode('x'.repeat(40)) } as AppConfig;
const other = { tokenSecret: new TextEncoder().encode('y'.repeat(40)) } as AppConfig;
const flow = { codeVerifier: 'v', state: 's', nonce: 'n', returnTo: '/Customers' };

describe('safeReturnTo', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(safeReturnTo('/Customers/1?tab=sites#top')).toBe('/Customers/1?tab=sites#top');
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)', 'Customers', '', undefined])(
    'turns %s into /',
    (value) => expect(safeReturnTo(value)).toBe('/'),
  );
});

describe('the sign-in flow cookie', () => {
  it('opens with the secret that sealed it', async () => {
    expect(await openFlow(config, await sealFlow(config, flow))).toEqual({ ok: true, flow });
  });

  it('does not open with another secret, tampered or missing: the flow is missing in this tab', async () => {
    const sealed = await sealFlow(config, flow);
    const missing = { ok: false, reason: 'missing' };
    expect(await openFlow(other, sealed)).toEqual(missing);
    expect(await openFlow(config, sealed.slice(0, -2) + (sealed.endsWith('AA') ? 'BB' : 'AA'))).toEqual(missing);
    expect(await openFlow(config, undefined)).toEqual(missing);
  });

  it('tells an expired flow from a missing one', async () => {
    vi.useFakeTimers({ now: Date.now() });
    try {
      const sealed = await sealFlow(config, flow);
      vi.setSystemTime(Date.now() + 11 * 60_000);
      expect(await openFlow(config, sealed)).toEqual({ ok: false, reason: 'expired' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the PKCE verifier unreadable to the browser', async () => {
    const sealed = await sealFlow(config, { ...flow, codeVerifier: 'secret-verifier-value' });
    const readable = sealed.split('.').map((part) => Buffer.from(part, 'base64url').toString('latin1')).join('');
    expect(readable).not.toContain('secret-verifier-value');
  });
});

describe('publicOriginRedirect', () => {
  const publicUrl = 'http://localhost:3000';

  it('leaves a request at the public address where it is', () => {
    expect(publicOriginRedirect(publicUrl, 'http://localhost:3000', '/api/v1/auth/login?x=1')).toBeNull();
  });

  it.each(['http://127.0.0.1:3000', 'http://192.168.1.20:3000', 'https://localhost:3000', 'http://evil.example'])(
    'sends a request that arrived at %s to the same path on PUBLIC_URL, never to the request host',
    (origin) => expect(publicOriginRedirect(publicUrl, origin, '/api/v1/auth/login?x=1')).toBe('http://localhost:3000/api/v1/auth/login?x=1'),
  );

  it('compares origins, so a default port written out is the same address', () => {
    expect(publicOriginRedirect('https://insp.example', 'https://insp.example:443', '/p')).toBeNull();
  });
});
