import ipaddr from 'ipaddr.js';

/**
 * Which addresses a webhook may reach (SSRF guard, docs/decisions.md "Webhooks"). Only public unicast addresses,
 * unless the operator allows private ones (WEBHOOK_ALLOW_PRIVATE=true) or names networks (WEBHOOK_ALLOW_NETWORKS,
 * CIDRs separated by commas). IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
 */
export interface AddressPolicy {
  allowPrivate: boolean;
  allowNetworks: string[];
}

export interface WebhookSettings {
  policy: AddressPolicy;
  /** First retry delay; each next one doubles, capped at 240 × this (docs/decisions.md). Default 60 000 ms. */
  retryBaseMs: number;
  /** One HTTP attempt, redirects included. */
  timeoutMs: number;
}

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];
const parsedNetworks = new Map<string, Cidr>();
function cidr(text: string): Cidr {
  let c = parsedNetworks.get(text);
  if (!c) {
    c = text.includes('/') ? ipaddr.parseCIDR(text) : ((a) => [a, a.kind() === 'ipv4' ? 32 : 128] as Cidr)(ipaddr.parse(text));
    parsedNetworks.set(text, c);
  }
  return c;
}

/** Why an address is refused, or null when the policy lets it through. */
export function addressRefusal(policy: AddressPolicy, address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  // process() turns an IPv4-mapped IPv6 address into the IPv4 one, so ::ffff:10.0.0.1 is private too
  const ip = ipaddr.process(address);
  const range = ip.range();
  if (range === 'unicast' || policy.allowPrivate) return null;
  for (const n of policy.allowNetworks) {
    const [net, bits] = cidr(n);
    if (net.kind() === ip.kind() && ip.match([net, bits] as never)) return null;
  }
  return `${address} is in a ${range} range, which webhooks may not reach`;
}

/** The hostname of a URL when it is an IP literal (brackets of IPv6 removed), else null. */
export function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return ipaddr.isValid(host) ? host : null;
}

/** What a URL fails on before any lookup: its scheme, or a literal address the policy refuses. */
export function urlRefusal(policy: AddressPolicy, url: URL): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'only http and https URLs are allowed';
  if (url.username || url.password) return 'must not carry a user name or password';
  const literal = literalAddress(url);
  return literal ? addressRefusal(policy, literal) : null;
}

const truthy = (v: string | undefined) => ['1', 'true', 'yes', 'on'].includes((v ?? '').trim().toLowerCase());

/**
 * WEBHOOK_ALLOW_PRIVATE, WEBHOOK_ALLOW_NETWORKS, WEBHOOK_RETRY_BASE_MS and WEBHOOK_TIMEOUT_MS, read the same by the
 * API (which checks URLs on save and runs the embedded jobs) and the worker (which delivers).
 */
export function webhookSettingsFromEnv(env: Record<string, string | undefined>): WebhookSettings {
  const allowNetworks = (env.WEBHOOK_ALLOW_NETWORKS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const n of allowNetworks) {
    try {
      cidr(n);
    } catch {
      throw new Error(`WEBHOOK_ALLOW_NETWORKS: '${n}' is not an address or CIDR network`);
    }
  }
  const ms = (name: string, fallback: number) => {
    const v = env[name];
    if (v === undefined || v.trim() === '') return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of milliseconds`);
    return n;
  };
  return {
    policy: { allowPrivate: truthy(env.WEBHOOK_ALLOW_PRIVATE), allowNetworks },
    retryBaseMs: ms('WEBHOOK_RETRY_BASE_MS', 60_000),
    timeoutMs: ms('WEBHOOK_TIMEOUT_MS', 10_000),
  };
}
