// A browser reduced to what a sign-in through a provider needs: real HTTP, a cookie jar per
// origin and redirects followed by hand, so a test sees every hop and can stop at any of them.

export interface Hop {
  url: string;
  status: number;
  location: string | null;
  body: string;
}

export class CookieBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  private cookiesFor(url: URL): string {
    return [...(this.jar.get(url.origin) ?? new Map<string, string>()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private store(url: URL, response: Response): void {
    const cookies = this.jar.get(url.origin) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    this.jar.set(url.origin, cookies);
  }

  /** One request, no redirect followed. */
  async request(href: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Hop> {
    const url = new URL(href);
    const headers: Record<string, string> = { accept: 'text/html', cookie: this.cookiesFor(url) };
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
    this.store(url, response);
    const location = response.headers.get('location');
    return { url: url.href, status: response.status, location: location ? new URL(location, url).href : null, body: await response.text() };
  }

  /** Follows redirects from `href` until a page answers or `stopAt` matches the next address. */
  async follow(href: string, options: { stopAt?: (url: URL) => boolean; form?: Record<string, string> } = {}): Promise<Hop> {
    let hop = await this.request(href, { form: options.form });
    for (let i = 0; i < 20 && hop.location; i += 1) {
      if (options.stopAt?.(new URL(hop.location))) return hop;
      hop = await this.request(hop.location);
    }
    return hop;
  }
}
