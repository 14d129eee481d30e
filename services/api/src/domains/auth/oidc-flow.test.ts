import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config.js';
import { openFlow, safeReturnTo, sealFlow } from './oidc-flow.js';

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
    expect(await openFlow(config, await sealFlow(config, flow))).toEqual(flow);
  });

  it('does not open with another secret, tampered or missing', async () => {
    const sealed = await sealFlow(config, flow);
    expect(await openFlow(other, sealed)).toBeNull();
    expect(await openFlow(config, sealed.slice(0, -2) + (sealed.endsWith('AA') ? 'BB' : 'AA'))).toBeNull();
    expect(await openFlow(config, undefined)).toBeNull();
  });

  it('keeps the PKCE verifier unreadable to the browser', async () => {
    const sealed = await sealFlow(config, { ...flow, codeVerifier: 'secret-verifier-value' });
    const readable = sealed.split('.').map((part) => Buffer.from(part, 'base64url').toString('latin1')).join('');
    expect(readable).not.toContain('secret-verifier-value');
  });
});
