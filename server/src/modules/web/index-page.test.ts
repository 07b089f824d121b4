// @vitest-environment jsdom
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigSchema, type AppConfig } from '@chat/contracts';
import type { Env } from '../../config/env';
import { appConfig } from './app-config';
import { FIRST_CALLS_SCRIPTS } from './first-calls-script';
import { buildIndexPages } from './index-page';
import { scriptSafeJson } from './script-safe-json';
import { SESSION_GATE_SCRIPT } from './session-gate';

// The page the server sends: the built index.html with the runtime configuration and, on a
// remote's paths, preloads of what that remote needs first (read from its mf-manifest.json).

const TEMPLATE =
  '<!doctype html><html lang="pt-BR"><head><title>Papo</title><script defer src="/static/js/index.1234abcd.js"></script></head><body><div id="root"></div></body></html>';
const CHAT_MANIFEST = {
  metaData: { remoteEntry: { name: 'static/js/remote_chat.9809430bd9.js', path: '', type: 'global' } },
  exposes: [
    {
      path: './App',
      assets: {
        js: {
          sync: ['static/js/async/gm.e1ea494fcd.js', 'static/js/async/__federation_expose_App.641dd9643c.js'],
          async: ['static/js/async/0o.7daab6f5cf.js'],
        },
        css: { sync: ['static/css/async/p.67ef9d5a74.css'], async: ['static/css/async/xg.3c3cb158ba.css'] },
      },
    },
  ],
};

const webRoot = mkdtempSync(path.join(os.tmpdir(), 'chat-index-page-'));
const indexFile = path.join(webRoot, 'shell', 'dist', 'index.html');
beforeAll(() => {
  mkdirSync(path.dirname(indexFile), { recursive: true });
  writeFileSync(indexFile, TEMPLATE);
  mkdirSync(path.join(webRoot, 'remote-chat', 'dist'), { recursive: true });
  writeFileSync(path.join(webRoot, 'remote-chat', 'dist', 'mf-manifest.json'), JSON.stringify(CHAT_MANIFEST));
});
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

type RemoteUrls = Env['remoteUrls'];
const LOCAL: RemoteUrls = { chat: null, team: null, settings: null, root: null };
const configWith = (remoteUrls: RemoteUrls = LOCAL, productionOrigin: string | null = null): AppConfig =>
  appConfig({ remoteUrls, featuredWorkspaceId: null, productionOrigin });

/** The page for a path, parsed as the browser would. */
function page(pathname: string, config: AppConfig = configWith()) {
  const html = buildIndexPages(indexFile, config, webRoot)(pathname).html.toString();
  const document = new DOMParser().parseFromString(html, 'text/html');
  const block = document.getElementById('app-config');
  return {
    document,
    config: block ? (JSON.parse(block.textContent ?? '') as unknown) : null,
    blockType: block?.getAttribute('type'),
    preloads: [...document.querySelectorAll('link[rel=preload]')].map((link) => ({
      href: link.getAttribute('href'),
      as: link.getAttribute('as'),
      crossorigin: link.getAttribute('crossorigin'),
    })),
  };
}

describe('the runtime configuration in the page', () => {
  it('is the object /config.json answers, in a data block (never executed, so the CSP stays script-src self)', () => {
    for (const pathname of ['/', '/auth/conversations', '/auth/team', '/reset-password']) {
      const served = page(pathname);
      expect(served.blockType, pathname).toBe('application/json');
      expect(appConfigSchema.parse(served.config), pathname).toEqual(configWith());
      // The shell's own script is untouched and stays the first thing the page asks for.
      expect(served.document.querySelector('script[src]')?.getAttribute('src')).toBe('/static/js/index.1234abcd.js');
      // The only inline script: on the chat's paths, the one that starts the list's first calls.
      const inline = [...served.document.querySelectorAll('script:not([type="application/json"]):not([src])')].map((s) => s.textContent);
      expect(inline, pathname).toEqual(pathname === '/auth/conversations' ? [FIRST_CALLS_SCRIPTS.chat!.text] : []);
    }
  });

  it('cannot end its <script> element, whatever the configuration holds', () => {
    const hostile = configWith(LOCAL, 'https://x.example/</script><script>alert(1)</script><!--');
    const served = page('/', hostile);
    expect(served.document.querySelectorAll('script')).toHaveLength(2);
    expect(served.config).toEqual(hostile);
    expect(scriptSafeJson({ a: '</script>&\u2028' })).not.toMatch(/[<>&\u2028]/);
  });
});

describe('preloads of the route remote', () => {
  it("on the chat's paths: its manifest (fetch, CORS), entry and first chunks (scripts), first CSS", () => {
    for (const pathname of ['/auth/conversations', '/auth/conversations/abc/group']) {
      expect(page(pathname).preloads, pathname).toEqual([
        { href: '/remotes/chat/mf-manifest.json', as: 'fetch', crossorigin: 'anonymous' },
        { href: '/remotes/chat/static/js/remote_chat.9809430bd9.js', as: 'script', crossorigin: null },
        { href: '/remotes/chat/static/js/async/gm.e1ea494fcd.js', as: 'script', crossorigin: null },
        { href: '/remotes/chat/static/js/async/__federation_expose_App.641dd9643c.js', as: 'script', crossorigin: null },
        { href: '/remotes/chat/static/css/async/p.67ef9d5a74.css', as: 'style', crossorigin: null },
      ]);
    }
  });

  it('none on the sign-in page and the other public pages: they need no remote', () => {
    for (const pathname of ['/', '/register', '/forgot-password', '/auth', '/auth/conversationsX']) {
      expect(page(pathname).preloads, pathname).toEqual([]);
    }
  });

  it('only the manifest of a remote whose build this server does not have', () => {
    expect(page('/auth/settings').preloads).toEqual([
      { href: '/remotes/settings/mf-manifest.json', as: 'fetch', crossorigin: 'anonymous' },
    ]);
  });

  it('none for the areas of one role (team, ROOT): whoever asks, a member is never sent their code', () => {
    for (const pathname of ['/auth/team', '/root/workspaces']) expect(page(pathname).preloads, pathname).toEqual([]);
  });

  it('a remote served from elsewhere (REMOTE_CHAT_URL): its own manifest, none of the local build', () => {
    const elsewhere = 'https://cdn.example.com/chat/mf-manifest.json?v=2&x="y"';
    const served = page('/auth/conversations', configWith({ ...LOCAL, chat: elsewhere }));
    expect((served.config as AppConfig).remotes.chat).toBe(elsewhere);
    expect(served.preloads).toEqual([{ href: elsewhere, as: 'fetch', crossorigin: 'anonymous' }]);
  });
});

describe("the shell's static sign-in page on '/'", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'chat-index-prerender-'));
  const index = path.join(root, 'shell', 'dist', 'index.html');
  const prerenderFile = path.join(root, 'shell', 'dist-prerender', 'sign-in.json');
  const STATIC_PAGE = {
    css: '.page-x{min-height:100vh}',
    html: '<main inert="" data-prerendered="true" class="page-x"><h1>Entrar na sua conta</h1></main>',
  };
  beforeAll(() => {
    mkdirSync(path.dirname(index), { recursive: true });
    writeFileSync(index, TEMPLATE);
    mkdirSync(path.dirname(prerenderFile), { recursive: true });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const served = (pathname: string, config: AppConfig = configWith()) =>
    new DOMParser().parseFromString(buildIndexPages(index, config, root)(pathname).html.toString(), 'text/html');

  it("is in #root on '/' only, its CSS and the stored-session rule in the head, after the inline session gate", () => {
    writeFileSync(prerenderFile, JSON.stringify(STATIC_PAGE));
    const document = served('/');
    expect(document.getElementById('root')?.innerHTML).toBe(STATIC_PAGE.html);
    expect(document.querySelectorAll('main')).toHaveLength(1);
    const gate = document.head.querySelector('script:not([src]):not([type])');
    expect(gate?.textContent).toBe(SESSION_GATE_SCRIPT);
    const style = document.head.querySelector('style');
    expect(style?.textContent).toBe(`${STATIC_PAGE.css}html[data-stored-session] [data-prerendered]{display:none}`);
    expect(gate?.compareDocumentPosition(style!)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(document.querySelector('script[defer]')?.getAttribute('src')).toBe('/static/js/index.1234abcd.js');
    for (const pathname of ['/register', '/forgot-password', '/auth/conversations', '/index.html']) {
      expect(served(pathname).getElementById('root')?.innerHTML, pathname).toBe('');
      // No session gate: the chat's page has only the script of its first calls.
      const inline = [...served(pathname).querySelectorAll('script:not([src]):not([type])')].map((script) => script.textContent);
      expect(inline, pathname).toEqual(pathname === '/auth/conversations' ? [FIRST_CALLS_SCRIPTS.chat!.text] : []);
    }
  });

  it('is left out with PRODUCTION_ORIGIN set: the page there hides links the static copy shows', () => {
    writeFileSync(prerenderFile, JSON.stringify(STATIC_PAGE));
    const document = served('/', configWith(LOCAL, 'https://papo.example'));
    expect(document.getElementById('root')?.innerHTML).toBe('');
    expect(document.querySelector('style')).toBeNull();
  });

  it('is left out when its CSS could end the <style> element', () => {
    writeFileSync(prerenderFile, JSON.stringify({ ...STATIC_PAGE, css: 'a{}</style><script>alert(1)</script>' }));
    expect(served('/').getElementById('root')?.innerHTML).toBe('');
    expect(served('/').querySelectorAll('script:not([type])')).toHaveLength(1);
  });
});

describe("preloads of the shell's own chunks on the /auth area (shell/dist/route-preloads.json)", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'chat-index-area-'));
  const index = path.join(root, 'shell', 'dist', 'index.html');
  const routePreloadsFile = path.join(root, 'shell', 'dist', 'route-preloads.json');
  const AREA = [
    '/static/js/async/area-auth.3e9c707f02.js',
    '/static/js/async/0.5e3b21f4e1.js',
    '/static/css/async/area-auth.7aeddfc54e.css',
  ];
  beforeAll(() => {
    mkdirSync(path.dirname(index), { recursive: true });
    writeFileSync(index, TEMPLATE);
    mkdirSync(path.join(root, 'remote-chat', 'dist'), { recursive: true });
    writeFileSync(path.join(root, 'remote-chat', 'dist', 'mf-manifest.json'), JSON.stringify(CHAT_MANIFEST));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const links = (pathname: string) => {
    const html = buildIndexPages(index, configWith(), root)(pathname).html.toString();
    return [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('link[rel=preload]')].map((link) => ({
      href: link.getAttribute('href'),
      as: link.getAttribute('as'),
      crossorigin: link.getAttribute('crossorigin'),
      fetchpriority: link.getAttribute('fetchpriority'),
    }));
  };
  const areaLinks = AREA.map((href) =>
    href.endsWith('.css')
      ? { href, as: 'style', crossorigin: null, fetchpriority: null }
      : { href, as: 'script', crossorigin: null, fetchpriority: 'high' },
  );
  const areaLinksIn = (pathname: string) => links(pathname).filter((link) => AREA.includes(link.href ?? ''));

  it("on every /auth page: each listed file, in the list's order, before the remote's: a script as a high-priority script preload (no crossorigin: the runtime's own script tags have none), a chunk's CSS as a style preload", () => {
    writeFileSync(routePreloadsFile, JSON.stringify({ '/auth': AREA, '/root': ['/static/js/async/area-root.1.js'] }));
    const chat = links('/auth/conversations');
    expect(chat.slice(0, AREA.length)).toEqual(areaLinks);
    expect(chat.slice(AREA.length).map((link) => link.href)).toContain('/remotes/chat/mf-manifest.json');
    for (const pathname of ['/auth', '/auth/team', '/auth/settings']) expect(areaLinksIn(pathname), pathname).toEqual(areaLinks);
  });

  it('none outside /auth: the sign-in and public pages, the ROOT area', () => {
    writeFileSync(routePreloadsFile, JSON.stringify({ '/auth': AREA, '/root': ['/static/js/async/area-root.1.js'] }));
    for (const pathname of ['/', '/register', '/reset-password', '/root/workspaces', '/authx'])
      expect(links(pathname), pathname).toEqual([]);
  });

  it('none when the build wrote no list (dev, an older build): the page is the one without it', () => {
    rmSync(routePreloadsFile, { force: true });
    expect(areaLinksIn('/auth/conversations')).toEqual([]);
    expect(links('/auth/conversations')).toHaveLength(5);
    expect(links('/auth')).toEqual([]);
  });

  it("writes a chunk's stylesheet into the page under its path (the runtime then asks for nothing), unless its text depends on its URL or could end the element", () => {
    writeFileSync(routePreloadsFile, JSON.stringify({ '/auth': AREA }));
    const cssFile = path.join(root, 'shell', 'dist', AREA[2]!);
    mkdirSync(path.dirname(cssFile), { recursive: true });
    const styles = (pathname: string) =>
      [
        ...new DOMParser()
          .parseFromString(buildIndexPages(index, configWith(), root)(pathname).html.toString(), 'text/html')
          .querySelectorAll('style'),
      ].map((style) => [style.getAttribute('data-href'), style.textContent]);
    try {
      writeFileSync(cssFile, '.layout-a1{display:grid}');
      for (const pathname of ['/auth/conversations', '/auth/team']) {
        expect(styles(pathname), pathname).toEqual([[AREA[2], '.layout-a1{display:grid}']]);
        expect(
          areaLinksIn(pathname).map((link) => link.href),
          pathname,
        ).toEqual(AREA.slice(0, 2));
      }
      for (const css of ['.a{background:url(x.png)}', '@import "b.css";', '.a{}</style><script>alert(1)</script>']) {
        writeFileSync(cssFile, css);
        expect(styles('/auth/conversations'), css).toEqual([]);
        expect(areaLinksIn('/auth/conversations'), css).toEqual(areaLinks);
      }
    } finally {
      rmSync(cssFile);
    }
  });

  it('only same-origin paths from the list; anything else in it is ignored', () => {
    writeFileSync(routePreloadsFile, JSON.stringify({ '/auth': [...AREA, '//evil.example/x.js', 'https://evil.example/y.js', 42] }));
    expect(links('/auth')).toEqual(areaLinks);
  });
});
