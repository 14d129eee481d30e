/**
 * A browser without JavaScript for sign-in over real HTTP: manual redirects and a cookie jar. Used by the API's
 * sign-in tests and by the browser tests' first sign-in of a person (apps/web/e2e/support/sign-in.ts); it imports
 * nothing of the API.
 */

export interface Page {
  status: number;
  url: string;
  location: string | null;
  text: string;
}

/** Several servers behind one public address: `pick` chooses the server of each request, as a load balancer would. */
export interface ServerChoice {
  origins: string[];
  pick(url: URL, turn: number): string;
}
export const takeTurns = (origins: string[]): ServerChoice => ({ origins, pick: (_url, turn) => origins[turn % origins.length] });

/**
 * Manual redirects and a cookie jar, like a browser without JavaScript. Cookies are kept by name and path
 * and, as in browsers, regardless of port, so they reach every server of a ServerChoice.
 */
export class TestBrowser {
  private jar = new Map<string, { value: string; path: string; httpOnly: boolean; maxAge?: number; sameSite?: string }>();
  private turn = 0;

  constructor(private readonly servers: ServerChoice = { origins: [], pick: (url) => url.origin }) {}

  cookie(name: string) {
    return [...this.jar.entries()].find(([key]) => key.split('|')[0] === name)?.[1];
  }

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Page> {
    let target = new URL(url);
    if (this.servers.origins.includes(target.origin)) target = new URL(target.pathname + target.search, this.servers.pick(target, this.turn++));
    const cookies = [...this.jar.entries()]
      .filter(([, c]) => target.pathname.startsWith(c.path))
      .map(([key, c]) => `${key.split('|')[0]}=${c.value}`);
    const res = await fetch(target, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      redirect: 'manual',
      headers: { ...(cookies.length ? { cookie: cookies.join('; ') } : {}), ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    for (const header of res.headers.getSetCookie()) this.store(header);
    const location = res.headers.get('location');
    return { status: res.status, url: target.href, location: location && new URL(location, target).href, text: await res.text() };
  }

  /**
   * Follows redirects among the server's sign-in addresses (/api, /auth/callback, /dev-idp) of `origin`. A
   * redirect to a page of the web app (/auth/token, /?loginError=) or to another site is returned, not followed.
   */
  async visit(url: string, origin: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Page> {
    let page = await this.request(url, init);
    for (let i = 0; i < 10 && page.location && page.status >= 300 && page.status < 400; i++) {
      const next = new URL(page.location);
      if ((next.origin !== origin && !this.servers.origins.includes(next.origin)) || !/^\/(api\/|auth\/callback|dev-idp\/)/.test(next.pathname)) return page;
      page = await this.request(page.location);
    }
    return page;
  }

  /** Submits the first form of a page as a browser would: its action, method and every input with a value. */
  submit(page: Page, origin: string, values: Record<string, string> = {}) {
    const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(page.text);
    if (!form) throw new Error(`no form on ${page.url}`);
    const fields: Record<string, string> = {};
    for (const [, attrs] of form[2].matchAll(/<input([^>]*)>/gi)) {
      const name = /name="([^"]*)"/.exec(attrs)?.[1];
      if (name) fields[name] = decodeHtml(/value="([^"]*)"/.exec(attrs)?.[1] ?? '');
    }
    return this.visit(new URL(decodeHtml(form[1]), page.url).href, origin, { form: { ...fields, ...values } });
  }

  private store(header: string) {
    const [pair, ...attrs] = header.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const attr = (n: string) => attrs.find((a) => a.toLowerCase().startsWith(n.toLowerCase()))?.split('=')[1];
    const path = attr('path') ?? '/';
    const maxAge = attr('max-age') === undefined ? undefined : Number(attr('max-age'));
    const expires = attr('expires');
    const key = `${name}|${path}`;
    if (maxAge !== undefined ? maxAge <= 0 : !!expires && new Date(expires).getTime() < Date.now()) {
      this.jar.delete(key);
      return;
    }
    this.jar.set(key, {
      value: pair.slice(eq + 1),
      path,
      httpOnly: attrs.some((a) => a.toLowerCase() === 'httponly'),
      maxAge,
      sameSite: attr('samesite'),
    });
  }
}

const decodeHtml = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
