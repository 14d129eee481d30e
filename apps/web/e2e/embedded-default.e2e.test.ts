import { afterAll, describe, expect, it } from 'vitest';
import { startProduct, type Product } from './support/product.js';

/** `npm start` as a user runs it: first start migrates and seeds, a second start keeps the data. */
let product: Product | undefined;
afterAll(() => product?.stop());

const signIn = (url: string, email: string, password: string) =>
  fetch(`${url}/api/v1/auth/external`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

describe('the embedded default', () => {
  it('starts on an empty data folder with the demo data, serves the web app, signs in, and keeps the data over a restart', async () => {
    product = await startProduct();
    const html = await (await fetch(product.url + '/')).text();
    expect(html).toContain('<div id="root">');
    const res = await signIn(product.url, 'dist.admin@distributor.example', 'Distributor-1');
    expect(res.status).toBe(200);
    const { accessToken } = await res.json();
    const me = await fetch(`${product.url}/auth/user`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(await me.json()).toMatchObject({ email: 'dist.admin@distributor.example', externalUserDistributorAdmin: true });

    // Change something, restart on the same folder: the change and the session are still there, nothing re-seeded.
    const reset = await fetch(`${product.url}/api/v1/externalUsers/forgotpasswordemail`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'dist.user@distributor.example' }) });
    expect(reset.status).toBe(200);
    const { dataDir, port } = product;
    await product.stop();
    product = await startProduct({ dataDir, port, env: { LOG_LEVEL: 'info' } });
    const again = await fetch(`${product.url}/auth/user`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(again.status, 'a token survives a restart: the token secret is kept in the data folder').toBe(200);
    expect(product.logs()).toContain('inspections platform ready');
    expect(product.logs()).not.toContain('demo data seeded');
    expect(product.logs()).not.toContain('migrations applied');
  });
});
