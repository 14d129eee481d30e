import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressRefusal, urlRefusal, type AddressPolicy } from './address-policy.js';

export const MAX_REDIRECTS = 3;
export const RESPONSE_EXCERPT_BYTES = 1024;

export interface PostResult {
  /** The last response's status; absent when no response came (refused, network error, timeout). */
  statusCode?: number;
  /** The first 1 KB of the last response's body. */
  excerpt?: string;
  /** The URL of the last request (after redirects). */
  url: string;
  error?: string;
  /** The policy refused an address or a scheme: retrying cannot help. */
  refused?: boolean;
}

export class RefusedAddressError extends Error {}

/**
 * A lookup that checks every address the name resolves to and hands the connection only checked ones: the check
 * is on the address the socket connects to, so a name that resolves differently a second time (DNS rebinding)
 * gains nothing.
 */
function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return (callback as (e: Error) => void)(err);
      const refused = addresses.map((a) => addressRefusal(policy, a.address)).find(Boolean);
      if (refused || !addresses.length) return (callback as (e: Error) => void)(new RefusedAddressError(`${hostname}: ${refused ?? 'no address'}`));
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      (callback as (e: null, a: string, f: number) => void)(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function once(url: URL, body: string, headers: Record<string, string>, policy: AddressPolicy, signal: AbortSignal) {
  return new Promise<{ statusCode: number; location?: string; excerpt: string }>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      lookup: guardedLookup(policy),
      signal,
      agent: false,
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        resolve({ statusCode: res.statusCode ?? 0, location: res.headers.location, excerpt: Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8') });
        res.destroy();
      };
      res.on('data', (c: Buffer) => {
        if (size < RESPONSE_EXCERPT_BYTES) chunks.push(c);
        size += c.length;
        // no need for the rest of a large answer
        if (size >= RESPONSE_EXCERPT_BYTES) done();
      });
      res.on('end', done);
      res.on('error', reject);
    });
    req.end(body);
  });
}

/**
 * POSTs a webhook body. Redirects are followed by hand (at most MAX_REDIRECTS), each hop's URL and resolved address
 * checked again, with the same method, body and signed headers (the signature covers the body, not the URL).
 */
export async function postWebhook(opts: { url: string; body: string; headers: Record<string, string>; policy: AddressPolicy; timeoutMs: number }): Promise<PostResult> {
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let url = new URL(opts.url);
  for (let hop = 0; ; hop++) {
    const refusal = urlRefusal(opts.policy, url);
    if (refusal) return { url: url.href, error: refusal, refused: true };
    try {
      const res = await once(url, opts.body, opts.headers, opts.policy, signal);
      const redirect = res.statusCode >= 300 && res.statusCode < 400 && res.location;
      if (!redirect) return { url: url.href, statusCode: res.statusCode, excerpt: res.excerpt };
      if (hop >= MAX_REDIRECTS) return { url: url.href, statusCode: res.statusCode, excerpt: res.excerpt, error: `more than ${MAX_REDIRECTS} redirects` };
      url = new URL(res.location!, url);
    } catch (err) {
      const refused = err instanceof RefusedAddressError;
      const message = signal.aborted ? `timed out after ${opts.timeoutMs} ms` : err instanceof Error ? err.message : String(err);
      return { url: url.href, error: message, refused };
    }
  }
}
